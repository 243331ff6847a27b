import Foundation
import Testing
@testable import Support

/// ``ThreadLocal``: one object per thread, the same on every use within the thread, another on another
/// thread, released when its thread exits.
@Suite struct ThreadLocalTests {
    final class Box: @unchecked Sendable { var uses = 0 }
    static let boxes = ThreadLocal { Box() }

    @Test func oneObjectPerThreadReleasedWhenItExits() throws {
        let mine = Self.boxes.value
        mine.uses += 1
        #expect(Self.boxes.value === mine && Self.boxes.value.uses == 1)
        final class Weak: @unchecked Sendable { weak var box: Box? }
        let theirs = Weak()
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var same = true
        Thread {
            let b = Self.boxes.value
            same = b === mine || b.uses != 0 || Self.boxes.value !== b
            theirs.box = b
            done.signal()
        }.start()
        done.wait()
        #expect(!same)
        // The thread's key destructor runs after its closure returns: wait for it (at most 2 s).
        var waited = 0
        while theirs.box != nil, waited < 200 { usleep(10_000); waited += 1 }
        #expect(theirs.box == nil)
        #expect(Self.boxes.value === mine)
    }
}
