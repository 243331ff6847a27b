import Support
import CPathText
import PathText
import PathTextEngine

/// What `pt_layout` reads and writes: the label from its arguments, the `pt_glyph` array, the `pt_label`
/// with its diagnostics in one buffer.
enum CLayout {
    /// The options' label with `text` and `pathData` (when not NULL) in place of its own.
    static func label(_ text: UnsafePointer<CChar>?, _ pathData: UnsafePointer<CChar>?, _ options: OpaquePointer?) throws(EngineError) -> SceneLabel {
        var label = try options.map { o throws(EngineError) in try unwrapOptions(o).label } ?? SceneLabel()
        if let text { label.text = try utf8(text, "text") }
        if let pathData {
            // The catalog's path entry: the syntax and the messages of the `path` key everywhere else.
            let d = try utf8(pathData, "path_data")
            do throws(OptionValueError) { try pathEntry.read(arguments: [d], into: &label) } catch {
                throw EngineError(key: "path" + error.subpath, error.message)
            }
        }
        guard label.text != nil || label.runs != nil else { throw EngineError("text is NULL and the options give no text or runs") }
        guard label.path != nil || label.shape != nil else { throw EngineError("path_data is NULL and the options give no path") }
        return label
    }

    /// The catalog's entry for `path`, looked up once.
    private static let pathEntry = SceneLabel.catalog.first { $0.key == "path" }!

    /// Every placed glyph of `labels`, in a malloc'ed `pt_glyph` array; `nil` when out of memory.
    static func glyphs(_ labels: [PlacedLabel], fonts: FontRegistry) -> (pointer: UnsafeMutablePointer<pt_glyph>, count: Int)? {
        let total = labels.reduce(0) { $0 + $1.glyphs.count }
        guard let buffer = Syscalls.allocateForC(max(total, 1) * MemoryLayout<pt_glyph>.stride)?.bindMemory(to: pt_glyph.self, capacity: max(total, 1)) else {
            return nil
        }
        var k = 0
        // Font numbers: one registry lookup per distinct font (a label uses a handful), not per glyph, made
        // when a glyph first uses the font (the registry numbers fonts in that order).
        var known: [(font: ObjectIdentifier, number: Int32)] = []
        for label in labels {
            var numbers = [Int32?](repeating: nil, count: label.fonts.count)
            for g in label.glyphs {
                let number: Int32
                if let n = numbers[g.fontIndex] {
                    number = n
                } else {
                    let font = label.fonts[g.fontIndex], id = ObjectIdentifier(font)
                    if let hit = known.first(where: { $0.font == id }) { number = hit.number } else {
                        number = fonts.number(font)
                        known.append((id, number))
                    }
                    numbers[g.fontIndex] = number
                }
                let m = g.transform
                (buffer + k).initialize(to: pt_glyph(
                    glyph: g.glyph, font: number, cluster: Int32(truncatingIfNeeded: g.cluster),
                    x: g.origin.x, y: g.origin.y, angle: g.angle.degrees, advance: g.advance, size: g.size,
                    transform: (m.a, m.b, m.c, m.d, m.e, m.f)))
                k += 1
            }
        }
        return (buffer, total)
    }

    /// The `pt_label` of `l`, its diagnostics in one malloc'ed buffer; `nil` when out of memory.
    static func label(_ l: PlacedLabel) -> pt_label? {
        let records = l.diagnosticRecords
        var out = pt_label()
        out.path_length = l.pathLength; out.size = l.size; out.advance = l.advance; out.start = l.start
        out.rejected_angle = l.rejectedAngle ?? 0
        out.flipped = l.flipped ? 1 : 0; out.overflow = l.overflow ? 1 : 0; out.rejected = l.rejected ? 1 : 0
        out.dropped = Int32(truncatingIfNeeded: l.droppedClusters.count)
        out.missing = Int32(truncatingIfNeeded: records.filter { $0.code == .missingGlyph }.reduce(0) { $0 + $1.codePoints.count })
        guard !records.isEmpty else { return out }
        guard let block = pack(records) else { return nil }
        out.diagnostic_count = records.count
        out.diagnostics = block
        return out
    }

    /// A record's numbers as the C side names them: its numbers, then `fits` (1 or 0) when it has one.
    static func numbers(_ r: DiagnosticRecord) -> [(name: String, value: Double)] {
        r.numbers + (r.fits.map { [("fits", $0 ? 1 : 0)] } ?? [])
    }

    /// The records as `pt_diagnostic`s followed by everything they point at, in one buffer: names, numbers,
    /// clusters, code points, then the strings (each part aligned for its type).
    static func pack(_ records: [DiagnosticRecord]) -> UnsafeMutablePointer<pt_diagnostic>? {
        let numbered = records.map(numbers)
        let n = records.count
        let names = numbered.reduce(0) { $0 + $1.count }
        let clusters = records.reduce(0) { $0 + $1.clusters.count }
        let codePoints = records.reduce(0) { $0 + $1.codePoints.count }
        var strings: [String] = []
        for (r, numbers) in zip(records, numbered) {
            strings.append(r.code.rawValue); strings.append(r.message); strings += numbers.map(\.name)
            if let font = r.font { strings.append(font) }
        }
        let chars = strings.reduce(0) { $0 + $1.utf8.count + 1 }
        let namesAt = n * MemoryLayout<pt_diagnostic>.stride
        let numbersAt = namesAt + names * MemoryLayout<UnsafePointer<CChar>>.stride
        let clustersAt = numbersAt + names * MemoryLayout<Double>.stride
        let codePointsAt = clustersAt + clusters * MemoryLayout<Int32>.stride
        let charsAt = codePointsAt + codePoints * MemoryLayout<UInt32>.stride
        guard let raw = Syscalls.allocateForC(charsAt + chars) else { return nil }
        let diagnostics = raw.bindMemory(to: pt_diagnostic.self, capacity: n)
        let namePointers = (raw + namesAt).bindMemory(to: UnsafePointer<CChar>?.self, capacity: max(names, 1))
        let numbers = (raw + numbersAt).bindMemory(to: Double.self, capacity: max(names, 1))
        let clusterValues = (raw + clustersAt).bindMemory(to: Int32.self, capacity: max(clusters, 1))
        let codePointValues = (raw + codePointsAt).bindMemory(to: UInt32.self, capacity: max(codePoints, 1))
        var text = (raw + charsAt).bindMemory(to: CChar.self, capacity: max(chars, 1))
        func put(_ s: String) -> UnsafePointer<CChar> {
            let start = text
            for b in s.utf8 { text.initialize(to: CChar(bitPattern: b)); text += 1 }
            text.initialize(to: 0); text += 1
            return UnsafePointer(start)
        }
        var nameK = 0, clusterK = 0, codePointK = 0
        for (k, r) in records.enumerated() {
            var d = pt_diagnostic()
            d.code = put(r.code.rawValue)
            d.message = put(r.message)
            d.font = r.font.map(put)
            d.cluster_count = r.clusters.count
            d.clusters = r.clusters.isEmpty ? nil : UnsafePointer(clusterValues + clusterK)
            for c in r.clusters { (clusterValues + clusterK).initialize(to: Int32(truncatingIfNeeded: c)); clusterK += 1 }
            d.code_point_count = r.codePoints.count
            d.code_points = r.codePoints.isEmpty ? nil : UnsafePointer(codePointValues + codePointK)
            for c in r.codePoints { (codePointValues + codePointK).initialize(to: c); codePointK += 1 }
            let named = numbered[k]
            d.number_count = named.count
            d.number_names = named.isEmpty ? nil : UnsafePointer(namePointers + nameK)
            d.numbers = named.isEmpty ? nil : UnsafePointer(numbers + nameK)
            for (name, value) in named {
                (namePointers + nameK).initialize(to: put(name)); (numbers + nameK).initialize(to: value); nameK += 1
            }
            (diagnostics + k).initialize(to: d)
        }
        return diagnostics
    }
}
