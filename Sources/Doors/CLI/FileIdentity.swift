#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which file a path names, so outputs can be compared with inputs and with each other however they are
/// spelled (`./a.json`, `dir/../a.json`, a symbolic link, a hard link).
///
/// An existing file is its device and inode (looked up as written, then with `.` and `..` removed); a
/// file not yet there is the real path of its folder plus its name (or, when the folder is missing
/// too, the absolute path with `.` and `..` removed).
struct FileIdentity: Hashable {
    /// `dev:ino` or the canonical path.
    let key: String
    /// A device, FIFO or socket (`/dev/null`, a named pipe): writing it replaces nothing, so it may be
    /// an output more than once and may also be read.
    let isSpecial: Bool

    /// The identity of the file `path` names (following symbolic links).
    init(_ path: String) {
        // `dir/../a.json` with `dir` missing: the folder is created before writing, so it is `a.json`.
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var st = stat()
        if stat(path, &st) == 0 || stat(url.path, &st) == 0 {
            key = "\(st.st_dev):\(st.st_ino)"
            isSpecial = st.st_mode & S_IFMT != S_IFREG && st.st_mode & S_IFMT != S_IFDIR
            return
        }
        isSpecial = false
        let parent = url.deletingLastPathComponent().path
        if let real = realpath(parent, nil) {
            defer { free(real) }
            key = String(cString: real) + "/" + url.lastPathComponent
        } else {
            key = url.path
        }
    }
}
