import Foundation
import Geometry

enum MeasureBench {
    /// A smooth chain of `n` random cubics (each 20–60 px of chord), deterministic.
    static func randomCubics(_ n: Int, seed: UInt64) -> BezPath {
        var rng = XorShift(seed: seed)
        var path = BezPath()
        var p = Point(0, 0)
        var heading = 0.0
        path.move(to: p)
        var lastHandle = Vector(10, 0)
        for _ in 0..<n {
            heading += (rng.unit() - 0.5) * 1.2
            let len = 20 + 40 * rng.unit()
            let q = Point(p.x + len * cos(heading), p.y + len * sin(heading))
            // G1: the first control point continues the previous handle.
            let c1 = p + lastHandle
            let h2 = Vector(len * 0.35 * cos(heading + (rng.unit() - 0.5)), len * 0.35 * sin(heading + (rng.unit() - 0.5)))
            let c2 = q - h2
            path.cubic(to: q, control1: c1, control2: c2)
            lastHandle = h2
            p = q
        }
        return path
    }

    /// The build-time baseline: one fixed 16-point Gauss–Legendre length per cubic (16 × `deriv` + hypot),
    /// the least work any quadrature-based measure must do; no subdivision, no tables.
    @inline(never)
    static func naiveLengths(_ cubics: [CubicBez]) -> Double {
        let nodes: [Double] = [0.09501250983763744, 0.2816035507792589, 0.45801677765722737, 0.6178762444026438,
                               0.755404408355003, 0.8656312023878318, 0.9445750230732326, 0.9894009349916499]
        let weights: [Double] = [0.18945061045506864, 0.18260341504492364, 0.16915651939500265, 0.1495959888165767,
                                 0.12462897125553407, 0.0951585116824926, 0.062253523938647456, 0.027152459411754176]
        var total = 0.0
        for c in cubics {
            var s = 0.0
            for k in 0..<8 {
                s += weights[k] * (c.deriv(0.5 + 0.5 * nodes[k]).length + c.deriv(0.5 - 0.5 * nodes[k]).length)
            }
            total += 0.5 * s
        }
        return total
    }

    /// `sample(at:)` at each distance of `distances` (the random-query row), a function of its own so that
    /// `valgrind --tool=callgrind --cache-sim=yes --toggle-collect='*randomQueries*'` counts the cache
    /// misses of these queries alone (BENCHMARKS.md, "Random queries").
    @inline(never) static func randomQueries(_ measure: PathMeasure, _ distances: [Double]) -> Double {
        var acc = 0.0
        distances.withUnsafeBufferPointer { d in
            for s in d { let smp = measure.sample(at: s); acc += smp.point.x + smp.tangent.y }
        }
        return acc
    }

    /// The same for the sorted distances (a different sum, so that the optimiser does not merge the two).
    @inline(never) static func sortedQueries(_ measure: PathMeasure, _ distances: [Double]) -> Double {
        var acc = 0.0
        distances.withUnsafeBufferPointer { d in
            for s in d { let smp = measure.sample(at: s); acc += smp.point.x - smp.tangent.y }
        }
        return acc
    }

    /// The random distances through one batch call (`samples(at:into:)`, a prefetching pipeline), summed as
    /// ``randomQueries(_:_:)`` sums them; `--toggle-collect='*batchQueries*'` counts its misses alone.
    @inline(never) static func batchQueries(_ measure: PathMeasure, _ distances: [Double],
                                            _ out: UnsafeMutableBufferPointer<PathSample>) -> Double {
        distances.withUnsafeBufferPointer { measure.samples(at: $0, into: out) }
        var acc = 0.0
        for smp in out { acc += smp.point.x + smp.tangent.y }
        return acc
    }

    static func run(_ config: BenchConfig, filter: String? = nil) -> [Row] {
        var rows: [Row] = []
        let queryCount = config.smoke ? SmokeCheck.measureQueries : config.quick ? 100_000 : 1_000_000
        // With a filter, only the sizes whose rows contain it ("/10" would match all three: use "/10$").
        if config.smoke { progress("measure: smoke run, measure/…/100000 rows skipped (the 1000-segment rows run the same bodies)") }
        let counts = (config.smoke ? SmokeCheck.measureCounts : [10, 1_000, 100_000]).filter { n in
            guard let filter else { return true }
            return filter.hasSuffix("$") ? "measure/build/\(n)".hasSuffix(String(filter.dropLast())) : "measure/build/\(n)".contains(filter)
        }
        // One segment for the query baseline, and its random parameters.
        let oneCubic = CubicBez(Point(0, 0), Point(30, -40), Point(70, 40), Point(100, 0))
        var rng = XorShift(seed: 0x5EED)
        let ts = (0..<queryCount).map { _ in rng.unit() }
        var queryTimes: [Int: Double] = [:]

        for n in counts {
            let path = randomCubics(n, seed: UInt64(n) &* 0x9E37_79B9 &+ 1)
            let cubics: [CubicBez] = path.segments.compactMap { if case .cubic(let c) = $0 { c } else { nil } }
            let measure = try! PathMeasure(path)
            progress("measure/\(n): \(measure.segmentCount) cubics, length \(Int(measure.length)) px")

            // Build.
            let build = timeInterleaved(config, [
                { blackHole(try! PathMeasure(path)) },
                { blackHole(naiveLengths(cubics)) },
            ])
            rows.append(makeRow("measure/build/\(n)", ours: build[0], peer: build[1],
                                peerName: "one fixed 16-point Gauss–Legendre length per cubic (16 × CubicBez.deriv + hypot)",
                                note: "PathMeasure(path) for \(n) cubics (segment lengths to 1e-8; query records are built on first use)"))

            // A label on a freshly measured path: the build plus 20 queries over the first 100 px (what
            // one label placed on a new path costs, the records of the two or three segments it touches
            // built on the way).
            let labelDistances = (0..<20).map { Double($0) * 5 }
            let label = timeInterleaved(config, [
                {
                    let m = try! PathMeasure(path)
                    var acc = 0.0
                    var sampler = m.sampler()
                    for s in labelDistances { let smp = sampler.sample(at: s); acc += smp.point.x + smp.tangent.y }
                    blackHole(acc)
                },
                { blackHole(naiveLengths(cubics)) },
            ])
            rows.append(makeRow("measure/build-label/\(n)", ours: label[0], peer: label[1],
                                peerName: "one fixed 16-point Gauss–Legendre length per cubic (16 × CubicBez.deriv + hypot)",
                                note: "PathMeasure(path) then 20 Sampler queries over its first 100 px (the lazy records included)"))

            // Queries: random distances, and the same distances sorted (a walk along the path).
            var qr = XorShift(seed: 0xD157 &+ UInt64(n))
            let random = (0..<queryCount).map { _ in qr.unit() * measure.length }
            let sorted = random.sorted()
            // Warm every segment's query records (built on first use) outside the timing: one query
            // every 5 px (segments are at least 20 px).
            var warm = 0.0
            for k in 0..<Int(measure.length / 5) + 1 { warm += measure.sample(at: Double(k) * 5).point.x }
            blackHole(warm)
            var q = config
            q.targetNs = 1  // one pass over all queries per run
            let perQuery = Double(queryCount)
            let batchOut = UnsafeMutableBufferPointer<PathSample>.allocate(capacity: queryCount)
            defer { batchOut.deallocate() }
            let query = timeInterleaved(q, [
                { blackHole(randomQueries(measure, random)) },
                { blackHole(sortedQueries(measure, sorted)) },
                {
                    var acc = 0.0
                    var sampler = measure.sampler()
                    sorted.withUnsafeBufferPointer { d in
                        for s in d { let smp = sampler.sample(at: s); acc += smp.point.x + smp.tangent.y }
                    }
                    blackHole(acc)
                },
                {
                    var acc = 0.0
                    ts.withUnsafeBufferPointer { d in
                        for t in d { let p = oneCubic.eval(t), v = oneCubic.deriv(t); acc += p.x + v.y }
                    }
                    blackHole(acc)
                },
                { blackHole(batchQueries(measure, random, batchOut)) },
            ]).map { $0.map { $0 / perQuery } }
            queryTimes[n] = median(query[0])
            let growth = queryTimes[10].map { String(format: "%.2f× the 10-cubic query", median(query[0]) / $0) }
            rows.append(makeRow("measure/query/\(n)", ours: query[0], peer: query[3],
                                peerName: "CubicBez.eval + deriv at a random t on one cubic",
                                note: "sample(at:) per query, \(queryCount) random distances; \(growth ?? "the baseline of growth")"))
            rows.append(makeRow("measure/query-sorted/\(n)", ours: query[1], peer: query[3],
                                peerName: "CubicBez.eval + deriv at a random t on one cubic",
                                note: "the same distances sorted (cache-friendly walk)"))
            rows.append(makeRow("measure/sampler-sorted/\(n)", ours: query[2], peer: query[3],
                                peerName: "CubicBez.eval + deriv at a random t on one cubic",
                                note: "the sorted distances through one Sampler (as placement walks a path)"))
            rows.append(makeRow("measure/query-batch/\(n)", ours: query[4], peer: query[3],
                                peerName: "CubicBez.eval + deriv at a random t on one cubic",
                                note: "the random distances of measure/query/\(n) in one samples(at:into:) call (a prefetching pipeline), per query"))
        }
        return rows
    }
}
