#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Playground
import TestSupport

/// A raw HTTP/1.1 client on loopback sockets, for tests that need what URLSession hides: any Host or Origin
/// header, a source address of its own (127.0.0.2 is loopback too), a connection that sends half a request.
struct LoopbackClient {
    let port: UInt16

    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// A connected socket from `source` to the server, or -1.
    func connect(from source: String = "127.0.0.1", timeout: Double = 30) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, connected == 0 else { close(fd); return -1 }
        return fd
    }

    /// Sends all of `bytes`; false when the connection is gone.
    @discardableResult
    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + done, bytes.count - done, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// Reads until the server closes the connection (or the timeout); nil when nothing came.
    static func readAll(_ fd: Int32) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return out.isEmpty ? nil : out
    }

    /// One request on a new connection (`Connection: close`); the default headers name this server as Host
    /// and the body as JSON. `nil` when the server closed the connection without a reply.
    func request(_ method: String, _ path: String, body: [UInt8] = [], headers: [String: String?] = [:],
                 from source: String = "127.0.0.1", timeout: Double = 30) -> Reply? {
        var all: [String: String] = ["Host": "127.0.0.1:\(port)", "Connection": "close", "Content-Length": "\(body.count)"]
        if method == "POST" { all["Content-Type"] = "application/json" }
        for (k, v) in headers { all[k] = v }
        for (k, v) in headers where v == nil { all[k] = nil }
        let fd = connect(from: source, timeout: timeout)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var head = "\(method) \(path) HTTP/1.1\r\n"
        for (k, v) in all.sorted(by: { $0.key < $1.key }) { head += "\(k): \(v)\r\n" }
        head += "\r\n"
        guard Self.send(fd, Array(head.utf8) + body), let bytes = Self.readAll(fd) else { return nil }
        return Self.parse(bytes)
    }

    /// `request` with a JSON body given as text.
    func post(_ path: String, _ json: String, headers: [String: String?] = [:], timeout: Double = 30) -> Reply? {
        request("POST", path, body: Array(json.utf8), headers: headers, timeout: timeout)
    }

    static func parse(_ bytes: [UInt8]) -> Reply? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0...(max(0, bytes.count - 4))).first(where: { Array(bytes[$0..<min($0 + 4, bytes.count)]) == separator }) else { return nil }
        let lines = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = lines[0].split(separator: " ")
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Reply(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
    }
}

/// A playground server on a free loopback port, as `pathtext serve` starts it.
final class TestServer: @unchecked Sendable {
    let server: HTTPServer
    let service: PlaygroundService
    let client: LoopbackClient

    init(threads: Int = 8, timeLimit: Double = 3, allowedOrigins: [String] = [], fontsDir: String? = nil,
         connectionTimeout: Int = 3, readLimit: Double = 10) throws {
        var lastError: Error?
        for _ in 0..<20 {
            let port = Self.freePort()
            do {
                let service = try PlaygroundService(fontsDir: fontsDir, access: AccessPolicy(host: "127.0.0.1", port: port, allowedOrigins: allowedOrigins))
                server = try HTTPServer(port: port, threads: threads, connectionTimeout: connectionTimeout, timeLimit: timeLimit, readLimit: readLimit) { service.handle($0) }
                self.service = service
                client = LoopbackClient(port: port)
                return
            } catch { lastError = error }
        }
        throw lastError!
    }

    deinit { server.stop() }

    static func freePort() -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return UInt16(bigEndian: address.sin_port)
    }
}

/// The JSON object of a reply.
func jsonObject(_ reply: LoopbackClient.Reply?) -> [String: Any] {
    guard let reply, let object = try? JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any] else { return [:] }
    return object
}

/// The package's top folder.
let packageRoot = PackagePaths.root
