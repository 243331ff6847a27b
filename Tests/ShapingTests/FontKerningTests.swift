import Testing
@testable import Shaping

/// CSS font-kerning as features.
@Suite struct FontKerningTests {
    @Test func noneTurnsKernOffAndTheOthersAskNothing() {
        #expect(FontKerning.none.features == [FeatureSetting(tag: "kern", value: 0)])
        #expect(FontKerning.auto.features.isEmpty && FontKerning.normal.features.isEmpty)
    }
}
