import JSON
import Support
import PathText

/// The command line read from `argv`'s bytes, so that invalid UTF-8 is an error naming the argument
/// rather than text silently changed to U+FFFD (as `CommandLine.arguments` does).
enum CommandLineBytes {
    /// The arguments after the program name, or `nil` after printing an error when one is not UTF-8.
    static func arguments() -> [String]? {
        var words: [String] = []
        let argv = CommandLine.unsafeArgv
        for k in 1..<Int(CommandLine.argc) {
            guard let p = argv[k] else { continue }
            let bytes = Syscalls.bytes(ofCString: p)
            guard let word = String(validating: bytes, as: UTF8.self) else {
                let previous = words.last
                let name = previous.map { $0.hasPrefix("--") && !$0.contains("=") ? "\($0)" : "argument \(k)" } ?? "argument \(k)"
                printError("pathtext: \(name): not valid UTF-8: \(shown(bytes))")
                return nil
            }
            words.append(word)
        }
        return words
    }

    /// The bytes in quotes, valid UTF-8 as text (control characters escaped), other bytes as `\xNN`,
    /// shortened to about 80 characters.
    static func shown(_ bytes: [UInt8]) -> String {
        var out = "", i = 0
        while i < bytes.count, out.count < MessageText.maximumLength - 3 {
            // The longest valid UTF-8 sequence starting here (1–4 bytes), else one raw byte.
            var taken = false
            for n in [1, 2, 3, 4] where i + n <= bytes.count {
                if let s = String(validating: bytes[i..<i + n], as: UTF8.self), s.unicodeScalars.count == 1 {
                    out += MessageText.escaped(s); i += n; taken = true
                    break
                }
            }
            if !taken { out += "\\x" + (bytes[i] < 16 ? "0" : "") + String(bytes[i], radix: 16, uppercase: true); i += 1 }
        }
        return "\"" + out + (i < bytes.count ? "…" : "") + "\""
    }
}
