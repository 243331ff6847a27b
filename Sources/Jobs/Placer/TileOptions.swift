import JSON
import Geometry
import Requests

/// Which tiles a tiles job writes: the zooms, the tile size and how many tiles one metatile job holds.
public struct TileOptions: Hashable, Sendable {
    /// The zooms written, lowest to highest.
    public var zooms: ClosedRange<Int> = 16...16
    /// The side of a tile, pixels: 256, or 512 (the world is `tileSize · 2^z` pixels at zoom `z`).
    public var tileSize: Int = 256
    /// The side of a metatile, in tiles: the unit of work of one job (one Dask task renders whole metatiles).
    public var metatile: Int = 4

    /// The default options.
    public init() {}

    /// The keys of a tiles job (beside ``RoadMapOptions/catalog``'s, but for `zoom`), and `tiles`' flags.
    public static let catalog: [OptionEntry<TileOptions>] = [
        .value("zooms", \.zooms, .zoomRange, default: 16...16, help: "the zooms to write tiles for: Z, or Z1-Z2"),
        .value("tileSize", \.tileSize, .tileSize, default: 256,
               help: "the side of a tile in pixels (the world is tile-size · 2^z pixels at zoom z)"),
        .value("metatile", \.metatile, .whole("N", 1...64), default: 4,
               help: "the side of a metatile in tiles: the unit of work of one job or Dask task (the output does not depend on it)"),
    ]
}

extension OptionSyntax where Value == Int {
    /// A tile size: 256 or 512 (a JSON number, or the word).
    static var tileSize: OptionSyntax {
        let expected = "256 or 512"
        func size(_ v: Double?) throws(OptionValueError) -> Int {
            guard let v, v == 256 || v == 512 else { throw OptionValueError(expected: expected, got: v.map(MessageText.number) ?? "nothing") }
            return Int(v)
        }
        return OptionSyntax(placeholder: "256|512", expected: expected, fromJSON: { j throws(OptionValueError) in
            guard case .number(let v) = j else { throw OptionValueError(expected: expected, got: j.shownInMessage) }
            return try size(v)
        }, fromText: { t throws(OptionValueError) in
            guard let v = Double(t) else { throw OptionValueError(expected: expected, got: MessageText.quoted(t)) }
            return try size(v)
        }, toJSON: { .number(Double($0)) }).with(schema: JSONSchemaText.object(["enum": .array([.number(256), .number(512)])]))
    }
}

extension OptionSyntax where Value == ClosedRange<Int> {
    /// A range of zooms: `16`, or `13-17`.
    static var zoomRange: OptionSyntax {
        let top = WebMercator.maximumZoom
        return text("Z[-Z]", expected: "a zoom from 0 to \(top), or a range Z1-Z2 of them", parse: { t in
            let parts = t.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 1 || parts.count == 2, let a = Int(parts[0]), let b = Int(parts.last!), 0 <= a, a <= b, b <= top else { return nil }
            return a...b
        }, write: { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" })
    }
}
