import Testing
import Foundation
import Requests

/// The lists of diagnostic codes that users read (the placements schema, the C header, the placement-rule
/// article, Python's `Engine.diagnostics`) name every code ``DiagnosticCode`` declares, so a new code cannot reach the JSON unlisted.
@Suite struct DiagnosticCodeListTests {
    @Test(arguments: ["schema/placements.schema.json", "Sources/System/CPathText/include/pathtext.h",
                      "Sources/Doors/PathText/PathText.docc/PlacementRule.md", "python/src/pathtext/__init__.py"])
    func everyCodeIsListed(file: String) throws {
        let text = try String(contentsOfFile: packageRoot + "/" + file, encoding: .utf8)
        for code in DiagnosticCode.allCases {
            #expect(text.contains(code.rawValue), "\(file) does not list the diagnostic code \(code.rawValue)")
        }
    }
}
