import Testing
import Foundation
import TestSupport

/// The gallery's typography ring (`fixtures/scenes/typography-ring.json`, written by hand): each run of
/// the five-weight label is drawn from the face its `fontWeight` picks among the five files, the outlined
/// label carries its gradient and stroke, and the COLRv1 emoji are drawn in colour, without a warning.
@Suite struct TypographyRingSceneTests {
    @Test func eachWeightFromItsFaceAndTheEmojiInColour() throws {
        let run = try pathtext(["render", "fixtures/scenes/typography-ring.json", "--json", "-"], cwd: packageRoot)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "no warning: \(run.stderr)")
        let reply = try #require(try json(run.stdout) as? [String: Any])
        let labels = try #require(reply["labels"] as? [[String: Any]])
        let weights = try #require(labels.first?["glyphs"] as? [[String: Any]])
        // "Thin Light Regular Bold Black": the clusters of each word (and its space) from its own face.
        let words = [(0, "NotoSans-Thin.ttf"), (5, "NotoSans-Light.ttf"), (11, "NotoSans-Regular.ttf"),
                     (19, "NotoSans-Bold.ttf"), (24, "NotoSans-Black.ttf")]
        for g in weights {
            let cluster = try #require(g["cluster"] as? Int)
            let face = words.last { $0.0 <= cluster }!.1
            #expect(g["font"] as? String == face, "cluster \(cluster)")
        }
        #expect(Set(weights.compactMap { $0["font"] as? String }).count == 5)
        let outlined = try #require(labels[1]["glyphs"] as? [[String: Any]])
        #expect(outlined.allSatisfy { $0["font"] as? String == "NotoSans-Black.ttf" })
        let emoji = try #require(labels[2]["glyphs"] as? [[String: Any]])
        #expect(emoji.filter { $0["font"] as? String == "NotoColorEmojiCOLR.subset.ttf" }.count == 4)   // the spaces from the embedded stack
    }
}
