import Testing
import Foundation
import Geometry
import Shaping
import Layout
import Render
@testable import Requests

/// The catalog is the one declaration of every label option: these tests hold the option table, scene keys and
/// the typed model to it.
@Suite struct LabelCatalogTests {
    /// One sample value per catalog key and the typed value it must decode to. Adding an option adds a row.
    static let samples: [(key: String, json: String, check: @Sendable (SceneLabel) -> Bool)] = [
        ("text", ##""Hi""##, { $0.text == "Hi" }),
        ("runs", ##"[{"text": "a", "color": "#ff0000"}, {"text": "b", "size": 12}]"##,
         { $0.runs == [SceneRun(text: "a", style: RunStyle(color: RGBAColor(rgb: 0xff0000))), SceneRun(text: "b", style: RunStyle(size: 12))] }),
        ("path", ##""M 0 0 L 10 0""##, { $0.path == BezPath.line(from: .zero, to: Point(10, 0)) }),
        ("shape", ##""ring""##, { $0.shape == "ring" }),
        ("font", ##"["NotoSerif-Regular.ttf"]"##, { $0.style.fonts == ["NotoSerif-Regular.ttf"] }),
        ("fontFamily", ##"["Noto Sans:Bold"]"##, { $0.style.fontFamilies == [FontFamilyName(family: "Noto Sans", style: "Bold")!] }),
        ("fontWeight", ##""bold""##, { $0.style.fontWeight == 700 }),
        ("fontStretch", ##""semi-condensed""##, { $0.style.fontStretch == 87.5 }),
        ("fontStyle", ##""oblique 10deg""##, { $0.style.fontStyle == .oblique(angle: 10) }),
        ("fontVariationSettings", ##""wght=650,'wdth' 80""##, {
            $0.style.fontVariationSettings == [FontVariation(tag: "wght", value: 650), FontVariation(tag: "wdth", value: 80)]
        }),
        ("fontOpticalSizing", "false", { $0.style.fontOpticalSizing == false }),
        ("fontKerning", ##""none""##, { $0.style.fontKerning == FontKerning.none }),
        ("fontVariant", ##""all-small-caps tabular-nums""##, { $0.style.fontVariant?.features.map(\.tag) == ["smcp", "c2sc", "tnum"] }),
        ("size", "12.5", { $0.style.size == 12.5 }),
        ("color", ##""#336699""##, { $0.style.color == RGBAColor(rgb: 0x336699) }),
        ("features", ##""kern=0,smcp[0:3]""##, { $0.style.features == [FeatureSetting(tag: "kern", value: 0), FeatureSetting(tag: "smcp", start: 0, end: 3)] }),
        ("lang", ##""ar""##, { $0.style.language == "ar" }),
        ("letterSpacing", "-1.5", { $0.style.letterSpacing == -1.5 }),
        ("embeddedFonts", "false", { $0.style.embeddedFonts == false }),
        ("systemFonts", "false", { $0.style.systemFonts == false }),
        ("wordSpacing", "4", { $0.style.wordSpacing == 4 }),
        ("baselineShift", "-3", { $0.style.baselineShift == -3 }),
        ("fontSynthesis", ##""weight""##, { $0.style.fontSynthesis == .weight }),
        ("fillGradient", ##""linear-gradient(0 0 1 0, #ff0000, #0000ff 100%)""##,
         { $0.style.fillGradient == Gradient(.linear(start: Point(0, 0), end: Point(1, 0)),
                                             stops: [GradientStop(offset: 0, color: RGBAColor(rgb: 0xff0000)), GradientStop(offset: 1, color: RGBAColor(rgb: 0x0000ff))]) }),
        ("fillOpacity", "0.25", { $0.style.fillOpacity == 0.25 }),
        ("stroke", ##""#00ff00""##, { $0.style.stroke == RGBAColor(rgb: 0x00ff00) && $0.style.paint.stroke?.width == 1 }),
        ("strokeGradient", ##""radial-gradient(userSpaceOnUse reflect 10 20 5, #ff0000, #0000ff)""##,
         { if case .radial(_, 0, Point(10, 20), 5)? = $0.style.strokeGradient?.shape { $0.style.strokeGradient?.spread == .reflect && $0.style.strokeGradient?.units == .userSpaceOnUse } else { false } }),
        ("strokeWidth", "2.5", { $0.style.strokeWidth == 2.5 }),
        ("strokeOpacity", "0.5", { $0.style.strokeOpacity == 0.5 }),
        ("strokeLinejoin", ##""bevel""##, { $0.style.strokeLinejoin == .bevel }),
        ("strokeMiterlimit", "2", { $0.style.strokeMiterlimit == 2 }),
        ("strokeDasharray", "[6, 3]", { $0.style.strokeDasharray == [6, 3] }),
        ("strokeDashoffset", "2", { $0.style.strokeDashoffset == 2 }),
        ("opacity", "0.75", { $0.style.opacity == 0.75 }),
        ("paintOrder", ##""stroke""##, { $0.style.paintOrder == .strokeFirst }),
        ("dir", ##""rtl""##, { $0.direction == .rtl }),
        ("align", ##""right""##, { $0.options.align == .end }),
        ("offset", ##""-25%""##, { $0.options.offset == .percent(-25) }),
        ("side", ##""right""##, { $0.options.side == .right }),
        ("baseline", ##""hanging""##, { $0.options.baseline == .hanging }),
        ("dx", "[1, 2.5, -3]", { $0.options.dx == [1, 2.5, -3] }),
        ("dy", "-12", { $0.options.dy == -12 && $0.options.clusterDy.isEmpty }),
        ("shift", ##""normal""##, { $0.options.shift == .normal }),
        ("rotate", "[10, -20]", { $0.options.rotate == [10, -20] }),
        ("rotateAbout", ##""origin""##, { $0.options.rotateAbout == .origin }),
        ("upright", ##""off""##, { $0.options.upright == .off }),
        ("method", ##""chord""##, { $0.options.method == .chord }),
        ("overflow", ##""shrink""##, { $0.options.overflow == .shrink(minimumSize: 6) }),
        ("minSize", "4", { _ in true }),   // alone it has nothing to refine; see minSizeRefinesShrink
        ("maxLines", "3", { $0.options.maxLines == 3 }),
        ("lineHeight", "50", { $0.options.lineHeight == 50 }),
        ("fit", ##""stretch""##, { $0.options.fit == .stretch(length: nil) }),
        ("length", "300", { $0.options.fit == .spacing(length: 300) }),
        ("warp", ##""bend""##, { $0.options.warp == .bend }),
        ("maxAngle", "45", { $0.options.maxAngle == 45 }),
        ("repeat", "20", { $0.options.repeat == 20 }),
        ("writingMode", ##""vertical""##, { $0.options.writingMode == .vertical }),
        ("textOrientation", ##""upright""##, { $0.options.textOrientation == .upright }),
        ("decoration", ##"["underline", "line-through"]"##, { $0.options.decoration == [.underline, .lineThrough] }),
        ("decorationSkipInk", "true", { $0.options.decorationSkipInk }),
        ("haloColor", ##""#000000""##, { $0.options.haloColor == .black && $0.options.halo == nil }),
        ("haloWidth", "2.5", { $0.options.halo == Halo(color: .white, width: 2.5) }),
        ("span", ##"["200deg", "75%"]"##, { $0.options.span == PathSpan(from: .degrees(200), to: .percent(75)) }),
        ("cursiveTracking", ##""apply""##, { $0.options.cursiveTracking == .apply }),
        ("closedPath", ##""clip""##, { $0.options.closedPath == .clip }),
        ("missingGlyphs", ##""error""##, { $0.options.missingGlyphs == .error }),
        ("blend", ##""knockout""##, { $0.blend == .destinationOut }),
    ]

    func label(_ json: String) throws -> SceneLabel { try SceneJSON.decodeLabel(Array(json.utf8)) }

    @Test func everyKeyHasASampleAndDecodesToItsTypedValue() throws {
        #expect(Self.samples.map(\.key) == SceneLabel.catalog.map(\.key))
        for (key, json, check) in Self.samples {
            let l = try label("{\"\(key)\": \(json)}")
            #expect(check(l), "\(key): \(json)")
            // Written back, the key has the same value (the defaults are left out).
            let again = try label(String(decoding: SceneJSON.encodeLabel(l), as: UTF8.self))
            #expect(again == l, "\(key) does not round-trip")
        }
    }

    @Test func flagsAreTheKeysKebabCased() {
        for e in SceneLabel.catalog where e.flag != nil {
            #expect(e.flag == OptionEntry<SceneLabel>.kebab(e.key))
        }
        #expect(OptionEntry<SceneLabel>.kebab("letterSpacing") == "letter-spacing")
        #expect(OptionEntry<SceneLabel>.kebab("fontVariationSettings") == "font-variation-settings")
        #expect(OptionEntry<SceneLabel>.kebab("x") == "x" && OptionEntry<SceneLabel>.kebab("") == "")
        #expect(Set(SceneLabel.catalog.compactMap(\.flag)).count == SceneLabel.catalog.compactMap(\.flag).count)
        #expect(SceneLabel.catalog.filter { $0.flag == nil }.map(\.key) == ["runs", "shape"])
    }

    @Test func nullIsTheSameAsAbsent() throws {
        #expect(try label(##"{"text": "a", "font": null, "size": null, "align": null}"##) == SceneLabel(text: "a"))
    }

    @Test func minSizeRefinesShrinkAndLengthRefinesFit() throws {
        #expect(try label(##"{"overflow": "shrink", "minSize": 4}"##).options.overflow == .shrink(minimumSize: 4))
        #expect(try label(##"{"minSize": 4, "overflow": "shrink"}"##).options.overflow == .shrink(minimumSize: 4))  // key order does not matter
        #expect(try label(##"{"minSize": 4}"##).options.overflow == .visible)
        // In a chain, minSize sets the chain's shrink.
        #expect(try label(##"{"overflow": ["shrink", "wrap"], "minSize": 4}"##).options.overflow == .chain([.shrink(minimumSize: 4), .wrap]))
        #expect(try label(##"{"fit": "stretch", "length": 50}"##).options.fit == .stretch(length: 50))
    }

    @Test func valuesOutsideTheirRangeNameTheKeyAndTheValue() {
        func error(_ json: String) -> String? {
            do { _ = try SceneJSON.decodeLabel(Array(json.utf8)); return nil } catch { return error.description }
        }
        #expect(error(##"{"offset": "1e308%"}"##) == ##"offset: expected an offset of at most 1000000000 px or 1000000%, got "1e308%""##)
        #expect(error(##"{"repeat": -10}"##) == "repeat: expected a number from 0 to 1000000000, got -10")
        #expect(error(##"{"maxAngle": -5}"##) == "maxAngle: expected a number from 0 to 180, got -5")
        #expect(error(##"{"size": 0}"##) == "size: expected a number above 0 and at most 10000, got 0")
        #expect(error(##"{"size": "12"}"##) == ##"size: expected a number above 0 and at most 10000, got "12""##)
        #expect(error(##"{"runs": [{"text": "a"}, {"text": "b", "color": "teal"}]}"##)
                == ##"runs[1].color: expected a colour #RRGGBB or #RRGGBBAA, got "teal""##)
        #expect(error(##"{"runs": [{"color": "#fff"}]}"##) == "runs[0].text: required")
        #expect(error(##"{"fontFamily": ["::"]}"##) == ##"fontFamily[0]: expected a font family such as "Noto Sans" or "Noto Sans:Bold", got "::""##)
        #expect(error(##"{"align": "\u001b[2J"}"##) == ##"align: expected start|center|end, got "\u{1B}[2J""##)
        #expect(error(##"{"colour": "#fff"}"##) == "colour: unknown key (did you mean color?)")
        // A huge unknown key is shown shortened (#13 row 8 echoed 50 MB).
        #expect(error("{\"" + String(repeating: "k", count: 100_000) + "\": 1}") == String(repeating: "k", count: 39) + "…: unknown key")
        #expect(error(##"{"text": "a", "text": "b"}"##) == "text: duplicate key (a key may appear once in an object)")
    }

    /// The option table lives in the "Label options" article (scripts/update-option-table regenerates it).
    @Test func theArticlesTableIsTheGeneratedOne() throws {
        let readme = try String(contentsOfFile: packageRoot + "/Sources/Doors/PathText/PathText.docc/LabelOptionReference.md", encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- label-options:begin -->\n"))
        let end = try #require(readme.range(of: "\n<!-- label-options:end -->"))
        #expect(String(readme[start.upperBound..<end.lowerBound]) == OptionTable.markdown(SceneLabel.catalog),
                "the option table of LabelOptionReference.md is out of date: regenerate it with scripts/update-option-table")
    }
}

