import JSON
import PathText
import Check

extension Engine {
    /// Checks a scene in every locale of a string table, as `pathtext check --json` does, and returns the
    /// report's JSON (``CheckReport/json(_:)``: one result per locale and label, and a summary).
    ///
    /// The request is `{"scene": SCENE, "strings": {"de": {"KEY": "text"}}, "shippedFontsOnly": false}`;
    /// instead of `strings`, `stringsFile` names a translation file in any format `pathtext check` reads
    /// (refused when the engine allows no file paths, as a server's does).
    /// - Throws: ``EngineError`` naming the bad key and value.
    public func checkJSON(_ request: String) throws(EngineError) -> String {
        let value: JSONValue
        do { value = try JSONValue.parse(request) } catch { throw EngineError(error.description) }
        guard case .object(let members) = value else { throw EngineError("expected an object with scene and strings, got \(value.kind)") }
        var sceneValue: JSONValue?, strings: StringTable?, shippedFontsOnly = false
        for member in members {
            switch (member.key, member.value) {
            case ("scene", let scene): sceneValue = scene
            case ("strings", .object):
                do throws(StringTableError) { strings = try StringTableReader.json(member.value.serialized()) } catch {
                    throw EngineError("strings: \(error.message)")
                }
            case ("stringsFile", .string(let path)):
                guard allowFontPaths else { throw EngineError("stringsFile: this engine reads no files: give the translations as strings") }
                do throws(StringTableError) { strings = try StringTableReader.read(path: path) } catch { throw EngineError("stringsFile: \(error.message)") }
            case ("shippedFontsOnly", .bool(let on)): shippedFontsOnly = on
            case ("strings", _): throw EngineError("strings: expected an object of locales, each an object of key: text, got \(member.value.kind)")
            case ("stringsFile", _): throw EngineError("stringsFile: expected a file name, got \(member.value.kind)")
            case ("shippedFontsOnly", _): throw EngineError("shippedFontsOnly: expected true or false, got \(member.value.kind)")
            default: throw EngineError("\(MessageText.quoted(member.key).dropFirst().dropLast()): unknown key (expected scene, strings, stringsFile, shippedFontsOnly)")
            }
        }
        guard let sceneValue else { throw EngineError("scene: required") }
        guard let strings else { throw EngineError("strings: required (or stringsFile)") }
        let scene: Scene
        do throws(EngineError) { scene = try RequestDecoding.scene(sceneValue.serialized(), allowFontPaths: allowFontPaths) } catch {
            throw EngineError("scene: " + error.message)
        }
        let results = try withResolver { r throws(EngineError) in
            // The resolver is this thread's until the block returns: switch its fallback off for this check only.
            let fallback = r.systemFallback
            if shippedFontsOnly { r.systemFallback = false }
            defer { r.systemFallback = fallback }
            do throws(SceneError) { return try LocaleChecker.check(scene, strings: strings, resolver: r) } catch {
                throw EngineError("scene: " + error.description)
            }
        }
        return CheckReport.json(results)
    }
}
