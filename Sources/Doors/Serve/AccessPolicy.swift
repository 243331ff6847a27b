import JSON
import PathText
import Support

/// Which requests the playground answers, as local development servers decide it: the page and its API
/// belong to the address the server listens on, so other web sites the user visits cannot use them.
///
/// - `Host` must name the address the server is bound to, or `localhost` (with the server's port): a
///   DNS-rebinding page, whose requests carry its own host name, is refused.
/// - A request with an `Origin` (every cross-site `fetch` and form post has one) must come from the page's
///   own origin (`http://` + an allowed host) or from one of ``allowedOrigins`` (`--allow-origin`).
/// - API posts must say `Content-Type: application/json`, which a page on another site cannot send without
///   the browser first asking (CORS preflight) and being refused.
///
/// Refusals are 403 (host, origin) and 415 (content type). For an allowed extra origin, replies carry
/// `Access-Control-Allow-Origin` and `OPTIONS` preflights are answered.
public struct AccessPolicy: Sendable, Hashable {
    /// The address the server is bound to (`127.0.0.1`, or `0.0.0.0` for every interface).
    public var host: String
    /// The port the server listens on.
    public var port: UInt16
    /// Other origins allowed to call the API (`https://example.org`), exactly as browsers send them.
    public var allowedOrigins: [String]

    /// A policy for a server on `host:port`.
    public init(host: String, port: UInt16, allowedOrigins: [String] = []) {
        self.host = host; self.port = port
        self.allowedOrigins = allowedOrigins.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    }

    /// Why `request` is refused, as a reply, or `nil` when it is allowed.
    func refusal(_ request: HTTPRequest) -> HTTPResponse? {
        guard let host = request.headers["host"], allowsHost(host) else {
            return PlaygroundService.error(403, "the Host header must name this server (\(self.host):\(port) or localhost:\(port))")
        }
        if let origin = request.headers["origin"], !allowsOrigin(origin) {
            return PlaygroundService.error(403, "requests from other sites are refused (Origin \(MessageText.quoted(origin))); "
                                           + "start the server with --allow-origin ORIGIN to allow one")
        }
        if request.method == "POST", request.path.hasPrefix("/api/") {
            let type = request.headers["content-type"] ?? ""
            let bare = type.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() } ?? ""
            guard bare == "application/json" else {
                return PlaygroundService.error(415, "API requests must be sent as Content-Type: application/json")
            }
        }
        return nil
    }

    /// Whether `value` (a `Host` header) names this server.
    func allowsHost(_ value: String) -> Bool {
        guard let (name, port) = Self.split(value) else { return false }
        guard port == self.port || (port == nil && self.port == 80) else { return false }
        if name == "localhost" || name == host || name == "127.0.0.1" && host == "127.0.0.1" { return true }
        // Bound to every interface: any address literal (a name could be a rebinding attacker's).
        return host == "0.0.0.0" && Self.isIPv4Literal(name)
    }

    /// Whether `origin` is the page's own origin or an allowed one.
    func allowsOrigin(_ origin: String) -> Bool {
        if allowedOrigins.contains(origin) { return true }
        guard origin.hasPrefix("http://") else { return false }
        return allowsHost(String(origin.dropFirst("http://".count)))
    }

    /// The CORS headers for a reply to an allowed extra origin.
    func corsHeaders(_ request: HTTPRequest) -> [String: String] {
        guard let origin = request.headers["origin"], allowedOrigins.contains(origin) else { return [:] }
        return ["Access-Control-Allow-Origin": origin, "Vary": "Origin",
                "Access-Control-Allow-Methods": "GET, POST", "Access-Control-Allow-Headers": "Content-Type"]
    }

    /// `name[:port]` → (lower-cased name, port); `nil` when the port is not a number.
    static func split(_ value: String) -> (String, UInt16?)? {
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let first = parts.first, !first.isEmpty else { return nil }
        if parts.count == 2 {
            guard let port = UInt16(parts[1]) else { return nil }
            return (first.lowercased(), port)
        }
        return (first.lowercased(), nil)
    }

    static func isIPv4Literal(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { p in !p.isEmpty && p.count <= 3 && p.allSatisfy(\.isASCII) && UInt8(p) != nil }
    }
}

