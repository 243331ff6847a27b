#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// `--smoke`: the rows each group must give on its smoke inputs, and the check that they did.
///
/// A smoke run is a test that every row still runs (its preconditions hold, its fixtures and peers are
/// there), not a measurement. After the table, ``check(_:groups:)`` names on stderr every expected row
/// that is missing, whose median is not finite, or whose peer is missing, and every other row that is
/// not finite or names a peer it did not measure; any such row fails the run (exit 1).
enum SmokeCheck {
    /// One expected row: its name and whether it is measured against a peer.
    struct Expected {
        var name: String
        var peer: Bool
    }

    /// The sizes of `layout/<script>/<n>` a smoke run keeps (all of them: one call each is cheap).
    static let layoutSizes = [20, 200, 2000]
    /// `measure/…/<n>`: the 100 000-segment rows are skipped (the same bodies as at 1 000 segments).
    static let measureCounts = [10, 1_000]
    /// Random distances per query row.
    static let measureQueries = 1_000
    /// `raster/<n>px`: every size (one pass of 37 glyphs each).
    static let rasterSizes = [16, 32, 64, 128, 512]
    /// Labels through `pathtext layout --batch`.
    static let batchLabels = 200

    /// The rows of `group` in a smoke run.
    static func expected(_ group: String) -> [Expected] {
        func rows(_ names: [String], peer: Bool) -> [Expected] { names.map { Expected(name: $0, peer: peer) } }
        switch group {
        case "layout":
            return LayoutBench.scripts.flatMap { s in
                layoutSizes.flatMap { n in rows(["", "/shape", "/measured", "/cached"].map { "layout/\(s.name)/\(n)" + $0 }, peer: true) }
            }
        case "measure":
            return measureCounts.flatMap { n in
                rows(["build", "build-label", "query", "query-sorted", "sampler-sorted", "query-batch"].map { "measure/\($0)/\(n)" }, peer: true)
            }
        case "raster":
            return rows(rasterSizes.map { "raster/\($0)px" }, peer: true)
        case "render":
            return rows(["render/idle/peak-rss"], peer: false) + RenderBench.scenes.flatMap { _, label in
                rows(["total", "staged", "fonts", "shape", "place", "raster", "png", "peak-rss"].map { "\(label)/\($0)" }, peer: false)
            }
        case "capi":
            return rows(["capi/layout/20", "capi/layout/20/bare", "capi/layout_json/20"], peer: true)
        case "batch":
            return rows(["batch/short-labels", "batch/short-labels/decode", "batch/short-labels/layout", "batch/short-labels/encode"], peer: true)
        case "parallel":
            return ["layout-64", "render-16", "check-dial", "place-helsinki", "layout-64x8", "control", "control-throughput", "control-arithmetic"].flatMap { job in
                rows(["parallel/\(job)/2-threads", "parallel/\(job)/2-threads/cpu"], peer: true)
            } + rows(["parallel/layout-64/2-engines", "parallel/layout-64/2-engines/cpu"], peer: true)
        case "place":
            return rows(["names", "labels", "overlaps", "worst-angle", "upside-down", "time", "labelling"].map { "place/helsinki/\($0)" }, peer: true)
                + rows(["place/helsinki/per-candidate"], peer: false)
        case "tiles":
            return rows(["tiles/helsinki/z16", "tiles/helsinki/z17", "tiles/helsinki/16-17"], peer: true)
        case "check":
            return rows(["check/dial-50-locales"], peer: true)
        case "cache":
            return rows(["cache/helsinki/cold", "cache/helsinki/metatiles", "cache/helsinki/again",
                         "cache/dial-50-locales/cold", "cache/dial-50-locales/again"], peer: false)
        case "process":
            return rows(["process/one-label-png", "process/one-label-png/peak-rss"], peer: true)
        case "svg":
            return rows(["svg/resvg-suite/process", "svg/resvg-suite/library"], peer: true)
        default:
            return []
        }
    }

    /// How `PATHTEXT_SMOKE_BREAK` breaks its row.
    enum Breakage: String {
        /// The row's values become NaN (a body that measured nothing).
        case nan
        /// The row loses its peer's values (a peer that did not run).
        case nopeer
        /// The row is dropped (a group that stopped giving it).
        case missing
        /// The row's precondition fails (a body whose output check fails).
        case trap
    }

    /// `PATHTEXT_SMOKE_BREAK=<row>[:nan|nopeer|missing|trap]` (default `nan`): breaks that one row on
    /// purpose, so that a test can see the smoke run fail and name it (scripts/test-bench-smoke).
    static let broken: (row: String, how: Breakage)? = {
        guard let v = getenv("PATHTEXT_SMOKE_BREAK").map({ String(cString: $0) }), !v.isEmpty else { return nil }
        if let colon = v.lastIndex(of: ":"), let how = Breakage(rawValue: String(v[v.index(after: colon)...])) {
            return (String(v[..<colon]), how)
        }
        return (v, .nan)
    }()

    /// `rows` with the row `PATHTEXT_SMOKE_BREAK=<row>:missing` names dropped.
    static func dropBroken(_ rows: [Row]) -> [Row] {
        guard let broken, broken.how == .missing else { return rows }
        return rows.filter { $0.name != broken.row }
    }

    /// The failures of a smoke run of `groups` that gave `rows`, one line per row (empty: it passed).
    static func check(_ rows: [Row], groups: Set<String>) -> [String] {
        var failures: [String] = []
        var byName: [String: Row] = [:]
        for r in rows {
            if byName[r.name] != nil { failures.append("\(r.name): given twice") }
            byName[r.name] = r
        }
        var expectedNames: Set<String> = []
        for group in groups.sorted() {
            for e in expected(group) {
                expectedNames.insert(e.name)
                guard let r = byName[e.name] else { failures.append("\(e.name): missing (group \(group))"); continue }
                failures += problems(r, needsPeer: e.peer)
            }
        }
        for r in rows where !expectedNames.contains(r.name) { failures += problems(r, needsPeer: r.peer != nil) }
        return failures
    }

    static func problems(_ r: Row, needsPeer: Bool) -> [String] {
        var out: [String] = []
        if !r.median.isFinite || !r.min.isFinite || !r.max.isFinite || r.runs < 1 {
            out.append("\(r.name): not finite (median \(r.median), min \(r.min), max \(r.max), \(r.runs) runs)")
        }
        if needsPeer {
            if r.peer == nil { out.append("\(r.name): no peer named") }
            if !(r.peerMedian?.isFinite ?? false) { out.append("\(r.name): its peer (\(r.peer ?? "?")) was not measured") }
        }
        return out
    }
}

extension SmokeCheck {
    /// Ways of the Helsinki roads a smoke run places (the fixture's first ones; Mapnik's Cairo script
    /// render, which the place rows read its glyphs from, takes 34 s on the whole map and 3 s on 60 ways).
    static let placeWays = 60

    /// The Helsinki roads fixture, or in a smoke run a copy of it cut to its first ``placeWays`` label
    /// requests (`nil` when the fixture cannot be read or cut).
    static func helsinkiFile(_ config: BenchConfig, root: String) -> String? {
        config.smoke ? cutCopy : root + "/fixtures/osm/helsinki-roads.json"
    }

    /// The cut copy's path in the temporary folder, this process's own.
    private static var cutPath: String { NSTemporaryDirectory() + "pathtext-smoke-helsinki-\(getpid()).json" }

    /// The package's fixture cut to its first ``placeWays`` requests, written once per run (the place,
    /// cache and parallel groups all ask for it).
    private static let cutCopy: String? = cutHelsinki(root: packageRoot())

    private static func cutHelsinki(root: String) -> String? {
        let file = root + "/fixtures/osm/helsinki-roads.json", path = cutPath
        guard let data = FileManager.default.contents(atPath: file),
              var doc = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let labels = doc["labels"] as? [Any] else { progress("smoke: cannot read \(file)"); return nil }
        doc["labels"] = Array(labels.prefix(placeWays))
        guard let bytes = try? JSONSerialization.data(withJSONObject: doc),
              FileManager.default.createFile(atPath: path, contents: bytes) else { progress("smoke: cannot write \(path)"); return nil }
        progress("smoke: the Helsinki rows on the first \(min(placeWays, labels.count)) of its \(labels.count) ways (\(path))")
        return path
    }

    /// Removes the cut-down copy ``helsinkiFile(_:root:)`` wrote, if any.
    static func removeHelsinkiCopy() {
        unlink(cutPath)
    }
}
