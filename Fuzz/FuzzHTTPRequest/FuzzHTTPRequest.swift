// libFuzzer target: bytes → one HTTP request (route, query, headers, body) → the playground's handler, as
// `pathtext serve` calls it (access policy on, a deadline on the work).
//
// The input is: a first line `METHOD /path?query`, header lines `Name: value` up to an empty line, then
// the body. Built with `-Xswiftc -DFUZZING` (see scripts/fuzz) this file only defines
// LLVMFuzzerTestOneInput; built plainly it replays its seed corpus (fixtures/fuzz/FuzzHTTPRequest).
import Support
import Foundation
import FuzzSupport
import Geometry
import Playground

/// The service, as `pathtext serve --port 8080` makes it; its engine loads the embedded fonts once.
let service = try! PlaygroundService(access: AccessPolicy(host: "127.0.0.1", port: 8080, allowedOrigins: ["https://embed.example"]))

/// Splits the input into a request; `nil` when it has no first line.
func request(_ bytes: UnsafeRawBufferPointer) -> HTTPRequest? {
    let all = Array(bytes)
    var lines: [[UInt8]] = []
    var i = 0, start = 0
    var bodyStart = all.count
    while i < all.count {
        if all[i] == 10 {
            let line = Array(all[start..<i]).filter { $0 != 13 }
            start = i + 1
            if line.isEmpty && !lines.isEmpty { bodyStart = start; break }
            lines.append(line)
        }
        i += 1
    }
    if bodyStart == all.count && start < all.count && lines.isEmpty { lines.append(Array(all[start...])) }
    guard let first = lines.first else { return nil }
    let words = String(decoding: first, as: UTF8.self).split(separator: " ", maxSplits: 1)
    guard words.count == 2 else { return nil }
    let target = String(words[1])
    let parts = target.split(separator: "?", maxSplits: 1)
    var query: [String: String] = [:]
    if parts.count == 2 {
        for pair in parts[1].split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            query[String(kv[0])] = kv.count == 2 ? String(kv[1]) : ""
        }
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
        let text = String(decoding: line, as: UTF8.self)
        guard let colon = text.firstIndex(of: ":") else { continue }
        headers[text[..<colon].lowercased()] = String(text[text.index(after: colon)...].drop { $0 == " " })
    }
    return HTTPRequest(method: String(words[0]), path: String(parts.first ?? ""), query: query,
                       body: Array(all[min(bodyStart, all.count)...]), headers: headers)
}

/// One input. Any status is fine; a trap, a hang, a reply that is not what its content type says, or an
/// error without a message is a bug.
func fuzzHTTPRequest(_ bytes: UnsafeRawBufferPointer) {
    guard let r = request(bytes) else { return }
    let reply = withDeadline(Deadline(seconds: 2)) { service.handle(r) }
    precondition((200...599).contains(reply.status), "status \(reply.status)")
    precondition(!reply.contentType.isEmpty)
    if reply.status >= 400 {
        let object = try? JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any]
        precondition((object?["error"] as? String)?.isEmpty == false, "an error reply without a message: \(String(decoding: reply.body, as: UTF8.self))")
    } else if reply.contentType == "application/json" {
        precondition((try? JSONSerialization.jsonObject(with: Data(reply.body))) != nil, "a reply that is not JSON")
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { FuzzReplay.one(data, size, fuzzHTTPRequest) }
#else
@main enum FuzzHTTPRequestReplay { static func main() { FuzzReplay.main(name: "FuzzHTTPRequest", sourceFile: #filePath, fuzzHTTPRequest) } }
#endif
