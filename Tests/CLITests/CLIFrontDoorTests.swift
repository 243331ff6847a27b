import Testing
import Foundation
import PathText

/// Issue 22's command-line items: flags with a scene file are never ignored, "did you mean", messages that
/// state the real limits, and `pathtext` alone printing its usage.
@Suite struct CLIFrontDoorTests {
    /// The sorted distinct glyph sizes of each label of a placements reply.
    static func sizes(_ stdout: String) throws -> [[Double]] {
        let o = try #require(try json(stdout) as? [String: Any])
        let labels = try #require(o["labels"] as? [[String: Any]])
        return labels.map { l in Set((l["glyphs"] as? [[String: Any]] ?? []).compactMap { $0["size"] as? Double }).sorted() }
    }

    @Test func aLabelFlagWithASceneFileOverridesEveryLabel() throws {
        let plain = try pathtext(["render", packageRoot + "/fixtures/scenes/dial.json", "--json", "-"])
        #expect(plain.status == 0)
        #expect(try Self.sizes(plain.stdout) == [[40], [40], [84], [30]])
        let sized = try pathtext(["render", packageRoot + "/fixtures/scenes/dial.json", "--size", "20", "--json", "-"])
        #expect(sized.status == 0, "\(sized.stderr)")
        #expect(try Self.sizes(sized.stdout) == [[20], [20], [20], [20]])
        // A placement flag too: every label starts at the path's start.
        let aligned = try pathtext(["render", packageRoot + "/fixtures/scenes/dial.json", "--align", "start", "--offset", "0", "--json", "-"])
        let o = try #require(try json(aligned.stdout) as? [String: Any])
        for l in try #require(o["labels"] as? [[String: Any]]) where (l["flipped"] as? Bool) == false {
            #expect(abs((l["start"] as? Double ?? -1)) < 1e-9, "\(l["start"] ?? "")")
        }
    }

    @Test func theLabelItselfCannotBeGivenWithASceneFile() throws {
        for extra in [["--text", "Hi"], ["--path", "M0 0 L 9 0"], ["--run", "Hi"]] {
            let r = try pathtext(["render", packageRoot + "/fixtures/scenes/dial.json"] + extra + ["--out", "/tmp/never.png"])
            #expect(r.status == 2)
            #expect(r.stderr.contains("give a scene file or \(extra[0]), not both"), "\(r.stderr)")
        }
    }

    @Test func unknownCommandsAndFlagsGetTheNearestOne() throws {
        let command = try pathtext(["rnder"])
        #expect(command.status == 2)
        #expect(command.stderr == "pathtext: unknown command 'rnder' (did you mean render?)\n")
        let flag = try pathtext(["layout", "--text", "a", "--path", "M0 0 L9 0", "--alig", "center"])
        #expect(flag.status == 2)
        #expect(flag.stderr == "pathtext: unknown option --alig for 'pathtext layout' (did you mean --align?)\n")
    }

    @Test func messagesStateTheRealLimit() throws {
        let r = try pathtext(["layout", "--text", "a", "--path", "M0 0 L9 0", "--size", "12px"])
        #expect(r.status == 2)
        #expect(r.stderr == "pathtext: --size: expected a number above 0 and at most 10000, got \"12px\"\n")
    }

    @Test func noArgumentsPrintsTheUsageAndWritesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-noargs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try pathtext([], cwd: folder.path)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("usage: pathtext <command> [options]"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// The placements JSON names an embedded font by a stable name; `pathtext fonts --export DIR` writes
    /// exactly the bytes the library uses under that name.
    @Test func embeddedFontsAreExportedUnderTheirPlacementsNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-fonts-\(UUID().uuidString)/sub")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let r = try pathtext(["fonts", "--export", folder.path])
        #expect(r.status == 0, "\(r.stderr)")
        let layout = try pathtext(["layout", "--text", "Hi שלום", "--path", "M0 0 L 400 0"])
        let o = try #require(try json(layout.stdout) as? [String: Any])
        let names = try #require(o["fonts"] as? [[String: Any]]).compactMap { $0["embedded"] as? String }
        #expect(names == ["NotoSans-Regular.ttf", "NotoSansHebrew-Regular.ttf"])
        for name in names {
            let exported = try Data(contentsOf: folder.appendingPathComponent(name))
            let original = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/Fonts/" + name))
            #expect(exported == original, "\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == DefaultFonts.embeddedFileNames.count)
    }

    /// Issue 27 item 17: a name (language, font) holding NUL is refused, not cut short where C would cut it.
    @Test func namesWithNULAreRefused() throws {
        let lines = [#"{"text":"a","path":"M0 0 L99 0","lang":"ar\u0000x"}"#, #"{"text":"a","path":"M0 0 L99 0","font":"NotoSans-Regular.ttf\u0000.x"}"#]
        let r = try pathtext(["layout", "--batch"], stdin: lines.joined(separator: "\n") + "\n")
        let replies = String(decoding: r.stdout, as: UTF8.self).split(separator: "\n")
        #expect(replies.count == 2)
        #expect(replies.first?.hasPrefix(#"{"error":"lang: expected a non-empty string without NUL"#) == true, "\(replies)")
        #expect(replies.last?.hasPrefix(#"{"error":"font"#) == true, "\(replies)")
    }
}
