import Geometry
import Shaping
import Layout
/// A scene that cannot be read or drawn, with the JSON path of the bad value.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the scene the problem is: `labels[2].align`, or empty for the whole file.
    public var path: String
    /// What is wrong there: `expected start|center|end, got "middle-ish"`.
    public var message: String

    /// Creates an error at `path`.
    public init(_ path: String, _ message: String) { self.path = path; self.message = message }

    /// `labels[2].align: expected start|center|end, got "middle-ish"`.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
