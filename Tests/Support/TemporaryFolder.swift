import Foundation

/// Calls `body` with the path of a new, empty folder in the temporary folder (named `prefix` and a UUID),
/// and removes the folder and what `body` left in it afterwards, whether `body` returns or throws.
public func withTemporaryFolder<T>(_ prefix: String, _ body: (String) throws -> T) throws -> T {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    return try body(dir)
}
