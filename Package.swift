// swift-tools-version:6.0
// PathText: text laid out along paths with real typography.
//
// Data flows one way, and so do the dependencies (Sources/ shows the same order):
//   Geometry (no C library; a prefetch hint) ─┐
//   Shaping (FreeType, HarfBuzz, FriBidi, Fontconfig) ─┴─► Layout ─► Render (libpng) ─► Requests ─► Jobs ─► Doors
// Sources/System holds the C shims; Sources/Doors the Swift library, the CLI, the C library and the server.
import PackageDescription

let package = Package(
    name: "PathText",
    platforms: [.macOS(.v15)],  // Synchronization.Mutex
    products: [
        .library(name: "PathText", targets: ["PathText"]),
        .executable(name: "pathtext", targets: ["pathtext"]),
        .executable(name: "pathtext-bench", targets: ["pathtext-bench"]),
        // libpathtext-c.so, installed as libpathtext.so (a product may not share the CLI's name): the C library (Sources/System/CPathText/include/pathtext.h), exported from Swift.
        .library(name: "pathtext-c", type: .dynamic, targets: ["PathTextC"]),
    ],
    targets: [
        // ── System: the C libraries (found with pkg-config; scripts/install-deps installs them) and our C shims.
        .systemLibrary(name: "CFreeType", path: "Sources/System/CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", path: "Sources/System/CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/System/CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFriBidi", path: "Sources/System/CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CFontconfig", path: "Sources/System/CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // ICU's line break iterators (UAX #14, dictionaries for Thai, Lao, Khmer, Burmese), touched in Shaping/LineBreaks.swift alone.
        .systemLibrary(name: "CICU", path: "Sources/System/CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        // The one C file that calls ICU, behind an opaque handle (no ICU type reaches Swift: Foundation has its own ICU).
        .target(name: "CICUBreak", dependencies: ["CICU"], path: "Sources/System/CICUBreak"),
        .systemLibrary(name: "CLibXML2", path: "Sources/System/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // Owns libpng's setjmp so the classic write API can choose its compression level and filters, and
        // turns libpng errors into return codes.
        .target(name: "CPNGWriter", dependencies: ["CPNG"], path: "Sources/System/CPNGWriter",
                linkerSettings: [.linkedLibrary("z"), .linkedLibrary("pthread")]),
        // The default fonts compiled into the binary (C23 #embed of the top-level Fonts/ files).
        .target(name: "CEmbeddedFonts", path: "Sources/System/CEmbeddedFonts"),
        // Script, bracket and default-ignorable data of U+0000..U+0FFF as static arrays (generated; see ScalarPropertiesTests).
        .target(name: "CScalarTable", path: "Sources/System/CScalarTable"),
        // libmicrohttpd, opened with dlopen when a server starts (microhttpd.h from libmicrohttpd-dev; nothing linked).
        .target(name: "CMicroHTTPD", path: "Sources/System/CMicroHTTPD", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),
        // The playground page, compiled into the binary.
        .target(name: "CPlaygroundAssets", path: "Sources/System/CPlaygroundAssets", exclude: ["page"]),
        // The header of libpathtext (pathtext.h); the functions are Swift's (Doors/C).
        .target(name: "CPathText", path: "Sources/System/CPathText"),
        // The C library's elementary functions (sin, cos, atan2, …) as builtins under names of our own.
        .target(name: "CMath", path: "Sources/System/CMath"),
        // A prefetch hint (one static inline function) for Geometry's path-measure queries.
        .target(name: "CPrefetch", path: "Sources/System/CPrefetch"),
        // The OS calls the Glibc module does not show (syncfs), for Support/Syscalls.swift.
        .target(name: "CSyscalls", path: "Sources/System/CSyscalls"),
        // The rasterizer's kernel: the 16.16 contour walker and the final pass (scalar, SSE2, AVX2 chosen at run time).
        .target(name: "CRasterKernel", path: "Sources/System/CRasterKernel"),

        // ── The bottom: support code that depends on nothing of ours (every OS call in Support/Syscalls.swift,
        // locks, deadlines, atomic and temporary files, the elementary functions).
        .target(name: "Support", dependencies: ["CMath", "CSyscalls"]),
        // JSON: the strict reader (positions, duplicate keys), the writer and the one number rule.
        .target(name: "JSON"),
        // XML: libxml2 behind plain values (no network, no entities, bounded), for SVG input and the check's formats.
        .target(name: "XML", dependencies: ["CLibXML2"]),

        // ── The stages, in the order data flows: path geometry and shaping, placement on the path, drawing.
        .target(name: "Geometry", dependencies: ["Support", "CPrefetch"]),
        .target(name: "Shaping", dependencies: ["Support", "Geometry", "CEmbeddedFonts", "CScalarTable", "CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig", "CICUBreak"]),
        .target(name: "Layout", dependencies: ["Support", "Geometry", "Shaping"]),
        .target(name: "Render", dependencies: ["Support", "Geometry", "Shaping", "Layout", "CPNG", "CPNGWriter", "CRasterKernel"]),

        // ── Requests: the label and scene request model, the one option catalog, JSON in and out (one
        // escaper, one number rule), validation and limits, diagnostics codes, and the placements reply.
        .target(name: "Requests", dependencies: ["Support", "JSON", "Geometry", "Shaping", "Layout"]),

        // ── The pipeline: a resolved request laid out and drawn (raster, SVG) or encoded (placements).
        .target(name: "Pipeline", dependencies: ["Support", "JSON", "Geometry", "Shaping", "Layout", "Render", "Requests"]),

        // ── Jobs on a whole document: SVG in (libxml2, touched in XMLTree.swift alone).
        .target(name: "SVGInput", dependencies: ["XML", "Support", "Geometry", "Shaping", "Layout", "Render", "Requests"], path: "Sources/Jobs/SVG"),
        // ── Jobs on many labels. The placer: candidates along paths, a collision grid, road pieces joined (issue #24).
        .target(name: "Placer", dependencies: ["Pipeline", "JSON", "Support", "Geometry", "Shaping", "Layout", "Render", "Requests"], path: "Sources/Jobs/Placer"),
        // ── Jobs on many labels: the locale check (every translation of a scene's labels, laid out and judged).
        .target(name: "Check", dependencies: ["XML", "Pipeline", "JSON", "Support", "Geometry", "Shaping", "Layout", "Render", "Requests"], path: "Sources/Jobs/Check"),

        // ── The showcase: the demo scenes, badges and the clock (examples, not library).
        .target(name: "Showcase", dependencies: ["Support", "Geometry", "Shaping", "Layout", "Render", "Requests"]),

        // ── The doors. `PathText` is the Swift library (the stages and requests, not the showcase);
        // PathTextEngine takes requests in the scene files' words for the C library, Python, batch and HTTP.
        .target(name: "PathText", dependencies: ["Support", "Geometry", "Shaping", "Layout", "Render", "Requests", "Pipeline", "SVGInput", "Placer"], path: "Sources/Doors/PathText"),
        .target(name: "PathTextEngine", dependencies: ["Pipeline", "JSON", "Support", "PathText", "Check"], path: "Sources/Doors/Engine"),
        .target(name: "PathTextC", dependencies: ["JSON", "Support", "PathText", "PathTextEngine", "CPathText"], path: "Sources/Doors/C"),
        .target(name: "Playground", dependencies: ["JSON", "Support", "PathText", "PathTextEngine", "Showcase", "CMicroHTTPD", "CPlaygroundAssets"],
                path: "Sources/Doors/Serve"),
        // The command-line tool: a thin shell over the library.
        .executableTarget(name: "pathtext", dependencies: ["Pipeline", "JSON", "Support", "PathText", "PathTextEngine", "Showcase", "Playground", "SVGInput", "Check"], path: "Sources/Doors/CLI"),

        .executableTarget(
            name: "pathtext-bench",
            dependencies: ["Pipeline", "JSON", "PathText", "PathTextEngine", "PathTextC", "CPathText", "CFreeType", "CHarfBuzz", "Showcase", "Placer", "Check"],
            path: "Benchmarks/pathtext-bench"
        ),

        // libFuzzer targets: scripts/fuzz builds them with -DFUZZING; built plainly they replay their seed corpora.
        .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
        .executableTarget(name: "FuzzPathData", dependencies: ["FuzzSupport", "Geometry"], path: "Fuzz/FuzzPathData"),
        .executableTarget(name: "FuzzFontBytes", dependencies: ["FuzzSupport", "Geometry", "Shaping"], path: "Fuzz/FuzzFontBytes"),
        .executableTarget(name: "FuzzPipeline", dependencies: ["FuzzSupport", "Geometry", "Shaping", "Layout", "Render"], path: "Fuzz/FuzzPipeline"),
        .executableTarget(name: "FuzzFontTables", dependencies: ["FuzzSupport", "Geometry", "Shaping", "Layout", "Render"], path: "Fuzz/FuzzFontTables"),
        .executableTarget(name: "FuzzSceneJSON", dependencies: ["FuzzSupport", "Geometry", "Layout", "Requests"], path: "Fuzz/FuzzSceneJSON"),
        .executableTarget(name: "FuzzHTTPRequest", dependencies: ["Support", "FuzzSupport", "Geometry", "Playground"], path: "Fuzz/FuzzHTTPRequest"),
        .executableTarget(name: "FuzzSVGInput", dependencies: ["XML", "FuzzSupport", "Geometry", "Layout", "Requests", "SVGInput"], path: "Fuzz/FuzzSVGInput"),
        .executableTarget(name: "FuzzPlaceRequest", dependencies: ["FuzzSupport", "Geometry", "Layout", "Requests", "Placer"], path: "Fuzz/FuzzPlaceRequest"),
        .executableTarget(name: "FuzzStringTable", dependencies: ["FuzzSupport", "Check"], path: "Fuzz/FuzzStringTable"),

        // Tests mirror the modules.
        // Helpers shared by the test targets only.
        .target(name: "TestSupport", dependencies: ["Geometry"], path: "Tests/Support"),
        .testTarget(name: "SupportTests", dependencies: ["Support", "TestSupport"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
        .testTarget(name: "XMLTests", dependencies: ["XML"]),
        .testTarget(name: "GeometryTests", dependencies: ["Support", "Geometry", "TestSupport"]),
        .testTarget(name: "ShapingTests", dependencies: ["Support", "Shaping", "CHarfBuzz", "CFreeType", "TestSupport"]),
        .testTarget(name: "LayoutTests", dependencies: ["Support", "Layout", "Shaping", "Geometry", "TestSupport"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Layout", "Shaping", "Geometry", "TestSupport", "CFreeType", "CPNG", "CRasterKernel"]),
        .testTarget(name: "RequestsTests", dependencies: ["Pipeline", "JSON", "Requests", "Render", "Layout", "Shaping", "Geometry", "TestSupport"]),
        .testTarget(name: "ShowcaseTests", dependencies: ["Pipeline", "Showcase", "Requests", "Render", "Layout", "Shaping", "Geometry", "TestSupport"]),
        .testTarget(name: "CheckTests", dependencies: ["Check", "Requests", "Layout", "Shaping", "Geometry", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["Pipeline", "JSON", "PathText", "Showcase", "TestSupport"]),
        .testTarget(name: "SVGInputTests", dependencies: ["XML", "Pipeline", "SVGInput", "Requests", "Layout", "Shaping", "Geometry", "TestSupport"]),
        .testTarget(name: "PlacerTests", dependencies: ["Placer", "Requests", "Layout", "Geometry", "TestSupport"], path: "Tests/Jobs/PlacerTests"),
        .testTarget(name: "PathTextEngineTests", dependencies: ["JSON", "PathTextEngine", "PathTextC", "CPathText", "PathText", "TestSupport"]),
        .testTarget(name: "PlaygroundTests", dependencies: ["Playground", "PathText", "Showcase", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
