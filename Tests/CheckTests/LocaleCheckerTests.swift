import Testing
@testable import Check
import Requests

/// The string table's `labels[N]` keys are checked against the scene before any layout.
@Suite struct LocaleCheckerTests {
    @Test func labelIndexReadsOnlyPlainDecimalIndices() {
        #expect(LocaleChecker.labelIndex("labels[0]") == 0)
        #expect(LocaleChecker.labelIndex("labels[17]") == 17)
        #expect(LocaleChecker.labelIndex("labels[999999999]") == 999_999_999)
        for bad in ["labels[]", "labels[-1]", "labels[0x10]", "labels[01]", "labels[1e3]", "labels[ 1]", "labels[1",
                    "labels[99999999999999999999]", "labels[１]", "label[1]"] {
            #expect(LocaleChecker.labelIndex(bad) == nil, "\(bad)")
        }
    }

    @Test func aKeyNamingNoLabelIsRefusedWithTheScenesRange() throws {
        var table = StringTable()
        table.set("Bezahlen", key: "Pay", locale: "de")
        try LocaleChecker.checkLabelKeys(table, labels: 4)  // a text key no label has is fine
        table.set("x", key: "labels[3]", locale: "de")
        try LocaleChecker.checkLabelKeys(table, labels: 4)
        for key in ["labels[4]", "labels[99999999999999999999]", "labels[-1]", "labels[0x1]"] {
            var t = table
            t.set("x", key: key, locale: "de")
            #expect(throws: SceneError.self) { try LocaleChecker.checkLabelKeys(t, labels: 4) }
            do { try LocaleChecker.checkLabelKeys(t, labels: 4) } catch {
                #expect(error.message.contains("names no label: the scene has 4 labels (labels[0] to labels[3])"), "\(error)")
            }
        }
    }
}
