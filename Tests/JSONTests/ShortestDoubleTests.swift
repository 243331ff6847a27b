@testable import JSON
import Testing

/// ``ShortestDouble`` writes exactly what `Double.description` writes: the same digits (shortest, closest,
/// ties to even) and the same layout (where the exponent starts, `.0`, `e-05`, 2⁵³). One wrong digit in
/// any of these values fails the suite, and the first differences are listed.
@Suite struct ShortestDoubleTests {
    /// The values whose text differs from `description`, at most `limit` of them shown.
    static func differences<S: Sequence>(_ values: S, limit: Int = 10) -> (count: Int, shown: [String]) where S.Element == Double {
        var count = 0, shown: [String] = []
        for v in values where v.isFinite {
            let ours = ShortestDouble.text(v), swift = v.description
            if ours != swift {
                count += 1
                if shown.count < limit { shown.append("bits 0x\(String(v.bitPattern, radix: 16)): \(ours) ≠ \(swift)") }
            }
        }
        return (count, shown)
    }

    @Test func edgeCases() {
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 0.2, 0.3, 1e-5, 1e-4, 9.9999e-5, 1.5e-5, 123.456, 1e15, 1e16, 1e17,
                                1e22, 1e23, 9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_994,
                                18_014_398_509_481_984, .greatestFiniteMagnitude, .leastNormalMagnitude,
                                .leastNonzeroMagnitude, 98.30000000000001, 207.13806312525696, -29.253002591582202,
                                0.8724703996252238, 2.2250738585072014e-308, 2.225073858507201e-308]
        // Every power of two and its neighbours; every power of ten and its neighbours.
        for e in -1074...1023 {
            let p = Double(sign: .plus, exponent: e, significand: 1)
            values += [p, p.nextUp, p.nextDown]
        }
        for e in -323...308 {
            let p = Double("1e\(e)")!
            values += [p, p.nextUp, p.nextDown]
        }
        // The smallest subnormals (where the scaled interval is a few units wide), and both sides of the
        // subnormal/normal boundary.
        for c in UInt64(1)..<50_000 {
            values += [Double(bitPattern: c), Double(bitPattern: (1 << 52) - c), Double(bitPattern: (1 << 52) + c)]
        }
        // The first and last significands of every binary exponent.
        for e in UInt64(0)...2046 {
            for d in UInt64(0)..<8 { values += [Double(bitPattern: e << 52 | d), Double(bitPattern: e << 52 | ((1 << 52) - 1 - d))] }
        }
        // Above 2⁵³, where whole numbers have several shortest forms (ties), and short decimals m·10^e.
        var x = 9_007_199_254_740_992.0
        for _ in 0..<20_000 { values.append(x); x = x.nextUp }
        for m in 1...999 { for e in -30...30 { values.append(Double("\(m)e\(e)")!) } }
        values += values.map { -$0 }
        let (count, shown) = Self.differences(values)
        #expect(count == 0, "\(count) of \(values.count) values differ: \(shown)")
        #expect(values.count > 300_000)
    }

    @Test func randomBitPatterns() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
        let bits = (0..<2_000_000).lazy.map { _ in Double(bitPattern: next()) }
        let (count, shown) = Self.differences(bits)
        #expect(count == 0, "\(count) random bit patterns differ: \(shown)")
        // Numbers like a placement's: coordinates, angles, matrix entries.
        let coordinates = (0..<500_000).lazy.map { _ in Double(next() >> 11) * 0x1p-53 * 4000 - 2000 }
        let (c2, s2) = Self.differences(coordinates)
        #expect(c2 == 0, "\(c2) coordinates differ: \(s2)")
    }
}
