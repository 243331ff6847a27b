import Foundation
import PathText
import Requests
import SVGInput
import Pipeline

/// `svg/…`: the SVG door against resvg on resvg's own text suite (`fixtures/resvg-text`, 379 documents),
/// as a new user meets it: one process per document, `pathtext render DOC.svg --out x.png` against the
/// `resvg` CLI (PyPI's `resvg-cli` 0.44.0, installed by `scripts/install-bench-tools` into
/// `.build/bench-venv`), same fonts (the suite's, through its Fontconfig file for us and `--use-fonts-dir`
/// with `--skip-system-fonts` for resvg), same defaults (300 px wide, 12 px serif), interleaved document
/// by document.
///
/// - `svg/resvg-suite/process`: CPU time (user + system, `wait4`) per document of the whole suite, one
///   pass a run; the peer resvg's per document in the same pass.
/// - `svg/resvg-suite/library`: the library's call per document in this process (`SVGInput.read` + 
///   `SceneRenderer.render` + `pngData()`, a fresh resolver, fonts already loaded), thread CPU time, against
///   the same resvg figure.
enum SVGSuiteBench {
    /// The suite's documents, sorted.
    static func documents(_ root: String) -> [String] {
        let base = root + "/fixtures/resvg-text/tests"
        let e = FileManager.default.enumerator(atPath: base)
        var out: [String] = []
        while let p = e?.nextObject() as? String { if p.hasSuffix(".svg") { out.append(base + "/" + p) } }
        return out.sorted()
    }

    /// The `resvg` binary: the bench venv's, or one on PATH.
    static func resvg(_ root: String) -> String? {
        let venv = root + "/.build/bench-venv/bin/resvg"
        if FileManager.default.isExecutableFile(atPath: venv) { return venv }
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let p = String(dir) + "/resvg"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1e9 + Double(ts.tv_nsec)
    }

    static func run(_ config: BenchConfig, root: String) -> [Row] {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("pathtext").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            progress("svg: no pathtext binary beside pathtext-bench (swift build -c release --static-swift-stdlib --product pathtext); skipped")
            return []
        }
        guard let resvg = resvg(root) else {
            progress("svg: no resvg (scripts/install-bench-tools installs PyPI's resvg-cli into .build/bench-venv); skipped")
            return []
        }
        let suite = root + "/fixtures/resvg-text"
        var docs = documents(root)
        if config.smoke { docs = Array(docs.prefix(3)) }
        guard !docs.isEmpty else { fatalError("svg: no documents under \(suite)/tests") }
        setenv("FONTCONFIG_FILE", suite + "/fonts.conf", 1)  // the children's and this process's Fontconfig
        let out = NSTemporaryDirectory() + "pathtext-svg-\(getpid()).png"
        defer { unlink(out) }
        let ourFlags = ["--width", "300", "--default-font-size", "12", "--default-font-family", "serif", "--embedded-fonts", "false"]
        let theirFlags = ["-w", "300", "--font-size", "12", "--font-family", "Noto Serif", "--skip-system-fonts",
                          "--use-fonts-dir", suite + "/fonts", "--serif-family", "Noto Serif", "--sans-serif-family", "Noto Sans",
                          "--cursive-family", "Yellowtail", "--fantasy-family", "Sedgwick Ave Display", "--monospace-family", "Noto Mono"]
        // Warm the page cache, and check that both write a picture of the first document.
        for (b, args) in [(binary, ["render", docs[0], "--out", out] + ourFlags), (resvg, theirFlags + [docs[0], out])] {
            unlink(out)
            _ = ProcessBench.spawn(b, args)
            guard (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int).flatMap({ $0 }) ?? 0 > 100 else {
                fatalError("svg: \(b) wrote no PNG for \(docs[0])")
            }
        }
        // The library call: options and resolver as the CLI makes them from the same flags.
        let options = SVGReadOptions(size: .width(300), fontSize: 12, defaultFamilies: ["serif"])
        let bytes = docs.map { Array(FileManager.default.contents(atPath: $0) ?? Data()) }
        func library(_ k: Int) {
            let resolver = SceneResolver()
            guard var scene = try? SVGInput.read(bytes[k], options: options, resolver: resolver).scene else { return }
            for i in scene.labels.indices { scene.labels[i].style.embeddedFonts = false }
            guard let r = try? SceneRenderer.render(scene, resolver: resolver) else { return }
            blackHole(try? r.canvas.pngData())
        }
        for k in docs.indices { library(k) }  // warm: fonts loaded, caches filled
        let passes = config.smoke ? 1 : config.quick ? 1 : 3
        var ours: [Double] = [], theirs: [Double] = [], lib: [Double] = [], wall: [Double] = [], theirWall: [Double] = []
        for pass in 0..<passes {
            var o = 0.0, t = 0.0, l = 0.0, ow = 0.0, tw = 0.0
            for k in docs.indices {
                let a = ProcessBench.spawn(binary, ["render", docs[k], "--out", out] + ourFlags, allowFailure: true)
                let b = ProcessBench.spawn(resvg, theirFlags + [docs[k], out], allowFailure: true)
                o += a.cpu; t += b.cpu; ow += a.wall; tw += b.wall
                let c0 = threadCPU()
                library(k)
                l += threadCPU() - c0
            }
            let n = Double(docs.count)
            ours.append(o / n); theirs.append(t / n); lib.append(l / n); wall.append(ow / n); theirWall.append(tw / n)
            progress(String(format: "svg/resvg-suite pass %d: pathtext %.2f ms, resvg %.2f ms, library %.2f ms CPU a document",
                            pass + 1, o / n / 1e6, t / n / 1e6, l / n / 1e6))
        }
        let peerName = "the resvg 0.44 CLI, one process per document"
        return [
            makeRow("svg/resvg-suite/process", ours: ours, peer: theirs, peerName: peerName,
                    note: String(format: "CPU time (user + system) per document of `pathtext render DOC.svg --out x.png` over the %d documents "
                                 + "of fixtures/resvg-text, one process each; wall clock %.2f ms (resvg %.2f ms); goal ≤ 0.5 × resvg",
                                 docs.count, median(wall) / 1e6, median(theirWall) / 1e6)),
            makeRow("svg/resvg-suite/library", ours: lib, peer: theirs, peerName: peerName,
                    note: "thread CPU time per document of SVGInput.read + SceneRenderer.render + pngData() in this process (fonts loaded once)"),
        ]
    }
}
