import Support

/// Where the default fonts come from for this run: the embedded fonts, unless `--fonts-dir DIR` or
/// `$PATHTEXT_FONTS` names a folder to load the same file names from.
enum FontsFolder {
    /// The environment variable that overrides the embedded fonts with a folder of files.
    static let environmentVariable = "PATHTEXT_FONTS"

    /// The folder from `--fonts-dir`, else from `$PATHTEXT_FONTS`, else `nil` (the embedded fonts).
    /// - Throws: ``CLIError/failure(_:)`` naming the flag or variable when the folder does not exist.
    static func resolve(_ args: Arguments, environment: [String: String] = Syscalls.environment())
        throws(CLIError) -> String?
    {
        let folder: String, origin: String, hint: String
        if let flag = args.value("fonts-dir") {
            (folder, origin, hint) = (flag, "--fonts-dir", "")
        } else if let variable = environment[environmentVariable], !variable.isEmpty {
            (folder, origin, hint) = (variable, "$" + environmentVariable, " (unset \(environmentVariable) to use the embedded fonts)")
        } else {
            return nil
        }
        guard Syscalls.kind(of: folder) == .folder else {
            throw .failure("\(origin): cannot find the fonts folder \(folder)\(hint)")
        }
        return folder
    }
}
