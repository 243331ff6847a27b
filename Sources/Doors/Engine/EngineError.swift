/// A request the engine could not carry out, with a message a user understands.
///
/// The error says where the bad value is as a structured key, in the scene files' spelling (`size`,
/// `labels[2].path`, `timeLimit`; empty when the request as a whole is at fault), and what is wrong there;
/// each door words the key in its own terms (the CLI as a flag, HTTP and C in the message).
public struct EngineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the bad value is: the key of a label request (`align`), the JSON path in a scene
    /// (`labels[2].align`), a setting (`timeLimit`), or empty.
    public var key: String
    /// What is wrong there: `expected start|center|end, got "middle-ish"`.
    public var reason: String

    /// Creates an error about the request as a whole (or whose `message` already names its place).
    public init(_ message: String) { key = ""; reason = message }

    /// Creates an error at `key`.
    public init(key: String, _ reason: String) { self.key = key; self.reason = reason }

    /// `key: reason`, or the reason alone.
    public var message: String { key.isEmpty ? reason : "\(key): \(reason)" }

    /// The message.
    public var description: String { message }
}
