import Geometry
import Requests
@testable import SVGInput
import TestSupport

/// The package's top folder.
let packageRoot = PackagePaths.root

/// Reads an SVG document given as text.
func read(_ svg: String, strict: Bool = false) throws(SVGError) -> SVGScene {
    try SVGInput.read(Array(svg.utf8), options: SVGReadOptions(strict: strict))
}

/// A document with `body` inside an `<svg>` of 400 × 200 in the SVG namespace.
func document(_ body: String, attributes: String = "") -> String {
    "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"400\" height=\"200\" \(attributes)>\(body)</svg>"
}

/// The text of a label, its runs joined.
func text(of label: SceneLabel) -> String { label.text ?? (label.runs ?? []).map(\.text).joined() }

/// The fixture file `fixtures/svg/NAME.svg`.
func fixture(_ name: String) throws -> [UInt8] {
    var bytes: [UInt8] = []
    guard let f = fopen(packageRoot + "/fixtures/svg/\(name).svg", "rb") else { throw FixtureMissing(name: name) }
    defer { fclose(f) }
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return bytes
}

struct FixtureMissing: Error { var name: String }

#if canImport(Glibc)
import Glibc
#endif
