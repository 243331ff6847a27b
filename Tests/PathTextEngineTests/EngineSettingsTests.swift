import Foundation
import Testing
import PathText
@testable import PathTextEngine
@testable import PathTextC

/// An ``Engine`` made from its settings (``RequestSettings``): the JSON that `pt_engine_new_json` and
/// Python's `Engine(**settings)` pass, each setting's effect, and the errors' keys.
@Suite struct EngineSettingsTests {
    static let label = #"{"text":"Hi","path":"M 20 200 C 120 40 280 360 380 200"}"#

    @Test func theRequestSettingsAreTheDefaultsOfTheEnginesCalls() throws {
        let plain = try Engine(settingsJSON: #"{"fontsDir":"\#(fontsDir)"}"#)
        let tuned = try Engine(settingsJSON: #"{"fontsDir":"\#(fontsDir)","ink":true,"format":"svg"}"#)
        #expect(!(try plain.layoutJSON(Self.label)).contains("\"ink\""))
        #expect(try tuned.layoutJSON(Self.label).contains("\"ink\""))
        #expect(!(try tuned.layoutJSON(Self.label, inkBoxes: false)).contains("\"ink\""))  // a call's own choice wins
        let scene = #"{"fitCanvas":8,"labels":[\#(Self.label)]}"#
        #expect(try plain.render(scene).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(String(decoding: try tuned.render(scene).prefix(100), as: UTF8.self).contains("<svg "))
    }

    @Test func theTimeLimitStopsACallWithAnErrorAtItsKey() throws {
        let engine = try Engine(settingsJSON: #"{"fontsDir":"\#(fontsDir)","timeLimit":1e-9}"#)
        #expect(throws: EngineError.self) { try engine.layoutJSON(Self.label) }
        do { _ = try engine.layoutJSON(Self.label) } catch {
            #expect(error.key == "timeLimit" && error.message.hasPrefix("timeLimit: "), "\(error)")
        }
    }

    @Test func errorsCarryTheKeyApartFromTheReason() throws {
        let engine = try Engine(fontsDir: fontsDir)
        do { _ = try engine.layoutJSON(#"{"text":"A","path":"M0 0 L9 0","size":-1}"#); Issue.record("accepted") } catch {
            #expect(error.key == "size" && error.reason.hasPrefix("expected") && error.message == "size: " + error.reason)
        }
        do { _ = try engine.render(#"{"width":10,"height":10,"labels":[{"text":"A","path":"M0 0 L9 0"},{"text":"B"}]}"#); Issue.record("accepted") } catch {
            #expect(error.key == "labels[1]", "\(error)")
        }
        do { _ = try Engine(settingsJSON: #"{"ink":"yes"}"#); Issue.record("accepted") } catch {
            #expect(error.key == "ink" && error.message == #"ink: expected true or false, got "yes""#)
        }
    }

    @Test func theCLibraryReadsTheSameSettings() throws {
        var error: UnsafeMutablePointer<CChar>? = nil
        let engine = try #require(pt_engine_new_json_impl(#"{"fontsDir":"\#(fontsDir)","format":"svg"}"#, &error))
        defer { pt_engine_free_impl(engine) }
        var bytes: UnsafeMutablePointer<UInt8>? = nil, length = 0
        // A NULL format is the engine's.
        #expect(pt_render_impl(engine, #"{"fitCanvas":8,"labels":[\#(Self.label)]}"#, nil, &bytes, &length, &error) == 0)
        #expect(String(decoding: UnsafeBufferPointer(start: bytes, count: min(length, 100)), as: UTF8.self).contains("<svg "))
        pt_free_impl(bytes)
        #expect(pt_engine_new_json_impl(#"{"fontDir":"x"}"#, &error) == nil)
        #expect(String(cString: try #require(error)) == "settings_json: fontDir: unknown key (did you mean fontsDir?)")
        pt_free_impl(error)
    }
}
