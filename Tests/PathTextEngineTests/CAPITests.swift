import CPathText
import Foundation
import Testing
@testable import PathTextEngine
@testable import PathTextC
import Requests

/// The C door's failures carry the error's key (`pt_error_key`), per thread, beside the message.
@Suite(.serialized) struct CAPITests {
    /// The status, message and `pt_error_key` of `call` on a fresh engine.
    func keyOfFailure(_ call: (OpaquePointer, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32) throws -> (Int32, String, String) {
        let engine = try #require(pt_engine_new_json(#"{"fontsDir":"\#(fontsDir)","systemFonts":false}"#, nil))
        defer { pt_engine_free(engine) }
        var error: UnsafeMutablePointer<CChar>? = nil
        let status = call(engine, &error)
        defer { pt_free(error) }
        return (status, error.map { String(cString: $0) } ?? "", String(cString: pt_error_key()))
    }

    @Test func eachFailureNamesItsKey() throws {
        var out: UnsafeMutablePointer<CChar>? = nil
        let size = try keyOfFailure { pt_layout_json($0, #"{"text":"Hi","path":"M 0 0 L 100 0","size":-3}"#, &out, $1) }
        #expect(size.0 == PT_EREQUEST && size.2 == "size" && size.1.hasPrefix("size: "), "\(size)")
        var bytes: UnsafeMutablePointer<UInt8>? = nil, length = 0
        let scene = try keyOfFailure {
            pt_render($0, #"{"width":100,"height":50,"labels":[{"text":"A","path":"M 0 0 L 9 0"},{"text":"B","path":"M 0 0 L 9 0","align":"sideways"}]}"#,
                      "png", &bytes, &length, $1)
        }
        #expect(scene.0 != PT_OK && scene.2 == "labels[1].align" && scene.1.hasPrefix("labels[1].align: "), "\(scene)")
        // Bad JSON is at the key whose value it was reading; a request that is not an object is at no key.
        let json = try keyOfFailure { pt_layout_json($0, #"{"text":"#, &out, $1) }
        #expect(json.0 != PT_OK && json.2 == "text", "\(json)")
        let whole = try keyOfFailure { pt_layout_json($0, "[]", &out, $1) }
        #expect(whole.0 != PT_OK && whole.2 == "", "\(whole)")
        // A typed option: the key as set.
        let o = try #require(pt_options_new())
        defer { pt_options_free(o) }
        var error: UnsafeMutablePointer<CChar>? = nil
        #expect(pt_options_set(o, "letterSpacing", "wide", &error) != PT_OK)
        pt_free(error)
        #expect(String(cString: pt_error_key()) == "letterSpacing")
        // A setting.
        #expect(pt_engine_new_json(#"{"timeLimit":-1}"#, &error) == nil)
        pt_free(error)
        #expect(String(cString: pt_error_key()) == "timeLimit")
    }

    @Test func aThreadsKeyIsItsOwn() throws {
        _ = try keyOfFailure { pt_layout_json($0, #"{"text":"Hi","path":"M 0 0 L 100 0","size":-3}"#, nil, $1) }
        // nil output pointer: the NULL check fails first, with no key.
        #expect(String(cString: pt_error_key()) == "")
        _ = try keyOfFailure { e, err in var o: UnsafeMutablePointer<CChar>? = nil; return pt_layout_json(e, #"{"text":"Hi","path":"M 0 0 L 100 0","size":-3}"#, &o, err) }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var other = ""
        Thread.detachNewThread {
            var error: UnsafeMutablePointer<CChar>? = nil
            if let o = pt_options_new() { _ = pt_options_set(o, "align", "sideways", &error); pt_options_free(o) }
            pt_free(error)
            other = String(cString: pt_error_key())
            done.signal()
        }
        done.wait()
        #expect(other == "align")
        #expect(String(cString: pt_error_key()) == "size")
    }

    @Test func aLongKeyIsCutOnACharacterBoundary() {
        pt_internal_set_error_key(String(repeating: "a", count: 254) + "é")
        let key = String(cString: pt_error_key())
        #expect(key == String(repeating: "a", count: 254))
        pt_internal_set_error_key("size")
        #expect(String(cString: pt_error_key()) == "size")
    }

    /// Issue #38, "numbers everywhere", through the C door: every numeric label key (`pt_options_set`, as the
    /// flag's text) with every extreme spelling is an error whose key is that key, or a layout with finite
    /// glyphs.
    @Test func everyNumericKeyWithEveryExtremeThroughPtOptions() throws {
        let extremes = ["1e308", "-1e308", "1e-320", "-0", "9007199254740993", "123456789012345678901234567890",
                        "1e400", "0x10", "NaN", "Infinity"]
        let engine = try #require(pt_engine_new_json(#"{"fontsDir":"\#(fontsDir)","systemFonts":false}"#, nil))
        defer { pt_engine_free(engine) }
        var tried = 0
        for entry in SceneLabel.catalog {
            guard case .number? = entry.sample else { continue }
            for v in extremes {
                let o = try #require(pt_options_new())
                defer { pt_options_free(o) }
                var error: UnsafeMutablePointer<CChar>? = nil
                var glyphs: UnsafeMutablePointer<pt_glyph>? = nil, count = 0
                var status = pt_options_set(o, entry.key, v, &error)
                if status == PT_OK { status = pt_layout(engine, "A", "M 0 50 L 100 50", o, nil, &glyphs, &count, &error) }
                tried += 1
                if status == PT_OK {
                    for g in UnsafeBufferPointer(start: glyphs, count: count) {
                        #expect(g.x.isFinite && g.y.isFinite && g.angle.isFinite && g.advance.isFinite, "\(entry.key) \(v)")
                    }
                } else {
                    #expect(error != nil, "\(entry.key) \(v): no message")
                    #expect(String(cString: pt_error_key()) == entry.key, "\(entry.key) \(v): key \(String(cString: pt_error_key()))")
                }
                if ["0x10", "NaN", "Infinity", "1e400", "1e-320"].contains(v) { #expect(status != PT_OK, "\(entry.key) \(v) accepted") }
                pt_free(glyphs); pt_free(error)
            }
        }
        #expect(tried >= 100)
    }
}
