/// A colour with straight (not premultiplied) alpha, 8 bits per channel, sRGB.
public struct RGBAColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, green, blue and alpha, 0…255.
    public var r, g, b, a: UInt8

    /// Creates a colour from its channels.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// Opaque black.
    public static let black = RGBAColor(r: 0, g: 0, b: 0)
    /// Opaque white.
    public static let white = RGBAColor(r: 255, g: 255, b: 255)
    /// Fully transparent.
    public static let transparent = RGBAColor(r: 0, g: 0, b: 0, a: 0)

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional), or `none`/`transparent`.
    /// Returns `nil` for anything else.
    public init?(hex text: String) {
        var s = Substring(text.lowercased())
        if s == "none" || s == "transparent" { self = .transparent; return }
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.allSatisfy(\.isHexDigit) else { return nil }
        if s.count == 3 { s = Substring(s.flatMap { [$0, $0] }) }
        guard s.count == 6 || s.count == 8, let v = UInt32(s, radix: 16) else { return nil }
        if s.count == 6 {
            self.init(r: UInt8(v >> 16 & 255), g: UInt8(v >> 8 & 255), b: UInt8(v & 255))
        } else {
            self.init(r: UInt8(v >> 24), g: UInt8(v >> 16 & 255), b: UInt8(v >> 8 & 255), a: UInt8(v & 255))
        }
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var description: String {
        func h(_ v: UInt8) -> String { let s = String(v, radix: 16); return s.count == 1 ? "0" + s : s }
        return "#" + h(r) + h(g) + h(b) + (a == 255 ? "" : h(a))
    }
}
