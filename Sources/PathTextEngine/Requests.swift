import Foundation
import PathText

/// Every piece of request decoding the front doors (C library, Python, `pathtext layout --batch`) need,
/// in one place: a label request and a scene request, in the words of the scene files.
///
/// This is the only file of the engine that knows how scene JSON is decoded and resolved; a new decoder
/// is wired in here.
enum Requests {
    /// The resolver a request is resolved with: it loads fonts and keeps them loaded.
    typealias Resolver = SceneResolver

    /// A resolver that finds fonts in `fontsDir` (`nil`: the usual search).
    static func makeResolver(fontsDir: String?) -> Resolver { SceneResolver(fontsDir: fontsDir) }

    /// Loads the resolver's default fonts now (so a missing fonts folder is reported when an engine is
    /// made) and returns them.
    static func preload(_ resolver: Resolver) throws(EngineError) -> [Typeface] {
        do { return try resolver.embeddedStack() } catch { throw EngineError(error.description) }
    }

    /// A label request (one label object of a scene file: `{"text": …, "path": …, "size": 40}`), resolved.
    ///
    /// Errors name the key of the bad value without the scene's `labels[0].` prefix (`align: expected …`).
    static func label(_ json: String, resolver: Resolver) throws(EngineError) -> ResolvedLabel {
        guard isOneObject(json) else {
            // Report invalid JSON at the caller's own character positions; valid JSON is the wrong shape.
            do { _ = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) } catch {
                let detail = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "parse error"
                throw EngineError("not valid JSON (\(detail))")
            }
            throw EngineError("expected a label object")
        }
        // A label is decoded as the one label of a scene, so it gets the scene files' checks and messages.
        let wrapped = "{\"width\":1,\"height\":1,\"labels\":[" + json + "\n]}"
        let scene: Scene
        do { scene = try SceneJSON.decode(Data(wrapped.utf8)) } catch {
            if error.path.isEmpty {
                // Report invalid JSON at the caller's own character positions.
                do { _ = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) } catch {
                    let detail = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "parse error"
                    throw EngineError("not valid JSON (\(detail))")
                }
            }
            throw EngineError(labelMessage(error.path, error.message))
        }
        guard scene.labels.count == 1 else { throw EngineError("expected one label object") }
        do { return try resolver.resolve(scene.labels[0], index: 0) } catch {
            throw EngineError(labelMessage(error.path, error.message))
        }
    }

    /// Whether `json` is one object and nothing else: `{` first, and its matching `}` last (strings and
    /// escapes skipped), so wrapping it into a scene cannot change its meaning.
    static func isOneObject(_ json: String) -> Bool {
        var depth = 0, inString = false, escaped = false, closed = false
        var started = false
        for b in json.utf8 {
            if closed {
                if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { continue }
                return false
            }
            if !started {
                if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { continue }
                guard b == UInt8(ascii: "{") else { return false }
                started = true; depth = 1
                continue
            }
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch b {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { closed = b == UInt8(ascii: "}"); if !closed { return false } }
            default: break
            }
        }
        return closed
    }

    /// `labels[0].align`, `expected …` → `align: expected …`.
    static func labelMessage(_ path: String, _ message: String) -> String {
        var key = path
        if key.hasPrefix("labels[0]") { key.removeFirst("labels[0]".count) }
        if key.hasPrefix(".") { key.removeFirst() }
        if key.isEmpty && message.hasPrefix("expected an object") { return "expected a label object" }
        return key.isEmpty ? message : "\(key): \(message)"
    }

    /// A scene request (a whole scene file's JSON).
    static func scene(_ json: String) throws(EngineError) -> Scene {
        do { return try SceneJSON.decode(Data(json.utf8)) } catch { throw EngineError(error.description) }
    }

    /// Draws `scene` with `resolver` as a PNG or an SVG, and returns the bytes.
    static func render(_ scene: Scene, format: ImageFormat, resolver: Resolver) throws(EngineError) -> [UInt8] {
        do {
            switch format {
            case .png:
                let rendered = try SceneRenderer.render(scene, resolver: resolver)
                do { return try rendered.canvas.pngData() } catch { throw EngineError(error.description) }
            case .svg:
                let (svg, _) = try SceneRenderer.renderSVG(scene, resolver: resolver)
                return Array(svg.text.utf8)
            }
        } catch let error as SceneError {
            throw EngineError(error.description)
        } catch let error as EngineError {
            throw error
        } catch {
            throw EngineError("\(error)")
        }
    }
}
