/// A rectangle of whole pixels: columns `x..<x+width`, rows `y..<y+height`, y down.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// The number of columns (never negative).
    public var width: Int
    /// The number of rows (never negative).
    public var height: Int

    /// Creates a rectangle; negative sizes become zero.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }

    /// An empty rectangle at the origin.
    public static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// One past the right column.
    public var maxX: Int { x + width }
    /// One past the bottom row.
    public var maxY: Int { y + height }
    /// Whether the rectangle holds no pixel.
    public var isEmpty: Bool { width == 0 || height == 0 }
    /// The number of pixels.
    public var area: Int { width * height }

    /// Whether pixel (`px`, `py`) lies inside.
    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

    /// The common part of two rectangles (empty, at `self`'s origin, when they do not meet).
    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        guard x1 > x0, y1 > y0 else { return PixelRect(x: x, y: y, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `x,y wxh`.
    public var description: String { "\(x),\(y) \(width)x\(height)" }
}
