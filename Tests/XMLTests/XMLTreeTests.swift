import Testing
@testable import XML

/// The libxml2 boundary: no network, no external entities, no entity expansion, bounded input.
@Suite struct XMLTreeTests {
    static let xxe = """
    <?xml version="1.0"?>
    <!DOCTYPE svg [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
    <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><text x="0" y="50">&secret;</text></svg>
    """
    static let billionLaughs = """
    <?xml version="1.0"?>
    <!DOCTYPE svg [
      <!ENTITY lol "lol">
      <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
      <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
      <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
      <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
    ]>
    <svg xmlns="http://www.w3.org/2000/svg"><text>&lol9;</text></svg>
    """

    @Test func xxeIsRefused() {
        #expect(throws: XMLError.entitiesRefused) { try XMLTree.parse(Array(Self.xxe.utf8)) }
        #expect(XMLError.entitiesRefused.description.contains("XXE"))
    }

    @Test func billionLaughsIsRefused() {
        #expect(throws: XMLError.entitiesRefused) { try XMLTree.parse(Array(Self.billionLaughs.utf8)) }
        #expect(XMLError.entitiesRefused.description.contains("billion laughs"))
    }

    /// A public DTD reference (Illustrator's) is neither loaded nor an error; character references resolve.
    @Test func anExternalDoctypeIsNotLoaded() throws {
        let svg = """
        <?xml version="1.0"?>
        <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
        <svg xmlns="http://www.w3.org/2000/svg"><text>A&#x42;&amp;</text></svg>
        """
        let root = try XMLTree.parse(Array(svg.utf8))
        #expect(root.name == "svg" && root.namespace == "http://www.w3.org/2000/svg")
        guard case .element(let text)? = root.children.first(where: { if case .element = $0 { true } else { false } }),
              case .text(let t)? = text.children.first else { Issue.record("no text"); return }
        #expect(t == "AB&")
    }

    @Test func malformedXMLNamesTheLine() {
        do {
            _ = try XMLTree.parse(Array("<svg>\n<g>\n</svg>".utf8))
            Issue.record("parsed")
        } catch {
            guard case .malformed(let line, let message) = error else { Issue.record("\(error)"); return }
            #expect(line == 3)
            #expect(!message.isEmpty)
        }
    }

    @Test func limitsAreChecked() {
        let many = "<svg>" + String(repeating: "<g/>", count: 50) + "</svg>"
        #expect(throws: XMLError.tooManyElements(limit: 20)) { try XMLTree.parse(Array(many.utf8), limits: XMLLimits(bytes: 1 << 20, elements: 20)) }
        #expect(throws: XMLError.tooLarge(bytes: many.utf8.count, limit: 100)) {
            try XMLTree.parse(Array(many.utf8), limits: XMLLimits(bytes: 100, elements: 1000))
        }
    }

    @Test func namespacesAndAttributesAreKept() throws {
        let root = try XMLTree.parse(Array(##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="#a" x="1"/></svg>"##.utf8))
        let use = try #require(root.elements.first)
        #expect(use.attribute("href", namespace: "http://www.w3.org/1999/xlink") == "#a")
        #expect(use.attribute("x") == "1" && use.attribute("href") == nil)
    }
}
