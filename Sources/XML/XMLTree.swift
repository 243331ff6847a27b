internal import CLibXML2

/// An element of a parsed XML document: its local name, namespace, attributes and children, as plain
/// Swift values (nothing of libxml2 leaves this file).
public final class XMLElement: Sendable {
    /// The local name (`text`, `textPath`, `namedview`).
    public let name: String
    /// The namespace URI, or `nil` for none.
    public let namespace: String?
    /// The attributes in document order.
    public let attributes: [XMLAttribute]
    /// The child elements and text, in document order.
    public let children: [XMLNode]
    /// The line the element starts on (1-based; 0 when unknown).
    public let line: Int

    init(name: String, namespace: String?, attributes: [XMLAttribute], children: [XMLNode], line: Int) {
        self.name = name; self.namespace = namespace; self.attributes = attributes; self.children = children; self.line = line
    }

    /// The value of the attribute `name` in no namespace (or, with `namespace`, in that one).
    public func attribute(_ name: String, namespace: String? = nil) -> String? {
        attributes.first { $0.name == name && $0.namespace == namespace }?.value
    }

    /// The child elements.
    public var elements: [XMLElement] {
        children.compactMap { if case .element(let e) = $0 { e } else { nil } }
    }

    /// All the text inside, markup removed, in document order (CDATA and character references resolved).
    public var text: String {
        children.reduce(into: "") { out, child in
            switch child {
            case .text(let t): out += t
            case .element(let e): out += e.text
            }
        }
    }

    /// The elements named `name` below this one at any depth, in document order, except those inside
    /// another of the same name (whose own are found by asking it).
    public func descendants(named name: String) -> [XMLElement] {
        elements.flatMap { $0.name == name ? [$0] : $0.descendants(named: name) }
    }
}

/// One attribute of an ``XMLElement``.
public struct XMLAttribute: Hashable, Sendable {
    /// The local name.
    public var name: String
    /// The namespace URI (`http://www.w3.org/1999/xlink` for `xlink:href`), or `nil`.
    public var namespace: String?
    /// The value, with character references resolved.
    public var value: String
}

/// A child of an ``XMLElement``.
public enum XMLNode: Sendable {
    /// An element.
    case element(XMLElement)
    /// Character data (text and CDATA sections).
    case text(String)
}

/// Limits on the XML a document may hold, checked while it is read.
public struct XMLLimits: Hashable, Sendable {
    /// The largest document, in bytes.
    public var bytes: Int
    /// The most elements.
    public var elements: Int

    /// 16 MB and 100 000 elements.
    public static let `default` = XMLLimits(bytes: 16 << 20, elements: 100_000)

    /// Creates limits.
    public init(bytes: Int, elements: Int) { self.bytes = bytes; self.elements = elements }
}

/// Reads XML with libxml2 (the libxml2 boundary: the parser context, the document and its nodes never
/// leave this file).
///
/// The contract: the parser runs with `XML_PARSE_NONET` (no network) and without `XML_PARSE_NOENT`
/// or `XML_PARSE_DTDLOAD`, so no external DTD or entity is loaded and no entity is expanded. A document
/// that declares any entity (`<!ENTITY`: the shape of XXE and "billion laughs" attacks) is refused
/// before libxml2 reads it, and one that still holds an entity reference after parsing is refused too.
/// Each call uses its own parser context, so reads may run on several threads at once.
public enum XMLTree {
    /// Parses `bytes` into its root element.
    /// - Throws: ``XMLError`` for a document over the limits, one that declares entities, or malformed XML
    ///   (with libxml2's message and line).
    public static func parse(_ bytes: [UInt8], limits: XMLLimits = .default) throws(XMLError) -> XMLElement {
        guard bytes.count <= limits.bytes else { throw .tooLarge(bytes: bytes.count, limit: limits.bytes) }
        if containsEntityDeclaration(bytes) { throw .entitiesRefused }
        guard let context = xmlNewParserCtxt() else { throw .malformed(line: 0, message: "out of memory") }
        defer { xmlFreeParserCtxt(context) }
        // XML_PARSE_HUGE lifts libxml2's own 10 MB cap on one text node or attribute ("Huge input lookup"),
        // so the one limit on size is ours (`limits.bytes`); depth stays bounded by `convert`.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                            | XML_PARSE_NOCDATA.rawValue | XML_PARSE_HUGE.rawValue)
        let document: xmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                xmlCtxtReadMemory(context, chars, Int32(buffer.count), "document.xml", nil, options)
            }
        }
        guard let document else {
            let error = context.pointee.lastError
            let message = error.message.map { String(cString: $0) } ?? "not well-formed XML"
            throw .malformed(line: Int(error.line), message: message.trimmingTrailingNewlines)
        }
        defer { xmlFreeDoc(document) }
        if let subset = document.pointee.intSubset, subset.pointee.entities != nil || subset.pointee.pentities != nil {
            throw .entitiesRefused
        }
        guard let root = xmlDocGetRootElement(document) else { throw .malformed(line: 0, message: "the document has no root element") }
        var count = 0
        return try convert(root, depth: 0, count: &count, limits: limits)
    }

    /// Whether `<!ENTITY` occurs anywhere in `bytes` (as XML requires it: case-sensitive, ASCII).
    static func containsEntityDeclaration(_ bytes: [UInt8]) -> Bool {
        let needle = Array("<!ENTITY".utf8)
        guard bytes.count >= needle.count else { return false }
        var i = 0
        while i <= bytes.count - needle.count {
            if bytes[i] == 0x3C, bytes[i + 1] == 0x21 {
                var k = 2
                while k < needle.count, bytes[i + k] == needle[k] { k += 1 }
                if k == needle.count { return true }
            }
            i += 1
        }
        return false
    }

    private static func string(_ p: UnsafePointer<xmlChar>?) -> String {
        guard let p else { return "" }
        return p.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
    }

    /// The deepest nesting of elements read (libxml2's own limit before `XML_PARSE_HUGE`).
    public static let maximumDepth = 256

    private static func convert(_ node: xmlNodePtr, depth: Int, count: inout Int, limits: XMLLimits) throws(XMLError) -> XMLElement {
        count += 1
        guard count <= limits.elements else { throw .tooManyElements(limit: limits.elements) }
        guard depth < maximumDepth else {
            throw .malformed(line: Int(xmlGetLineNo(node)), message: "elements nested deeper than \(maximumDepth)")
        }
        let n = node.pointee
        var attributes: [XMLAttribute] = []
        var a = n.properties
        while let attr = a {
            var value = ""
            var child = attr.pointee.children
            while let c = child {
                if c.pointee.type == XML_ENTITY_REF_NODE { throw .entitiesRefused }
                value += string(c.pointee.content)
                child = c.pointee.next
            }
            attributes.append(XMLAttribute(name: string(attr.pointee.name), namespace: attr.pointee.ns.map { string($0.pointee.href) },
                                           value: value))
            a = attr.pointee.next
        }
        var children: [XMLNode] = []
        var c = n.children
        while let child = c {
            switch child.pointee.type {
            case XML_ELEMENT_NODE:
                children.append(.element(try convert(child, depth: depth + 1, count: &count, limits: limits)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                children.append(.text(string(child.pointee.content)))
            case XML_ENTITY_REF_NODE, XML_ENTITY_NODE, XML_ENTITY_DECL:
                throw .entitiesRefused
            default:
                break  // comments and processing instructions
            }
            c = child.pointee.next
        }
        return XMLElement(name: string(n.name), namespace: n.ns.map { string($0.pointee.href) }, attributes: attributes,
                          children: children, line: Int(n.line))
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var s = self
        while s.last == "\n" || s.last == "\r" { s.removeLast() }
        return s
    }
}
