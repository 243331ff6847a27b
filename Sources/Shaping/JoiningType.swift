/// A character's Unicode Joining_Type (ArabicShaping.txt), as FriBidi reports it: which of its neighbours a
/// letter of a joining script connects to, in logical order.
public struct JoiningType: Hashable, Sendable {
    /// Whether the character connects to the character before it (right-joining R, dual-joining D, or
    /// join-causing C such as tatweel and ZWJ).
    public var joinsBefore: Bool
    /// Whether the character connects to the character after it (left-joining L, D or C).
    public var joinsAfter: Bool
    /// Whether joining looks through the character (T: combining marks).
    public var isTransparent: Bool

    /// The joining type of `scalar`.
    public init(_ scalar: Unicode.Scalar) {
        let raw = BidiAnalysis.rawJoiningType(scalar)
        joinsBefore = raw & 0x01 != 0
        joinsAfter = raw & 0x02 != 0
        isTransparent = raw & 0x08 != 0
    }
}
