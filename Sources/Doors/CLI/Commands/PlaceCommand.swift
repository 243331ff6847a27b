import JSON
import Support
import PathText

/// `pathtext place`: place many labels without collisions and draw them over the file's shapes.
enum PlaceCommand {
    static let command = CLI.Command(
        name: "place", summary: "place many labels on paths without collisions (map labels) and draw them",
        usage: """
        usage: pathtext place REQUESTS.json [--out FILE.png] [--json FILE|-] [--fonts-dir DIR] [--allow-overlap]
               pathtext place ROADS.geojson --zoom Z [--bbox W,S,E,N] [--name-property KEY] [--class-property KEY] [--out FILE.png] [--json FILE|-]

        """ + "\n" + [
            LabelFlags.line("REQUESTS.json", "a place file: width, height, background, shapes (drawn under the labels), placement options, labelDefaults, labels (each a label request with priority, group, minDistance, id, class) and obstacles"),
            LabelFlags.line("--out FILE.png", "draw the shapes and the placed labels"),
            LabelFlags.line("--json FILE|-", "write the placed labels (placements JSON with ink boxes), which request each came from, and why each dropped request was dropped"),
            LabelFlags.line("ROADS.geojson", "a GeoJSON FeatureCollection of roads (LineString, MultiLineString; WGS 84): projected to Web Mercator pixels at the zoom, a label per named road ranked by its class, the roads drawn under the labels"),
            LabelFlags.line("--allow-overlap", "place every label at its best position even where it collides (the placer off)"),
            MapFlags<RoadMapOptions>.place.usage,
        ].joined(separator: "\n"),
        run: run)

    static func run(_ words: [String]) throws(CLIError) {
        let settingsFlags = SettingsFlags.engine
        let args = try Arguments(words, command: "place", valued: settingsFlags.valued.union(["out", "json"]).union(MapFlags<RoadMapOptions>.place.valued),
                                 flags: settingsFlags.switches.union(["allow-overlap"]))
        let settings = try settingsFlags.read(args)
        guard let file = args.positional.first else { throw .usage("a place file is required: pathtext place REQUESTS.json --out FILE.png") }
        guard args.positional.count == 1 else { throw .usage("unexpected argument \(args.positional[1])") }
        let out = args.value("out"), json = args.value("json")
        guard out != nil || json != nil else { throw .usage("--out FILE.png or --json FILE|- is required") }
        if let out { guard PathNames.pathExtension(of: out).lowercased() == "png" else { throw .usage("--out must end in .png, got \"\(out)\"") } }
        let resolver = SceneResolver(settings)
        let outputs = [("--out", out), ("--json", json)].compactMap { f, p in p.map { (f, $0) } }
        try Output.checkFiles(outputs: outputs, inputs: [file] + ((try? resolver.embeddedStack()) ?? []).compactMap(\.path))
        let bytes = try InputFiles.readBytes(file, limits: resolver.limits)
        var document: PlaceDocument
        var value: JSONValue
        do throws(JSONError) { value = try JSONValue.parse(bytes) } catch { throw .failure("\(file): \(error.description)") }
        let bare = GeoJSONRoads.isGeoJSON(value)
        if GeoJSONRoads.isGeoJSON(value) || value["geojson"] != nil {
            value = .object(try MapFlags<RoadMapOptions>.place.apply(args, to: value.mapMembers))
        } else if let flag = MapFlags<RoadMapOptions>.place.given(args) {
            throw .usage("\(flag) is for a GeoJSON input; \(file) is a place file in canvas pixels")
        }
        do throws(JSONError) { document = try PlaceDocument.document(value) } catch {
            throw .failure("\(file): \(error.unwrapped(bare: bare).description)")
        }
        if args.has("allow-overlap") { document.options.allowOverlap = true }
        let fonts = Set(document.requests.flatMap(\.label.fontFiles)).sorted().compactMap { (try? resolver.font($0))?.path }
        try Output.checkFiles(outputs: outputs, inputs: [file] + fonts)
        let result: PlacementResult
        do { result = try document.place(resolver: resolver) } catch { throw .failure("\(file): \(error.description)") }
        // Every output is written, or none (as `render` does): the picture and the JSON file are staged and
        // renamed into place together, so `--json /dev/full` leaves an existing picture as it was.
        var files: [(bytes: [UInt8], path: String)] = []
        if let out {
            var canvas: RasterCanvas
            do { canvas = try PlaceDocument.draw(document.scene, result, resolver: resolver) } catch { throw .failure("\(file): \(error.description)") }
            canvas.releaseScratch()
            files.append((try failing { try canvas.pngData() }, out))
        }
        let text = json == nil ? "" : result.json()
        if let json, json != "-" { files.append((Array(text.utf8), json)) }
        try Output.writeAll(files)
        if json == "-" { print(text, terminator: "") }
        let names = Set(result.placed.map(\.text)).count
        printError("placed \(result.placed.count) labels (\(names) names) from \(document.requests.count) requests on \(result.paths) paths; dropped \(result.dropped.count)")
    }
}
