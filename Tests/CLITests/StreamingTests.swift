import Foundation
import Testing
import PathText

/// Runs `pathtext` with `input` on stdin.
func pathtext(_ arguments: [String], stdin input: String) throws -> (status: Int32, stdout: Data, stderr: String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: pathtextBinary)
    p.arguments = arguments
    let inPipe = Pipe(), out = Pipe(), err = Pipe()
    p.standardInput = inPipe; p.standardOutput = out; p.standardError = err
    try p.run()
    let writer = Thread {
        // The command may exit without reading (a usage error) before this thread writes: with SIGPIPE
        // blocked on this thread the write fails with EPIPE instead of the signal ending the test process
        // (a race that a faster-starting binary makes likely).
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        try? inPipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try? inPipe.fileHandleForWriting.close()
    }
    writer.start()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, o, String(decoding: e, as: UTF8.self))
}

@Suite struct StreamingTests {
    let scene = ##"{"width":120,"height":60,"background":"#ffffff","labels":[{"text":"Hi","path":"M 10 40 L 110 40"}]}"##

    @Test func batchAnswersEveryLineAndGoesOnAfterABadOne() throws {
        let lines = [#"{"text":"A","path":"M0 0 L100 0"}"#, "not json", "", #"{"text":"B","path":"M0 0 L100 0","align":"middle-ish"}"#,
                     #"{"text":"Hello","path":"M 0 100 Q 100 0 200 100","size":20}"#]
        let r = try pathtext(["layout", "--batch"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(r.status == 0, "\(r.stderr)")
        let replies = String(decoding: r.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(replies.count == 4)  // the blank line is skipped
        let objects = try replies.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect((objects[1]["error"] as? String)?.hasPrefix("not valid JSON") == true)
        #expect(objects[2]["error"] as? String == #"align: expected start|center|end, got "middle-ish""#)
        // A good line's reply is what `pathtext layout` prints for the same label, on one line.
        let single = try pathtext(["layout", "--text", "Hello", "--path", "M 0 100 Q 100 0 200 100", "--size", "20"])
        #expect(String(replies[3]) == single.stdout.replacingOccurrences(of: "\n ", with: "").replacingOccurrences(of: "\n", with: ""))
        #expect(try pathtext(["layout", "--batch", "--text", "x"], stdin: "").status == 2)
    }

    @Test func renderReadsTheSceneFromStdinAndWritesTheImageToStdout() throws {
        let png = try pathtext(["render", "-", "--out", "-"], stdin: scene)
        #expect(png.status == 0, "\(png.stderr)")
        let canvas = try RasterCanvas(pngData: [UInt8](png.stdout))
        #expect(canvas.width == 120 && canvas.height == 60)
        #expect(canvas.pixel(x: 0, y: 0) == .white)
        let svg = try pathtext(["render", "-", "--out", "-", "--format", "svg"], stdin: scene)
        #expect(String(decoding: svg.stdout, as: UTF8.self).contains("<svg"))
        #expect(try pathtext(["render", "-", "--out", "-", "--format", "gif"], stdin: scene).status == 2)
        let bad = try pathtext(["render", "-", "--out", "-"], stdin: #"{"width":10,"height":10,"labels":[{"text":"x","path":"M0 0 L 5"}]}"#)
        #expect(bad.status == 1 && bad.stdout.isEmpty && bad.stderr.contains("labels[0].path"))
    }

    @Test func jsonWithoutOutWritesOnlyThePlacements() throws {
        let r = try pathtext(["render", "-", "--json", "-"], stdin: scene)
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        #expect(((object["labels"] as? [[String: Any]])?.first?["glyphs"] as? [Any])?.count == 2)
        #expect(try pathtext(["render", "-", "--out", "-", "--json", "-"], stdin: scene).status == 2)
        #expect(try pathtext(["render", "-"], stdin: scene).status == 2)
    }
}
