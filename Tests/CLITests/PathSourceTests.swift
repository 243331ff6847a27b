import Testing
@testable import PathText
import Requests

/// `TextLabel` measures its path through the cache every door shares, with the errors of the path's own call.
@Suite(.serialized) struct PathSourceTests {
    let fonts: [Typeface] = try! DefaultFonts.stack(folder: packageRoot + "/Fonts")

    @Test func pathDataIsParsedAndMeasuredOnceForEveryDoor() throws {
        // A path no other test uses, so the cache's state before is known.
        let data = "M 11 203 C 117 41 283 359 379 203"
        let path = try BezPath(svgPathData: data)
        #expect(!PathCache.shared.holdsMeasure(of: path))
        let first = try TextLabel("Kept", along: data, size: 30, fonts: fonts)
        #expect(PathCache.shared.holdsMeasure(of: path))
        let again = try TextLabel("Kept", along: path, size: 30, fonts: fonts)
        #expect(first.glyphs == again.glyphs)
        // The kept measure is the one a fresh measure gives: the same glyphs as measuring by hand.
        let fresh = try TextLabel("Kept", along: try PathMeasure(path), size: 30, fonts: fonts)
        #expect(fresh.glyphs == first.glyphs)
        #expect(first.placement.pathLength == (try PathMeasure(path)).length)
    }

    @Test func errorsAreThoseOfThePathsOwnCall() throws {
        #expect(throws: PathTextError.self) { try TextLabel("A", along: "M 0 0 Q", fonts: fonts) }
        do { _ = try TextLabel("A", along: "M 0 0 Q", fonts: fonts); Issue.record("no error") } catch {
            guard case .path = error else { Issue.record("expected a path error, got \(error)"); return }
        }
        // Over the segment limit: a layout (limit) error, for path data and for a path alike.
        var limits = ResourceLimits.default
        limits.pathSegments = 1
        var options = LabelOptions()
        options.limits = limits
        for source in ["M 0 0 L 100 0 L 200 0"] {
            do { _ = try TextLabel("A", along: source, fonts: fonts, options: options); Issue.record("no error") } catch {
                guard case .layout = error else { Issue.record("expected a limit error, got \(error)"); return }
            }
        }
        let path = try BezPath(svgPathData: "M 0 0 L 100 0 L 200 0")
        do { _ = try TextLabel("A", along: path, fonts: fonts, options: options); Issue.record("no error") } catch {
            guard case .layout = error else { Issue.record("expected a limit error, got \(error)"); return }
        }
    }
}
