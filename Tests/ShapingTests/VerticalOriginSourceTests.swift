import Testing
@testable import Shaping

/// Where vertical origins come from, as Blink's OpenTypeVerticalData::LoadMetrics reads the tables.
@Suite struct VerticalOriginSourceTests {
    static func source(_ tables: Set<String>) -> VerticalOriginSource { VerticalOriginSource(hasTable: tables.contains) }

    @Test func vorgOnlyWithVerticalMetricsThenTheTopSideBearingsElseNone() {
        #expect(Self.source(["vhea", "vmtx", "VORG"]) == .vorg)
        #expect(Self.source(["vhea", "vmtx"]) == .topSideBearings)
        // Blink returns before reading VORG when vhea or vmtx is missing.
        #expect(Self.source(["VORG", "vmtx"]) == .none)
        #expect(Self.source(["vhea"]) == .none)
        #expect(Self.source([]) == .none)
    }
}
