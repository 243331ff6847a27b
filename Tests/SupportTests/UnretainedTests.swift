import Testing
@testable import Support

/// ``UnsafeBufferPointer/withUnretained(_:_:)``: lends the element itself, at +0, and passes errors on.
@Suite struct UnretainedTests {
    final class Counted { let n: Int; init(_ n: Int) { self.n = n } }
    struct Refused: Error, Equatable { let n: Int }

    @Test func lendsTheElementWithoutRetainingIt() {
        let objects = [Counted(1), Counted(2), Counted(3)]
        objects.withUnsafeBufferPointer { buffer in
            for i in buffer.indices {
                let before = _getRetainCount(objects[i])
                buffer.withUnretained(i) { object in
                    #expect(object === objects[i] && object.n == i + 1)
                    // Lent at +0: the count the array's reference gives it (and this test's), no more.
                    #expect(_getRetainCount(object) <= before)
                }
            }
        }
    }

    @Test func passesTheBodysErrorOn() {
        let objects = [Counted(7)]
        objects.withUnsafeBufferPointer { buffer in
            #expect(throws: Refused(n: 7)) { try buffer.withUnretained(0) { (o: Counted) throws(Refused) in throw Refused(n: o.n) } }
        }
    }
}
