import JSON
import Support
import PathText

/// `pathtext tiles`: XYZ tiles of a GeoJSON road map, `DIR/z/x/y.png` and `DIR/z/x/y.json`, seamless at
/// every tile and metatile edge (one placement per zoom: ``TileJob``).
enum TilesCommand {
    static let command = CLI.Command(
        name: "tiles", summary: "write XYZ map tiles (PNG and placements JSON) of GeoJSON roads, labels seamless across tiles",
        usage: """
        usage: pathtext tiles INPUT --out DIR [--zooms Z1-Z2] [--tile-size 256|512] [--metatile N] [--bbox W,S,E,N]
                              [--name-property KEY] [--class-property KEY] [--fonts-dir DIR]

        """ + "\n" + [
            LabelFlags.line("INPUT", "a GeoJSON FeatureCollection of roads (LineString, MultiLineString; WGS 84), or a tiles job: {\"geojson\": {…}, \"zooms\": \"13-17\", …, \"labelDefaults\": {…}, \"placement\": {…}}"),
            LabelFlags.line("--out DIR", "where DIR/z/x/y.png and DIR/z/x/y.json go (each file written whole or not at all)"),
            MapFlags<TileOptions>.tiles.usage,
            MapFlags<RoadMapOptions>.tiles.usage,
        ].joined(separator: "\n"),
        run: run)

    static func run(_ words: [String]) throws(CLIError) {
        let settingsFlags = SettingsFlags.engine
        let tileFlags = MapFlags<TileOptions>.tiles, mapFlags = MapFlags<RoadMapOptions>.tiles
        let args = try Arguments(words, command: "tiles", valued: settingsFlags.valued.union(["out"]).union(tileFlags.valued).union(mapFlags.valued),
                                 flags: settingsFlags.switches)
        let settings = try settingsFlags.read(args)
        guard let file = args.positional.first else { throw .usage("an input is required: pathtext tiles roads.geojson --zooms 13-17 --out DIR") }
        guard args.positional.count == 1 else { throw .usage("unexpected argument \(args.positional[1])") }
        guard let out = args.value("out"), !out.isEmpty else { throw .usage("--out DIR is required") }
        let resolver = SceneResolver(settings)
        let bytes = try InputFiles.readBytes(file, limits: resolver.limits)
        let value: JSONValue
        do throws(JSONError) { value = try JSONValue.parse(bytes) } catch { throw .failure("\(file): \(error.description)") }
        guard !value.mapMembers.isEmpty else { throw .failure("\(file): expected a GeoJSON FeatureCollection or a tiles job, got \(value.shownInMessage)") }
        let members = try tileFlags.apply(args, to: try mapFlags.apply(args, to: value.mapMembers))
        let job: TileJob
        do throws(JSONError) {
            job = try TileJob.job(.object(members))
            try job.check()
        } catch { throw .failure("\(file): \(error.unwrapped(bare: GeoJSONRoads.isGeoJSON(value)).description)") }
        var count = 0, labels = 0
        try settings.withTimeLimit { () throws(CLIError) in
            do throws(SceneError) {
                for zoom in job.tiles.zooms {
                    let zone = try job.place(zoom: zoom, resolver: resolver)
                    labels += zone.result.placed.count
                    for metatile in job.metatiles(zoom: zoom) { count += try job.write(metatile: metatile, zone, to: out, resolver: resolver).count }
                }
            } catch { throw .failure("\(file): \(error.description)") }
        }
        printError("wrote \(count) tiles of zooms \(job.tiles.zooms.lowerBound)-\(job.tiles.zooms.upperBound) to \(out) (\(labels) labels placed)")
    }
}
