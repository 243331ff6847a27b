import Support

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
        let standard = PathNames.standardized(path, workingFolder: Syscalls.absolutePath("."))
        if let id = Syscalls.identity(of: path) ?? Syscalls.identity(of: standard) {
            key = "\(id.device):\(id.inode)"
            isSpecial = id.kind == .special
            return
        }
        isSpecial = false
        if let real = Syscalls.realPath(PathNames.folder(of: standard)) {
            key = real + "/" + PathNames.lastComponent(of: standard)
        } else {
            key = standard
        }
    }
}
