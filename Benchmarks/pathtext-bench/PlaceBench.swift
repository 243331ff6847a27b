#if canImport(Glibc)
import JSON
import Glibc
#endif
import Foundation
import Geometry
import Shaping
import Layout
import Render
import Requests
import Placer

/// `place/helsinki`: the placer against Mapnik 3.1 on the Helsinki roads fixture, in the same run.
///
/// Mapnik runs in `scripts/mapnik-place.py` (python3-mapnik, pinned to one core with `taskset -c 0`),
/// which reports each placed label's glyphs (from a Cairo script render) and the CPU time of AGG renders
/// of the map with and without its labels. Both engines' glyphs then go through one checker
/// (``OverlapCheck``): labels, names, overlapping glyph pairs, the worst turn between neighbouring
/// clusters, glyphs upside down. Times are CPU times of one thread, medians after a warm-up.
enum PlaceBench {
    static func run(_ config: BenchConfig, fontsDir: String, root: String) -> [Row] {
        guard let file = SmokeCheck.helsinkiFile(config, root: root) else { return [] }  // in a smoke run, a few ways
        var rows = run(config, file: file, prefix: "place/helsinki", fontsDir: fontsDir, root: root, full: true)
        // The same ways at zooms 15 and 17: the names, overlaps and upside-down glyphs of both engines
        // (a smoke run, on its few ways at zoom 16, leaves these out).
        if !config.smoke {
            for zoom in [15, 17] {
                rows += run(config, file: root + "/fixtures/osm/helsinki-roads-z\(zoom).json", prefix: "place/helsinki-z\(zoom)",
                            fontsDir: fontsDir, root: root, full: false)
            }
        }
        return rows
    }

    /// The rows of one place file under `prefix`: all of them when `full`, else the counts and the labelling time.
    static func run(_ config: BenchConfig, file: String, prefix: String, fontsDir: String, root: String, full: Bool) -> [Row] {
        guard let bytes = FileManager.default.contents(atPath: file) else { progress("place: cannot read \(file)"); return [] }
        let document = try! PlaceDocument.decode(Array(bytes))
        let resolver = SceneResolver(fontsDir: fontsDir)
        let runs = config.runs

        // Ours: placing alone, and placing + drawing the roads and the labels.
        var result = try! document.place(resolver: resolver)
        blackHole(try! PlaceDocument.draw(document.scene, result, resolver: resolver))
        var placeNs: [Double] = [], totalNs: [Double] = [], roadsNs: [Double] = []
        let roadsOnly = PlacementResult(placed: [], dropped: [], paths: 0, candidates: 0, boxTests: 0)
        for _ in 0..<runs {
            let t0 = threadCPUNs()
            result = try! document.place(resolver: resolver)
            let t1 = threadCPUNs()
            blackHole(try! PlaceDocument.draw(document.scene, result, resolver: resolver))
            let t2 = threadCPUNs()
            blackHole(try! PlaceDocument.draw(document.scene, roadsOnly, resolver: resolver))
            let t3 = threadCPUNs()
            placeNs.append(Double(t1 - t0)); totalNs.append(Double(t2 - t0)); roadsNs.append(Double(t3 - t2))
        }
        let halo = document.requests.first?.label.options.haloWidth ?? 0
        let minDistance = document.requests.first?.minDistance ?? 0
        let ours = OverlapCheck.check(result.placed.map { CheckLabel(text: $0.text, $0.label) }, halo: halo, minDistance: minDistance)

        // Mapnik, in its own process on one core.
        guard let mapnik = runMapnik(file: file, runs: runs, root: root) else { return [] }
        let font = try! resolver.font(document.requests.first?.label.fontFiles.first ?? "NotoSans-Regular.ttf")
        let size = document.requests.first?.label.style.size ?? 13
        var shaped: [(text: String, glyphs: [UInt32])] = []
        for text in Set(document.requests.map(\.text)).sorted() {
            let line = Shaper.shape(AttributedText(text, attributes: TextAttributes(fonts: [font], size: size)))
            shaped.append((text, line.glyphs.map(\.glyph)))
        }
        var reports: [String: CheckReport] = [:]
        var unnamed: [String: Int] = [:]
        var mapnikNames: [String: Set<String>] = [:]
        for (name, variant) in mapnik.variants {
            let labels = variant.labels.map { glyphs in
                var l = CheckLabel(text: nil, glyphs: glyphs.enumerated().map { i, g in
                    CheckGlyph(font: font, glyph: g.glyph, cluster: i, size: g.size, origin: g.origin, angle: .degrees(g.angle))
                })
                l.text = OverlapCheck.name(of: l, among: shaped)
                return l
            }
            unnamed[name] = labels.filter { $0.text == nil }.count
            mapnikNames[name] = Set(labels.compactMap(\.text))
            reports[name] = OverlapCheck.check(labels, halo: halo, minDistance: minDistance)
        }
        guard let joined = reports["joined"], let raw = reports["raw"], let mj = mapnik.variants["joined"],
              let mr = mapnik.variants["raw"] else { return [] }
        let mapnikName = "Mapnik \(mapnik.version) joined ways"
        progress("\(prefix): ours: \(ours)")
        progress("\(prefix): Mapnik raw ways (\(mr.features) features): \(raw)" + (unnamed["raw"]! > 0 ? "; \(unnamed["raw"]!) labels not matched to a name" : ""))
        progress("\(prefix): Mapnik joined ways (\(mj.features) features): \(joined)" + (unnamed["joined"]! > 0 ? "; \(unnamed["joined"]!) labels not matched to a name" : ""))
        // The names one engine labelled and the other did not (what to look at when the counts differ).
        let ourNames = Set(result.placed.map(\.text))
        let onlyMapnik = (mapnikNames["joined"] ?? []).subtracting(ourNames).sorted(), onlyOurs = ourNames.subtracting(mapnikNames["joined"] ?? []).sorted()
        progress("\(prefix): names only Mapnik joined labelled: \(onlyMapnik.isEmpty ? "none" : onlyMapnik.joined(separator: ", ")); only ours: \(onlyOurs.isEmpty ? "none" : onlyOurs.joined(separator: ", "))")
        let perCandidate = placeNs.map { $0 / Double(max(result.candidates, 1)) }
        let mapnikLabelling = zip(mj.renderNs, mj.roadsNs).map { $0 - $1 }
        let rawLabelling = zip(mr.renderNs, mr.roadsNs).map { $0 - $1 }
        func count(_ v: Int) -> [Double] { [Double(v)] }
        let common = "Helsinki\(full ? "" : " (\(prefix.split(separator: "-").last ?? ""))"), \(document.requests.count) named ways, \(document.scene.width) × \(document.scene.height) px, Noto Sans 13 px, halo 1.5, spacing 300, max angle 30°"
        var rows = [
            // The goal counts the names each engine placed within the rule #40 keeps (nothing upside down):
            // a name Mapnik can place only with a glyph pointing left is not one the placer should find.
            makeRow("\(prefix)/names", unit: "names", ours: count(ours.uprightNames), peer: count(joined.uprightNames), peerName: mapnikName + ", names with a label upright",
                    note: "distinct names with a label whose every glyph reads upright (with upside-down glyphs too: ours \(ours.names), Mapnik joined \(joined.names), raw \(raw.names)); goal ≥ Mapnik joined; higher is better. \(common)"),
            makeRow("\(prefix)/labels", unit: "labels", ours: count(ours.labels), peer: count(joined.labels), peerName: mapnikName,
                    note: "labels placed (Mapnik on raw ways: \(raw.labels)); ours keeps one label per name within minDistance \(MessageText.number(minDistance)) px (\(ours.closePairs) pairs closer; Mapnik joined \(joined.closePairs), raw \(raw.closePairs))"),
            makeRow("\(prefix)/overlaps", unit: "pairs", ours: count(ours.overlappingPairs), peer: count(joined.overlappingPairs), peerName: mapnikName,
                    note: "glyph pairs of different labels whose ink boxes overlap, one checker for both (with halos: ours \(ours.haloOverlappingPairs), Mapnik joined \(joined.haloOverlappingPairs), raw \(raw.haloOverlappingPairs)); goal 0"),
            makeRow("\(prefix)/worst-angle", unit: "°", ours: [ours.worstNeighbourAngle], peer: [joined.worstNeighbourAngle], peerName: mapnikName,
                    note: String(format: "worst turn between neighbouring clusters; worst total turn over a label: ours %.1f°, Mapnik joined %.1f°, raw %.1f°", ours.worstTotalTurn, joined.worstTotalTurn, raw.worstTotalTurn)),
            makeRow("\(prefix)/upside-down", unit: "glyphs", ours: count(ours.upsideDownGlyphs), peer: count(joined.upsideDownGlyphs), peerName: mapnikName,
                    note: "glyphs whose baseline points left (Mapnik raw: \(raw.upsideDownGlyphs)); goal 0"),
            makeRow("\(prefix)/time", ours: totalNs, peer: mj.renderNs, peerName: "Mapnik AGG render of the labelled map (joined)",
                    note: String(format: "place + draw (roads and labels, one thread CPU) against Mapnik's whole render (one core, CPU); roads alone: ours %.1f ms, Mapnik %.1f ms; goal ratio ≤ 0.5", median(roadsNs) / 1e6, median(mj.roadsNs) / 1e6)),
            makeRow("\(prefix)/labelling", ours: placeNs, peer: mapnikLabelling, peerName: "Mapnik labelling (render − roads-only render), joined",
                    note: String(format: "placing alone; Mapnik on raw ways: %.1f ms", median(rawLabelling) / 1e6)),
            makeRow("\(prefix)/per-candidate", ours: perCandidate,
                    note: "placing time ÷ \(result.candidates) candidates laid out and tested (\(result.paths) paths after joining, \(result.boxTests) box tests)"),
        ]
        if !full {
            let kept = ["names", "labels", "overlaps", "upside-down", "labelling"].map { "\(prefix)/\($0)" }
            rows = rows.filter { kept.contains($0.name) }
        }
        // A ratio against a peer's 0 means nothing (0 overlaps against 0).
        for i in rows.indices where rows[i].peerMedian == 0 { rows[i].ratio = nil }
        return rows
    }

    struct MapnikGlyph { var glyph: UInt32; var origin: Point; var angle: Double; var size: Double }
    struct MapnikVariant { var features: Int; var labels: [[MapnikGlyph]]; var renderNs: [Double]; var roadsNs: [Double] }
    struct MapnikRun { var version: String; var variants: [String: MapnikVariant] }

    static func runMapnik(file: String, runs: Int, root: String) -> MapnikRun? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
        p.arguments = ["-c", "0", "/usr/bin/python3", root + "/scripts/mapnik-place.py", file, "--runs", String(runs)]
        let out = Pipe()
        p.standardOutput = out
        do { try p.run() } catch { progress("place: cannot run Mapnik: \(error)"); return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0, let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let variants = json["variants"] as? [String: [String: Any]] else {
            progress("place: scripts/mapnik-place.py failed (status \(p.terminationStatus)); is python3-mapnik installed (scripts/install-deps --test)?")
            return nil
        }
        let v = json["mapnik"] as? Int ?? 0
        var run = MapnikRun(version: "\(v / 100_000).\(v / 100 % 1000).\(v % 100)", variants: [:])
        for (name, variant) in variants {
            let labels = (variant["labels"] as? [[String: Any]] ?? []).map { label in
                (label["glyphs"] as? [[Double]] ?? []).map {
                    MapnikGlyph(glyph: UInt32($0[0]), origin: Point($0[1], $0[2]), angle: $0[3], size: $0[4])
                }
            }
            run.variants[name] = MapnikVariant(features: variant["features"] as? Int ?? 0, labels: labels,
                                               renderNs: (variant["renderMs"] as? [Double] ?? []).map { $0 * 1e6 },
                                               roadsNs: (variant["roadsOnlyMs"] as? [Double] ?? []).map { $0 * 1e6 })
        }
        return run
    }
}
