import Foundation
import Testing
import TestSupport
import Geometry
import Layout
import Shaping
@testable import Requests

/// The fonts table's `path`: a font file reached through a symbolic link and by its own name is one
/// cached font, and every door reports its one resolved name, whichever name loaded it first (the
/// scene file door and the Python engine disagreed under a Fontconfig folder of links).
@Suite struct PlacementsFontPathTests {
    /// The `path` of the first font in the placements JSON of "Ab" set in `font`.
    func reportedPath(_ font: Typeface) throws -> String? {
        let text = AttributedText("Ab", attributes: TextAttributes(fonts: [font], size: 20, systemFallback: false))
        let labels = try LabelLayout.layout(text, along: BezPath.polyline([Point(0, 50), Point(300, 50)]))
        let json = try JSONSerialization.jsonObject(with: Data(PlacementsJSON.encode(labels).utf8)) as? [String: Any]
        let fonts = json?["fonts"] as? [[String: Any]]
        return fonts?.first?["path"] as? String
    }

    @Test func aLinkedFontIsReportedByItsResolvedPathInEitherOrder() throws {
        try withTemporaryFolder("font-links") { dir in
            // A copy of its own (not the Fonts/ file other tests load), reached first through an absolute link.
            let real = URL(fileURLWithPath: dir + "/real.ttf").resolvingSymlinksInPath().path
            try FileManager.default.copyItem(atPath: fontsDir + "/NotoSansHebrew-Regular.ttf", toPath: real)
            try FileManager.default.createSymbolicLink(atPath: dir + "/link.ttf", withDestinationPath: real)
            let throughLink = try FontCache.typeface(path: dir + "/link.ttf")
            let direct = try FontCache.typeface(path: real)
            #expect(throughLink === direct)                       // one file, one load
            #expect(throughLink.path == dir + "/link.ttf")        // the name it was first loaded by
            #expect(PlacementsJSON.absolutePath(throughLink) == real)
            #expect(try reportedPath(direct) == real)
            // Uncached, through the link alone: the same resolved name.
            #expect(PlacementsJSON.absolutePath(try Typeface(path: dir + "/link.ttf")) == real)
        }
    }
}
