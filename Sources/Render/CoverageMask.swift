/// How much of each pixel of a rectangle a shape covers, 0 (none) to 255 (all).
///
/// The mask covers ``bounds`` only, in canvas pixel coordinates; pixels outside are uncovered.
/// Rows are stored top to bottom, `bounds.width` bytes each.
public struct CoverageMask: Hashable, Sendable {
    /// The covered rectangle, in canvas pixels.
    public internal(set) var bounds: PixelRect
    /// Coverage per pixel, row-major over ``bounds``.
    public internal(set) var coverage: [UInt8]

    /// An empty mask.
    public init() { bounds = .empty; coverage = [] }

    /// A mask over `bounds` with the given coverage.
    /// - Precondition: `coverage.count == bounds.area`.
    public init(bounds: PixelRect, coverage: [UInt8]) {
        precondition(coverage.count == bounds.area, "coverage must hold one byte per pixel of bounds")
        self.bounds = bounds; self.coverage = coverage
    }

    /// The mask's width in pixels.
    public var width: Int { bounds.width }
    /// The mask's height in pixels.
    public var height: Int { bounds.height }
    /// Whether no pixel is covered at all (or the mask has no pixels).
    public var isEmpty: Bool { bounds.isEmpty || !coverage.contains { $0 != 0 } }

    /// The coverage of canvas pixel (`x`, `y`); 0 outside ``bounds``.
    public subscript(x: Int, y: Int) -> UInt8 {
        guard bounds.contains(x: x, y: y) else { return 0 }
        return coverage[(y - bounds.y) * bounds.width + (x - bounds.x)]
    }

    /// The covered area in square pixels: the sum of all coverage values divided by 255.
    public var coveredArea: Double {
        var total = 0
        for c in coverage { total &+= Int(c) }
        return Double(total) / 255
    }

    /// Resizes the mask to `bounds`, keeping the storage's capacity (contents are unspecified): growth
    /// within the capacity appends zeros; growth past it takes a new buffer.
    mutating func reset(to bounds: PixelRect) {
        self.bounds = bounds
        let n = bounds.area
        if coverage.count > n {
            coverage.removeLast(coverage.count - n)
        } else if n <= coverage.capacity {
            coverage.append(contentsOf: repeatElement(0, count: n - coverage.count))
        } else {
            // A new buffer of at least the old capacity, not zeroed: the kernel writes every byte of its
            // rectangle, and the tiles' caller zero-fills first. Debug builds fill it with 0xA5, so that a
            // byte left unwritten shows in the tests. (A new buffer for every growth would save the zeroing,
            // 1.6 % of a 512 px glyph, but costs 2.5–3 % at 16–64 px: an allocation and a free dearer than
            // zeroing a small growth.)
            coverage = [UInt8](unsafeUninitializedCapacity: Swift.max(n, coverage.capacity)) { bytes, count in
                #if DEBUG
                bytes.initialize(repeating: 0xA5)
                #endif
                count = n
            }
        }
    }
}
