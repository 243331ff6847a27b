/// Folders made for files about to be written, and removed again when the writing fails.
package enum Folders {
    /// Creates the folder `dir` and its missing parents, and returns the folders it created (outermost
    /// first); on a failure the folders made so far are removed again.
    /// - Throws: ``FileError/cannotWrite(path:reason:)`` naming the folder that could not be made and the
    ///   system's reason ("Not a directory", "Permission denied").
    @discardableResult
    package static func make(_ dir: String) throws(FileError) -> [String] {
        var made: [String] = []
        var prefix = dir.hasPrefix("/") ? "/" : ""
        for part in dir.split(separator: "/") {
            prefix += part
            // An existing file in the way shows up as ENOTDIR at the next level, or when writing.
            if Syscalls.makeFolder(prefix) {
                made.append(prefix)
            } else if Syscalls.lastError != Syscalls.Errno.exists {
                let why = Syscalls.message(Syscalls.lastError)
                remove(made)
                throw .cannotWrite(path: prefix, reason: why)
            }
            prefix += "/"
        }
        return made
    }

    /// Removes `made` (folders from ``make(_:)``), innermost first.
    package static func remove(_ made: [String]) {
        for folder in made.reversed() { Syscalls.removeFolder(folder) }
    }
}
