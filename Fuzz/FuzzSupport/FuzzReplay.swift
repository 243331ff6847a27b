import Foundation

/// Runs a fuzz target's function over files, without libFuzzer: what each fuzz executable does when it is
/// built normally (without `-DFUZZING`), so plain `swift build` links and crash inputs can be replayed.
public enum FuzzReplay {
    /// Feeds every file named on the command line (folders are walked), or else every file of the
    /// target's seed corpus `fixtures/fuzz/NAME`, to `body`, and prints how many it replayed.
    /// - Parameter sourceFile: the target's `#filePath`, from which the corpus folder is found.
    public static func main(name: String, sourceFile: String, _ body: (UnsafeRawBufferPointer) -> Void) {
        let corpus = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
            .appendingPathComponent("../../fixtures/fuzz/\(name)").standardized.path
        var args = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("-") }
        if args.isEmpty { args = [corpus] }
        var count = 0
        for file in inputFiles(args) {
            guard let d = FileManager.default.contents(atPath: file) else { continue }
            d.withUnsafeBytes { body($0) }
            count += 1
        }
        print("\(name): replayed \(count) inputs")
    }

    /// libFuzzer's entry for one input: gives `body` the `size` bytes at `data` and returns 0 (keep the input).
    public static func one(_ data: UnsafePointer<UInt8>?, _ size: Int, _ body: (UnsafeRawBufferPointer) -> Void) -> CInt {
        body(UnsafeRawBufferPointer(start: data, count: size))
        return 0
    }

    /// The files named by `args`, walking folders recursively, sorted.
    public static func inputFiles(_ args: [String]) -> [String] {
        var out: [String] = []
        let fm = FileManager.default
        for a in args {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: a, isDirectory: &isDir) else { continue }
            if isDir.boolValue {
                let sub = (fm.enumerator(atPath: a)?.allObjects as? [String] ?? []).sorted()
                for s in sub {
                    var d: ObjCBool = false
                    let p = a + "/" + s
                    if fm.fileExists(atPath: p, isDirectory: &d), !d.boolValue { out.append(p) }
                }
            } else {
                out.append(a)
            }
        }
        return out
    }
}
