/// Why the playground server could not start.
public enum PlaygroundError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server cannot listen on `host:port`.
    case cannotListen(host: String, port: UInt16, reason: String)

    /// A message for the user.
    public var description: String {
        switch self {
        case .cannotListen(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
        }
    }
}
