import Support
internal import CMicroHTTPD
import Dispatch

/// An HTTP request as a ``HTTPServer`` handler sees it: the body is complete and within the size limit.
public struct HTTPRequest: Sendable {
    /// `GET`, `POST`, …
    public var method: String
    /// The path without the query string: `/api/layout`.
    public var path: String
    /// The query arguments (`?format=png` gives `["format": "png"]`).
    public var query: [String: String]
    /// The request body.
    public var body: [UInt8]
    /// The request headers, by lower-case name (`host`, `origin`, `content-type`).
    public var headers: [String: String]

    /// Creates a request (tests call handlers directly with these).
    public init(method: String, path: String, query: [String: String] = [:], body: [UInt8] = [],
                headers: [String: String] = [:]) {
        self.method = method; self.path = path; self.query = query; self.body = body; self.headers = headers
    }
}

/// An HTTP response: a status, a content type and the bytes.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The `Content-Type` header.
    public var contentType: String
    /// The body.
    public var body: [UInt8]
    /// More headers (`Access-Control-Allow-Origin`, `Vary`).
    public var headers: [String: String] = [:]

    /// Creates a response.
    public init(status: Int = 200, contentType: String, body: [UInt8], headers: [String: String] = [:]) {
        self.status = status; self.contentType = contentType; self.body = body; self.headers = headers
    }
}

/// A minimal HTTP server on libmicrohttpd: the one file that touches it (through `CMicroHTTPD`, which loads
/// the library with `dlopen` when the first server starts, so other runs of the program never load it).
///
/// libmicrohttpd parses HTTP and gives every connection a thread of its own, so a connection never waits behind
/// another's request; each complete request is handed to `handler` on its connection's thread, so the handler
/// must be safe to call concurrently. At most `threads` handlers run at once; the others wait for a turn.
///
/// Every cost is bounded:
/// - bodies larger than `maximumBodySize` are answered with 413 without calling the handler;
/// - a connection idle for `connectionTimeout` seconds (a client sending its headers slowly, or not
///   reading the reply) is closed;
/// - at most `connectionLimit` connections are open, at most `perIPConnectionLimit` of them from one
///   address, so slow clients from one address cannot take every connection;
/// - each request has `timeLimit` seconds, counted from when it arrived: waiting for a turn, then the work,
///   which runs with that ``Deadline`` (the layout, render and path loops check it). A request that gets no
///   turn in time is answered 503.
///
/// The daemon stops when ``stop()`` is called or the server is released.
public final class HTTPServer: @unchecked Sendable {
    // Raw pointers never leave this file. The daemon handle is set once in `init` and cleared in `stop`, which
    // callers run on the thread that created the server (libmicrohttpd's own threads never touch it).
    private var daemon: OpaquePointer?
    private let context: Unmanaged<Context>

    /// The address the server listens on.
    public let host: String
    /// The port the server listens on.
    public let port: UInt16

    /// What the C callbacks need: the handler and the limits.
    private final class Context: Sendable {
        let handler: @Sendable (HTTPRequest) -> HTTPResponse
        let maximumBodySize: Int
        let timeLimit: Double
        let readLimit: Double
        /// One token per handler that may run at once.
        let turns: DispatchSemaphore
        /// The connections still receiving a request (headers and body), by connection, with their socket
        /// and when the request began: the watchdog shuts down those past ``readLimit``.
        let reading = Locked<[UInt: (socket: Int32, since: ContinuousClock.Instant)]>([:])
        let watching = Locked<Bool>(true)
        let watchdogDone = DispatchSemaphore(value: 0)
        init(handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse, maximumBodySize: Int, timeLimit: Double, readLimit: Double, threads: Int) {
            self.handler = handler; self.maximumBodySize = maximumBodySize; self.timeLimit = timeLimit; self.readLimit = readLimit
            turns = DispatchSemaphore(value: threads)
        }

        /// Every 100 ms, shuts down the sockets of connections that have spent more than ``readLimit``
        /// seconds on one request's headers and body (a client trickling a byte a second resets the
        /// idle timeout forever, and 32 of them fill the per-address limit).
        func watch() {
            while watching.withLock({ $0 }) {
                let now = ContinuousClock.now
                reading.withLock { table in
                    for (key, entry) in table where entry.since.duration(to: now) > .milliseconds(Int64(readLimit * 1000)) {
                        Syscalls.shutdownSocket(entry.socket)
                        table[key] = nil
                    }
                }
                Syscalls.sleep(microseconds: 100_000)
            }
            watchdogDone.signal()
        }
    }

    /// One connection's request body as it arrives; owned by libmicrohttpd's per-request pointer.
    private final class Upload {
        var body: [UInt8] = []
        var tooLarge = false
        /// The 400 reply for headers that are ambiguous (see ``HTTPServer/ambiguity(_:)``), decided when they
        /// are complete; the body is then read and dropped.
        var refused: String? = nil
        /// Set when the headers are complete (the first call for the request).
        let deadline: Deadline
        init(deadline: Deadline) { self.deadline = deadline }
    }

    /// Starts listening on `host:port` (an IPv4 address; `127.0.0.1` by default); at most `threads` requests are
    /// worked on at once. See the type's documentation for the limits.
    /// - Throws: ``PlaygroundError/cannotListen(host:port:reason:)`` when the address is invalid or the port is
    ///   taken, ``PlaygroundError/serverLibraryMissing(_:)`` when libmicrohttpd cannot be loaded.
    /// - Parameter readLimit: the most seconds one request's headers and body may take to arrive, however
    ///   steadily they trickle (the connection is then closed).
    public init(host: String = "127.0.0.1", port: UInt16, threads: Int = 8, maximumBodySize: Int = 1 << 20,
                connectionTimeout: Int = 3, connectionLimit: Int = 256, perIPConnectionLimit: Int = 32,
                timeLimit: Double = 3, readLimit: Double = 10, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws(PlaygroundError) {
        self.host = host
        self.port = port
        context = Unmanaged.passRetained(Context(handler: handler, maximumBodySize: maximumBodySize, timeLimit: timeLimit,
                                                 readLimit: readLimit.isFinite ? max(0.1, min(readLimit, 3600)) : 10, threads: max(1, threads)))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        // Every stored property is set from here on, so a throw below runs `deinit`, which releases `context`.
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw .cannotListen(host: host, port: port, reason: "not an IPv4 address")
        }
        if let why = pt_mhd_load() { throw .serverLibraryMissing(String(cString: why)) }
        // A thread per connection (so no request waits behind another connection's), polled with poll(2)
        // (no FD_SETSIZE ceiling).
        let flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue) | UInt32(MHD_USE_THREAD_PER_CONNECTION.rawValue)
            | UInt32(MHD_USE_POLL.rawValue) | UInt32(MHD_USE_ERROR_LOG.rawValue)
        let started: OpaquePointer? = withUnsafePointer(to: &address) { addressPointer in
            let options: [any CVarArg] = [
                Int(MHD_OPTION.NOTIFY_COMPLETED.rawValue), unsafeBitCast(Self.completed, to: OpaquePointer.self), OpaquePointer(context.toOpaque()),
                Int(MHD_OPTION.NOTIFY_CONNECTION.rawValue), unsafeBitCast(Self.connectionEvent, to: OpaquePointer.self), OpaquePointer(context.toOpaque()),
                Int(MHD_OPTION.CONNECTION_TIMEOUT.rawValue), UInt32(max(1, connectionTimeout)),
                Int(MHD_OPTION.CONNECTION_LIMIT.rawValue), UInt32(max(1, connectionLimit)),
                Int(MHD_OPTION.PER_IP_CONNECTION_LIMIT.rawValue), UInt32(max(1, perIPConnectionLimit)),
                Int(MHD_OPTION.SOCK_ADDR.rawValue), OpaquePointer(addressPointer),
                Int(MHD_OPTION.END.rawValue),
            ]
            return withVaList(options) { va in
                pt_mhd_start_daemon_va(flags, port, nil, nil, Self.access, context.toOpaque(), va)
            }
        }
        guard let started else {
            throw .cannotListen(host: host, port: port, reason: "the address is in use or not available")
        }
        daemon = started
        let watched = context.takeUnretainedValue()
        DispatchQueue.global().async { watched.watch() }
    }

    /// Stops listening and waits for the worker threads to finish.
    public func stop() {
        guard let d = daemon else { return }
        daemon = nil
        let c = context.takeUnretainedValue()
        c.watching.withLock { $0 = false }
        c.watchdogDone.wait()
        pt_mhd_stop_daemon(d)
    }

    deinit {
        stop()
        context.release()
    }

    /// Called for every request, several times for one with a body: first to set up, then once per chunk, then
    /// once with no data to answer.
    private static let access: MHD_AccessHandlerCallback = { cls, connection, url, method, _, data, size, perRequest in
        guard let cls, let connection, let perRequest, let size else { return .NO }
        let context = Unmanaged<Context>.fromOpaque(cls).takeUnretainedValue()
        guard let state = perRequest.pointee else {
            let upload = Upload(deadline: Deadline(seconds: context.timeLimit))
            let headers = QueryBox(lowercased: true)
            _ = pt_mhd_get_connection_values(connection, .HEADER_KIND, HTTPServer.queryArgument,
                                          Unmanaged.passUnretained(headers).toOpaque())
            upload.refused = HTTPServer.ambiguity(headers)
            perRequest.pointee = Unmanaged.passRetained(upload).toOpaque()
            return .YES
        }
        let upload = Unmanaged<Upload>.fromOpaque(state).takeUnretainedValue()
        if size.pointee == 0 {
            // The request has arrived: its connection is no longer reading (the work has its own deadline).
            let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
            context.reading.withLock { $0[key] = nil }
        }
        if size.pointee > 0 {
            if let data, !upload.tooLarge, upload.refused == nil {
                if upload.body.count + size.pointee > context.maximumBodySize {
                    upload.tooLarge = true
                    upload.body = []
                } else {
                    data.withMemoryRebound(to: UInt8.self, capacity: size.pointee) {
                        upload.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size.pointee))
                    }
                }
            }
            size.pointee = 0
            return .YES
        }
        let response: HTTPResponse
        if let why = upload.refused {
            response = PlaygroundService.error(400, why)
        } else if upload.tooLarge {
            response = PlaygroundService.error(413, "the request body is larger than \(context.maximumBodySize) bytes")
        } else {
            let path = url.map { String(cString: $0) } ?? "/"
            let query = QueryBox(lowercased: false), headers = QueryBox(lowercased: true)
            _ = pt_mhd_get_connection_values(connection, .GET_ARGUMENT_KIND, HTTPServer.queryArgument,
                                          Unmanaged.passUnretained(query).toOpaque())
            _ = pt_mhd_get_connection_values(connection, .HEADER_KIND, HTTPServer.queryArgument,
                                          Unmanaged.passUnretained(headers).toOpaque())
            let request = HTTPRequest(method: method.map { String(cString: $0) } ?? "GET",
                                      path: path, query: query.values, body: upload.body, headers: headers.values)
            response = HTTPServer.answer(request, context: context, deadline: upload.deadline)
        }
        return HTTPServer.send(response, on: connection)
    }

    /// Waits for a turn until the request's deadline, then runs the handler with that deadline; 503 when no
    /// turn came in time.
    private static func answer(_ request: HTTPRequest, context: Context, deadline: Deadline) -> HTTPResponse {
        let wait = DispatchTime.now() + .nanoseconds(Int(min(deadline.secondsLeft, 1e6) * 1e9))
        guard context.turns.wait(timeout: wait) == .success else {
            return PlaygroundService.error(503, "the server is busy: try again")
        }
        defer { context.turns.signal() }
        guard !deadline.hasPassed else { return PlaygroundService.error(503, "the server is busy: try again") }
        return withDeadline(deadline) { context.handler(request) }
    }

    /// Collects the query arguments or headers of one request (header names in lower case). The first
    /// value of a name is kept; every value is listed in ``all``.
    private final class QueryBox {
        let lowercased: Bool
        var values: [String: String] = [:]
        var all: [String: [String]] = [:]
        init(lowercased: Bool) { self.lowercased = lowercased }
    }

    private static let queryArgument: MHD_KeyValueIterator = { cls, _, key, value in
        guard let cls, let key else { return .YES }
        let box = Unmanaged<QueryBox>.fromOpaque(cls).takeUnretainedValue()
        let raw = String(cString: key)
        let name = box.lowercased ? raw.lowercased() : raw
        let v = value.map { String(cString: $0) } ?? ""
        if box.values[name] == nil { box.values[name] = v }
        box.all[name, default: []].append(v)
        return .YES
    }

    /// Why headers are refused as ambiguous, or `nil`: a second `Host` or `Origin` (a proxy and this
    /// server could read different ones, and the access checks must see the one that counts), more than
    /// one `Content-Length` or a list of them, or `Content-Length` with `Transfer-Encoding` (request
    /// smuggling's shapes; RFC 9112 §6.3 says such a request must be refused).
    private static func ambiguity(_ headers: QueryBox) -> String? {
        for name in ["host", "origin"] where (headers.all[name]?.count ?? 0) > 1 {
            return "the request has \(headers.all[name]!.count) \(name == "host" ? "Host" : "Origin") headers: send one"
        }
        if let lengths = headers.all["content-length"] {
            if lengths.count > 1 || lengths[0].contains(",") { return "the request has more than one Content-Length: send one" }
            if headers.all["transfer-encoding"] != nil { return "the request has both Content-Length and Transfer-Encoding: send one" }
        }
        return nil
    }

    /// Releases a request's upload state when libmicrohttpd is done with it (also after an aborted upload).
    /// (A kept-alive connection starts reading its next request: it is watched again.)
    private static let completed: MHD_RequestCompletedCallback = { cls, connection, perRequest, _ in
        if let cls, let connection {
            let context = Unmanaged<Context>.fromOpaque(cls).takeUnretainedValue()
            let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
            let socket = pt_mhd_connection_socket(connection)
            if socket >= 0 { context.reading.withLock { $0[key] = (socket, ContinuousClock.now) } }
        }
        guard let perRequest, let state = perRequest.pointee else { return }
        Unmanaged<Upload>.fromOpaque(state).release()
        perRequest.pointee = nil
    }

    /// A connection opened (watched from now: its first request is being read) or closed (forgotten,
    /// before libmicrohttpd closes its socket, so the watchdog never shuts down a reused descriptor).
    private static let connectionEvent: MHD_NotifyConnectionCallback = { cls, connection, _, event in
        guard let cls, let connection else { return }
        let context = Unmanaged<Context>.fromOpaque(cls).takeUnretainedValue()
        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
        if event.rawValue == 0 {  // MHD_CONNECTION_NOTIFY_STARTED
            let socket = pt_mhd_connection_socket(connection)
            if socket >= 0 { context.reading.withLock { $0[key] = (socket, ContinuousClock.now) } }
        } else {
            context.reading.withLock { $0[key] = nil }
        }
    }

    private static func send(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let made = response.body.withUnsafeBytes { bytes in
            pt_mhd_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                                            .RESPMEM_MUST_COPY)
        }
        guard let made else { return .NO }
        defer { pt_mhd_destroy_response(made) }
        pt_mhd_add_response_header(made, "Content-Type", response.contentType)
        pt_mhd_add_response_header(made, "Cache-Control", "no-store")
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { pt_mhd_add_response_header(made, name, value) }
        return pt_mhd_queue_response(connection, UInt32(response.status), made)
    }
}
