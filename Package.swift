// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "fontfit",
    products: [
        .library(name: "FontFit", targets: ["FontFit"]),
        .executable(name: "fontfit", targets: ["fontfit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // C libraries, found with pkg-config. Prefixed so they never clash with another package's
        // `CFreeType` or `CHarfBuzz` in a user's dependency graph.
        .systemLibrary(
            name: "CFontFitFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .systemLibrary(
            name: "CFontFitHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .systemLibrary(
            name: "CFontFitPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // ICU's C symbols carry a version suffix through macros; this shim gives Swift stable names.
        .target(
            name: "CFontFitICU",
            linkerSettings: [.linkedLibrary("icuuc")]
        ),
        .target(
            name: "FontEngine",
            dependencies: ["CFontFitFreeType", "CFontFitHarfBuzz", "CFontFitICU", "CFontFitPNG"]
        ),
        .target(name: "TextFitting"),
        .target(
            name: "FontFit",
            dependencies: ["FontEngine", "TextFitting"],
            // The bundled default font travels with its license.
            resources: [.copy("Resources/DejaVuSans.ttf"), .copy("Resources/LICENSE-DejaVu.txt")]
        ),
        // `fontfit check` and `fontfit batch`: localization catalogs, the label spec, verdicts and
        // reports, over FontFit's public API only.
        .target(
            name: "LocalizationCheck",
            dependencies: ["FontFit", .product(name: "Yams", package: "Yams")]
        ),
        .executableTarget(
            name: "fontfit",
            dependencies: [
                "FontFit",
                "LocalizationCheck",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // scripts/bench: ratios against raw hb_shape, measured in one run.
        .executableTarget(name: "FontFitBenchmarks", dependencies: ["FontFit"]),
        .testTarget(name: "FontEngineTests", dependencies: ["FontEngine"]),
        .testTarget(name: "TextFittingTests", dependencies: ["TextFitting"]),
        .testTarget(name: "FontFitTests", dependencies: ["FontFit"]),
        .testTarget(name: "CLITests", dependencies: ["fontfit"]),
        .testTarget(name: "LocalizationCheckTests", dependencies: ["LocalizationCheck"]),
    ]
)
