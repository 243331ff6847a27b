/// Why the playground server could not start.
public enum PlaygroundError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server cannot listen on `host:port`.
    case cannotListen(host: String, port: UInt16, reason: String)
    /// The default fonts cannot be loaded.
    case fonts(String)
    /// libmicrohttpd, which the server runs on, cannot be loaded (the dynamic loader's message).
    case serverLibraryMissing(String)
    /// The tiles folder (`--tiles DIR`) cannot be served: the reason.
    case tiles(String)
    /// Leaflet's files are not in `folder` (Debian's `libjs-leaflet` is not installed).
    case leafletMissing(folder: String)

    /// A message for the user.
    public var description: String {
        switch self {
        case .cannotListen(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
        case .fonts(let message): message
        case .serverLibraryMissing(let why):
            "cannot load libmicrohttpd, which the server needs (install libmicrohttpd12 or libmicrohttpd-dev): \(why)"
        case .tiles(let why): "--tiles: \(why)"
        case .leafletMissing(let folder):
            "--tiles: the map page needs Leaflet, and \(folder)/leaflet.js and leaflet.css are not there: install Debian's libjs-leaflet (apt-get install libjs-leaflet, or scripts/install-deps --test)"
        }
    }
}
