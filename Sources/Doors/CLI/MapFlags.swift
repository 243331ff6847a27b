import JSON
import PathText

/// The flags of a GeoJSON map (``RoadMapOptions/catalog``: `--zoom`, `--bbox`, `--name-property`,
/// `--class-property`) and of a tiles job (``TileOptions/catalog``: `--zooms`, `--tile-size`,
/// `--metatile`), each declared once in its catalog: `place` and `tiles` take them as JSON keys laid
/// over the input's own (a flag wins over the file's key).
struct MapFlags<Model: Sendable>: Sendable {
    /// The entries taken as flags.
    let entries: [OptionEntry<Model>]
    /// A model at its defaults (to read a flag's value into).
    let defaults: Model

    /// The flags that take a value.
    var valued: Set<String> { Set(entries.compactMap(\.flag)) }

    /// Help lines, in catalog order.
    var usage: String {
        entries.map { e in
            LabelFlags.line("--\(e.flag!) \(e.placeholder)", e.help + (e.defaultText.map { " (default \($0))" } ?? ""))
        }.joined(separator: "\n")
    }

    /// `members` with every given flag's key set to its value (a flag at the catalog's default removes the key).
    /// - Throws: ``CLIError/usage(_:)`` naming the flag and what it expects.
    func apply(_ args: Arguments, to members: [JSONMember]) throws(CLIError) -> [JSONMember] {
        var out = members
        for e in entries {
            let words = args.all(e.flag!)
            guard !words.isEmpty else { continue }
            var model = defaults
            do throws(OptionValueError) { try e.read(arguments: words, into: &model) } catch { throw .usage("--\(e.flag!): \(error.message)") }
            out.removeAll { $0.key == e.key }
            if let value = e.json(of: model) { out.append(JSONMember(e.key, value)) }
        }
        return out
    }

    /// Whether any of the flags is given.
    func given(_ args: Arguments) -> String? { entries.first { !args.all($0.flag!).isEmpty }.map { "--" + $0.flag! } }
}

extension MapFlags where Model == RoadMapOptions {
    /// `place`'s map flags: every key of ``RoadMapOptions/catalog``.
    static let place = MapFlags(entries: RoadMapOptions.catalog, defaults: RoadMapOptions())
    /// `tiles`' map flags: all but `zoom` (the zooms are `--zooms`).
    static let tiles = MapFlags(entries: RoadMapOptions.catalog.filter { $0.key != "zoom" }, defaults: RoadMapOptions())
}

extension MapFlags where Model == TileOptions {
    /// `tiles`' own flags.
    static let tiles = MapFlags(entries: TileOptions.catalog, defaults: TileOptions())
}

extension JSONValue {
    /// A GeoJSON value as the `geojson` member of an object; a place file or tiles job as its members.
    var mapMembers: [JSONMember] {
        if GeoJSONRoads.isGeoJSON(self) { return [JSONMember("geojson", self)] }
        if case .object(let members) = self { return members }
        return []
    }
}

extension JSONError {
    /// The error as the user's file has it: for a bare GeoJSON file (wrapped as `geojson` by
    /// ``JSONValue/mapMembers``), its path without the `geojson.` in front (`features[3]…`).
    func unwrapped(bare: Bool) -> JSONError {
        guard bare, path == "geojson" || path.hasPrefix("geojson.") else { return self }
        return JSONError(String(path.dropFirst(path == "geojson" ? 7 : 8)), message)
    }
}
