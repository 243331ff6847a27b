import Testing
import JSON
import Requests
@testable import Placer

/// The tiles job's keys: zooms, tile size, metatile.
@Suite struct TileOptionsTests {
    func read(_ text: String) throws -> TileOptions {
        var o = TileOptions()
        try OptionCatalog.read(try JSONValue.parse(text), into: &o, entries: TileOptions.catalog, at: "")
        return o
    }

    @Test func zoomsAreOneOrARange() throws {
        #expect(try read(#"{"zooms": "13-17"}"#).zooms == 13...17)
        #expect(try read(#"{"zooms": "5"}"#).zooms == 5...5)
        #expect(try read(#"{"tileSize": 512, "metatile": 8}"#).tileSize == 512)
        for (text, message) in [(#"{"zooms": "17-13"}"#, "zooms: expected a zoom from 0 to 20, or a range Z1-Z2 of them, got \"17-13\""),
                                (#"{"zooms": "0-21"}"#, "zooms: expected a zoom from 0 to 20, or a range Z1-Z2 of them, got \"0-21\""),
                                (#"{"tileSize": 300}"#, "tileSize: expected 256 or 512, got 300")] {
            do { _ = try read(text); Issue.record("no error for \(text)") } catch let e as JSONError { #expect(e.description == message) }
        }
    }
}
