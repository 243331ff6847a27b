import Foundation
import Testing
import Support
@testable import Shaping

/// ``HarfBuzzFont``'s shaping buffers: one per thread (``ThreadBuffer``), reused by the thread's calls,
/// never shared by two calls at once (a re-entered call gets a buffer of its own), not kept when it
/// grew too big, and released when the thread exits; shaping on several threads at once gives the
/// single-threaded glyphs (which HBShapeComparisonTests compares with `hb-shape`).
@Suite struct HarfBuzzFontTests {
    /// The glyphs HarfBuzz gives for `text` in Noto Sans (left to right, Latin).
    static func shape(_ text: String, font: HarfBuzzFont = TestFonts.sans.harfBuzz,
                      inside: (() -> Void)? = nil) -> [HarfBuzzFont.RawGlyph] {
        var utf8 = Array(text.utf8)
        return utf8.withUnsafeMutableBufferPointer { b in
            var out: [HarfBuzzFont.RawGlyph] = []
            font.shape(utf8: UnsafeBufferPointer(b), range: 0..<b.count, rtl: false, script: Script.latin.tag,
                       language: nil, features: []) { n, glyph in
                inside?()
                out = (0..<n).map(glyph)
            }
            return out
        }
    }

    /// The address of the buffer a call on this thread gets.
    static func bufferAddress() -> Int { ThreadBuffer.withBuffer { Int(bitPattern: $0) } }

    @Test func aThreadReusesItsBufferAndANestedCallGetsItsOwn() {
        let first = Self.bufferAddress()
        #expect(Self.bufferAddress() == first)
        // Inside a call the thread's buffer is in use: a nested call must not get it.
        let (outer, inner) = ThreadBuffer.withBuffer { b in (Int(bitPattern: b), Self.bufferAddress()) }
        #expect(outer == first && inner != first)
        #expect(Self.bufferAddress() == first)
    }

    /// Shaping re-entered from a call's `body` (on the same thread, with the outer glyphs still being
    /// read) gives both calls their own glyphs.
    @Test func reenteredShapingGivesBothCallsTheirGlyphs() {
        let outerText = "AVATAR Hello", innerText = "office fjord"
        let outerAlone = Self.shape(outerText), innerAlone = Self.shape(innerText)
        #expect(outerAlone.count == outerText.count && innerAlone.count < innerText.count)  // ffi and fj ligatures
        var inner: [HarfBuzzFont.RawGlyph] = []
        let outer = Self.shape(outerText) { inner = Self.shape(innerText) }
        #expect(outer.map(\.glyph) == outerAlone.map(\.glyph) && outer.map(\.xAdvance) == outerAlone.map(\.xAdvance))
        #expect(inner.map(\.glyph) == innerAlone.map(\.glyph) && inner.map(\.xAdvance) == innerAlone.map(\.xAdvance))
    }

    /// A buffer that held more than ``ThreadBuffer/largestKept`` glyphs is destroyed after its call; the
    /// next call gets a new, empty one that shapes as before.
    @Test func anOversizedBufferIsNotKept() {
        _ = Self.shape("a")
        #expect(ThreadBuffer.current.keepsBuffer)
        let big = Self.shape(String(repeating: "a ", count: ThreadBuffer.largestKept / 2 + 8))
        #expect(big.count > ThreadBuffer.largestKept)
        #expect(!ThreadBuffer.current.keepsBuffer)
        #expect(Self.shape("Hello").map(\.glyph) == TestFonts.sans.harfBuzzGlyphs("Hello"))
        #expect(ThreadBuffer.current.keepsBuffer)
    }

    @Test func eachThreadHasItsOwnBufferReleasedWhenItExits() {
        let mine = Self.bufferAddress()
        final class Seen: @unchecked Sendable { weak var thread: ThreadBuffer?; var address = 0; var glyphs: [UInt32] = [] }
        let seen = Seen()
        let done = DispatchSemaphore(value: 0)
        Thread {
            seen.address = Self.bufferAddress()
            seen.glyphs = Self.shape("Hello").map(\.glyph)
            seen.thread = ThreadBuffer.current
            done.signal()
        }.start()
        done.wait()
        #expect(seen.address != mine && seen.address != 0)
        #expect(seen.glyphs == TestFonts.sans.harfBuzzGlyphs("Hello"))
        // The thread's key destructor runs after its closure returns: wait for it (at most 2 s).
        var waited = 0
        while seen.thread != nil, waited < 200 { usleep(10_000); waited += 1 }
        #expect(seen.thread == nil)
        #expect(Self.bufferAddress() == mine)
    }

    /// Four threads shape different texts at once, many times, each with its thread's buffer; every
    /// answer equals the single-threaded one.
    @Test func threadsShapingAtOnceGetTheSingleThreadedGlyphs() {
        let texts = ["Hello world", "AVATAR Waffles", "office fjord", "The quick brown fox jumps"]
        let expected = texts.map { Self.shape($0).map { [$0.glyph, UInt32(bitPattern: $0.xAdvance), $0.cluster] } }
        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            var bad = 0
            for k in 0..<400 {
                let i = (t + k) % texts.count
                if Self.shape(texts[i]).map({ [$0.glyph, UInt32(bitPattern: $0.xAdvance), $0.cluster] }) != expected[i] { bad += 1 }
            }
            mismatches.withLock { $0 += bad }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}

extension Typeface {
    /// The nominal glyphs of `text`'s scalars (for texts without ligatures or other substitutions).
    func harfBuzzGlyphs(_ text: String) -> [UInt32] { text.unicodeScalars.map { harfBuzz.glyph(for: $0)! } }
}
