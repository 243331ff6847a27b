import Testing
import Shaping

/// `JoiningType` against ArabicShaping.txt's classes, as FriBidi reports them.
@Suite struct JoiningTypeTests {
    @Test func dualRightCausingTransparentAndNonJoining() {
        let beh = JoiningType("\u{0628}"), alef = JoiningType("\u{0627}"), tatweel = JoiningType("\u{0640}")
        let fatha = JoiningType("\u{064E}"), zwj = JoiningType("\u{200D}"), latin = JoiningType("a")
        #expect(beh.joinsBefore && beh.joinsAfter && !beh.isTransparent)          // D
        #expect(alef.joinsBefore && !alef.joinsAfter)                               // R
        #expect(tatweel.joinsBefore && tatweel.joinsAfter)                          // C
        #expect(zwj.joinsBefore && zwj.joinsAfter)                                  // C
        #expect(fatha.isTransparent && !fatha.joinsBefore && !fatha.joinsAfter)     // T
        #expect(!latin.joinsBefore && !latin.joinsAfter && !latin.isTransparent)    // U
    }

    @Test func syriacAndMongolianJoinToo() {
        #expect(JoiningType("\u{0712}").joinsAfter)     // SYRIAC LETTER BETH: D
        #expect(JoiningType("\u{1820}").joinsBefore)    // MONGOLIAN LETTER A: D
    }
}
