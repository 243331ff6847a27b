/// A request the engine could not carry out, with a message a user understands.
///
/// Messages name the key of the bad value as the scene files spell it (`align: expected start|center|end,
/// got "middle-ish"`), or the argument at fault.
public struct EngineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    /// Creates an error with `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
