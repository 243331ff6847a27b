import Testing
@testable import Support

@Suite struct DeadlineTests {
    /// A deadline in the future has not passed and has about its seconds left; one of 0 s has passed.
    @Test func passesWhenItsBudgetRunsOut() {
        let later = Deadline(seconds: 60)
        #expect(!later.hasPassed)
        #expect(later.secondsLeft > 59 && later.secondsLeft <= 60)
        let now = Deadline(seconds: 0)
        #expect(now.hasPassed && now.secondsLeft == 0)
        // Negative, infinite and NaN budgets: none is a crash; negative is 0 s, the others 10⁹ s.
        #expect(Deadline(seconds: -5).hasPassed)
        #expect(Deadline(seconds: .infinity).secondsLeft > 1e8)
        #expect(Deadline(seconds: .nan).secondsLeft > 1e8)
    }

    /// `withDeadline` sets the current deadline for its body only; `passed` is it once it has run out.
    @Test func theCurrentDeadlineIsScopedToItsBody() {
        #expect(Deadline.current == nil && Deadline.passed == nil)
        let inner = withDeadline(Deadline(seconds: 30)) { (Deadline.current?.seconds, Deadline.passed) }
        #expect(inner.0 == 30 && inner.1 == nil)
        #expect(withDeadline(Deadline(seconds: 0)) { Deadline.passed?.seconds } == 0)
        #expect(withDeadline(nil) { Deadline.current } == nil)
        #expect(Deadline.current == nil)
    }

    /// Errors thrown by the body come out typed.
    @Test func errorsPassThrough() {
        struct Stop: Error, Equatable {}
        #expect(throws: Stop.self) { try withDeadline(Deadline(seconds: 1)) { () throws(Stop) -> Int in throw Stop() } }
    }

    /// The message names the budget as given: whole seconds without a decimal point.
    @Test func theMessageNamesTheBudget() {
        #expect(Deadline(seconds: 2).message.hasPrefix("the request took longer than its time limit of 2 s:"))
        #expect(Deadline(seconds: 0.25).message.contains("time limit of 0.25 s"))
    }
}
