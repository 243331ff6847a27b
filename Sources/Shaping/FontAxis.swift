/// One variation axis of a variable font (an `fvar` axis), in design units.
public struct FontAxis: Hashable, Sendable, CustomStringConvertible {
    /// The four-letter axis tag (`wght`, `wdth`, `opsz`, `slnt`, `ital`, or a custom one).
    public var tag: String
    /// The axis name from the font (`Weight`).
    public var name: String
    /// The smallest value the font supports.
    public var minimum: Double
    /// The value of the default instance.
    public var defaultValue: Double
    /// The largest value the font supports.
    public var maximum: Double

    /// Creates an axis description.
    public init(tag: String, name: String, minimum: Double, defaultValue: Double, maximum: Double) {
        self.tag = tag; self.name = name; self.minimum = minimum; self.defaultValue = defaultValue; self.maximum = maximum
    }

    /// `wght 100…900 (default 400)`.
    public var description: String {
        "\(tag) \(minimum.compact)…\(maximum.compact) (default \(defaultValue.compact))"
    }
}

extension Double {
    /// The number without a trailing `.0` when it is whole.
    var compact: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
