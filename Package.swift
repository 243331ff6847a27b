// swift-tools-version:6.0
// PathText: text laid out along paths with real typography.
//
// Data flows one way, and so do the dependencies:
//   Geometry (no C) ─┐
//   Shaping (FreeType, HarfBuzz, FriBidi, Fontconfig) ─┤─► Layout ─► Render (libpng) ─► Scenes ─► PathText ─► pathtext
import PackageDescription

let package = Package(
    name: "PathText",
    platforms: [.macOS(.v15)],  // Synchronization.Mutex
    products: [
        .library(name: "PathText", targets: ["PathText"]),
        .executable(name: "pathtext", targets: ["pathtext"]),
        .executable(name: "pathtext-bench", targets: ["pathtext-bench"]),
        // libpathtext-c.so, installed as libpathtext.so (a product may not share the CLI's name): the C library (Sources/CPathText/include/pathtext.h), exported from Swift.
        .library(name: "pathtext-c", type: .dynamic, targets: ["PathTextC"]),
    ],
    targets: [
        // C libraries, found with pkg-config (scripts/install-deps installs them).
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // The one C file of our own: owns libpng's setjmp so the classic write API can choose its
        // compression level and filters, and turns libpng errors into return codes.
        .target(name: "CPNGWriter", dependencies: ["CPNG"], linkerSettings: [.linkedLibrary("z"), .linkedLibrary("pthread")]),
        // The default fonts compiled into the binary (C23 #embed of the top-level Fonts/ files).
        .target(name: "CEmbeddedFonts"),
        // Script, bracket and break-class data of U+0000..U+0FFF as static arrays (generated; see ScalarTableTests).
        .target(name: "CScalarTable"),

        // Stages of the pipeline.
        .target(name: "Geometry"),
        .target(name: "Shaping", dependencies: ["Geometry", "CEmbeddedFonts", "CScalarTable", "CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig"]),
        .target(name: "Layout", dependencies: ["Geometry", "Shaping"]),
        .target(name: "Render", dependencies: ["Geometry", "Shaping", "Layout", "CPNG", "CPNGWriter"]),
        .target(name: "Scenes", dependencies: ["Geometry", "Shaping", "Layout", "Render"]),
        .target(name: "PathText", dependencies: ["Geometry", "Shaping", "Layout", "Render", "Scenes", "Placer"]),
        // Many labels at once: candidates along paths, a collision grid, road pieces joined (issue #24).
        .target(name: "Placer", dependencies: ["Geometry", "Shaping", "Layout", "Render", "Scenes"], path: "Sources/Jobs/Placer"),

        // The front doors' engine (requests in the scene files' words, replies as placements JSON), and the
        // C library over it: CPathText holds only the header pathtext.h, PathTextC the @_cdecl functions.
        .target(name: "PathTextEngine", dependencies: ["PathText"]),
        .target(name: "CPathText"),
        .target(name: "PathTextC", dependencies: ["PathTextEngine", "CPathText"]),

        // `pathtext serve`: the playground page and its JSON API over libmicrohttpd, which CMicroHTTPD opens
        // with dlopen when a server starts (microhttpd.h from libmicrohttpd-dev; nothing linked).
        .target(name: "CMicroHTTPD", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),
        .target(name: "CPlaygroundAssets", exclude: ["page"]),
        .target(name: "Playground", dependencies: ["PathText", "PathTextEngine", "CMicroHTTPD", "CPlaygroundAssets"]),

        // The command-line tool: a thin shell over the library.
        .executableTarget(name: "pathtext", dependencies: ["PathText", "PathTextEngine", "Playground"]),
        .executableTarget(
            name: "pathtext-bench",
            dependencies: ["PathText", "PathTextEngine", "PathTextC", "CPathText", "CFreeType", "CHarfBuzz", "Placer"],
            path: "Benchmarks/pathtext-bench"
        ),

        // libFuzzer targets: scripts/fuzz builds them with -DFUZZING; built plainly they replay their seed corpora.
        .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
        .executableTarget(name: "FuzzPathData", dependencies: ["FuzzSupport", "Geometry"], path: "Fuzz/FuzzPathData"),
        .executableTarget(name: "FuzzFontBytes", dependencies: ["FuzzSupport", "Geometry", "Shaping"], path: "Fuzz/FuzzFontBytes"),
        .executableTarget(name: "FuzzPipeline", dependencies: ["FuzzSupport", "Geometry", "Shaping", "Layout", "Render"], path: "Fuzz/FuzzPipeline"),
        .executableTarget(name: "FuzzFontTables", dependencies: ["FuzzSupport", "Geometry", "Shaping", "Layout", "Render"], path: "Fuzz/FuzzFontTables"),
        .executableTarget(name: "FuzzSceneJSON", dependencies: ["FuzzSupport", "Geometry", "Layout", "Scenes"], path: "Fuzz/FuzzSceneJSON"),

        // Tests mirror the modules.
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "ShapingTests", dependencies: ["Shaping", "CHarfBuzz", "CFreeType"]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "Shaping", "Geometry"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Layout", "Shaping", "Geometry", "CFreeType", "CPNG"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Render", "Layout", "Shaping", "Geometry"]),
        .testTarget(name: "CLITests", dependencies: ["PathText"]),
        .testTarget(name: "PlacerTests", dependencies: ["Placer", "Scenes", "Layout", "Geometry"], path: "Tests/Jobs/PlacerTests"),
        .testTarget(name: "PathTextEngineTests", dependencies: ["PathTextEngine", "PathTextC", "CPathText", "PathText"]),
        .testTarget(name: "PlaygroundTests", dependencies: ["Playground", "PathText"]),
    ],
    swiftLanguageModes: [.v6]
)
