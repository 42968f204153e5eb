// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "fontfit",
    products: [
        .library(name: "FontFit", targets: ["FontFit"]),
        .executable(name: "fontfit", targets: ["fontfit"]),
        .executable(name: "fontfit-check", targets: ["fontfit-check"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // `swift package generate-documentation` (scripts/docs); a plugin, so nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // C libraries' headers, found with pkg-config. Prefixed so they never clash with another
        // package's `CFreeType` or `CHarfBuzz` in a user's dependency graph.
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
        // libhyphen, opened on first use like ICU and fontconfig (its header from libhyphen-dev).
        .target(name: "CFontFitHyphen", dependencies: ["CFontFitLazy"]),
        // The C libraries are opened on their first call instead of by the dynamic loader at
        // start-up (see CFontFitLazy.h), and none is linked: HarfBuzz, FreeType and libpng
        // (CFontFitLazy's Stubs.c, written by scripts/make-lazy-stubs from the targets above, which
        // give their headers) not for `--version`, `--help` or a usage error; fontconfig only for a
        // font by name or system fallback; ICU only for the line breaks and bidi the fast paths
        // leave to it. fontconfig's and ICU's headers come from libfontconfig-dev and libicu-dev.
        .target(name: "CFontFitLazy", dependencies: ["CFontFitHarfBuzz", "CFontFitFreeType", "CFontFitPNG"]),
        .target(name: "CFontFitFontconfig", dependencies: ["CFontFitLazy"]),
        // ICU's C symbols carry a version suffix through macros; this shim gives Swift stable names.
        .target(name: "CFontFitICU", dependencies: ["CFontFitLazy"]),
        // The default font and its license, compiled into the binary (C23 #embed): a copied fontfit
        // executable needs no resource bundle beside it.
        .target(
            name: "CFontFitBundledFont",
            exclude: ["DejaVuSans.ttf", "LICENSE-DejaVu.txt"]
        ),
        .target(
            name: "FontEngine",
            dependencies: [
                "CFontFitFreeType", "CFontFitHarfBuzz", "CFontFitICU", "CFontFitPNG", "CFontFitFontconfig",
                "CFontFitBundledFont", "CFontFitLazy", "CFontFitHyphen",
            ]
        ),
        // "%.Nf" for the CLI's human output, called from Swift without a `CVarArg` (see the header).
        .target(name: "CFontFitFormat"),
        .target(name: "TextFitting"),
        .target(name: "FontFit", dependencies: ["FontEngine", "TextFitting"]),
        // Ordered JSON for the CLI and `check`/`batch`: values written in the contract's order, and
        // library results (`Encodable`) turned into such values.
        .target(name: "JSONOutput"),
        // `fontfit check` and `fontfit batch`: localization catalogs, the label spec, verdicts and
        // reports, over FontFit's public API only.
        .target(
            name: "LocalizationCheck",
            dependencies: ["FontFit", "JSONOutput", .product(name: "Yams", package: "Yams")]
        ),
        // The CLI is two executables (see CatalogCommands): `fontfit`, every command but check
        // and batch, on FoundationEssentials only; and `fontfit-check`, installed beside it, which
        // it execs for those two, with Foundation, Yams and FoundationXML. What both share
        // (errors, exit codes, the two commands' names and help) is FontfitCommandLine.
        .target(
            name: "FontfitCommandLine",
            dependencies: ["FontFit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "fontfit",
            dependencies: [
                "CFontFitFormat",
                "FontFit",
                "FontfitCommandLine",
                "JSONOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "fontfit-check",
            dependencies: [
                "FontFit",
                "FontfitCommandLine",
                "LocalizationCheck",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // libFuzzer targets, built with -DFUZZING and the fuzzer sanitizer by scripts/fuzz (stubs
        // otherwise): font bytes through every operation, text and options through every API, and
        // catalog bytes through every catalog reader of `fontfit check`.
        .executableTarget(name: "FuzzFontBytes", dependencies: ["FontFit"]),
        .executableTarget(name: "FuzzLayout", dependencies: ["FontFit"]),
        .executableTarget(name: "FuzzCatalogs", dependencies: ["LocalizationCheck"]),
        // scripts/bench: ratios against raw hb_shape, measured in one run; scripts/bench-check's
        // baseline (`--check-baseline`: one hb_shape of every distinct text a check run measures).
        .executableTarget(name: "FontFitBenchmarks", dependencies: ["FontFit", "LocalizationCheck"]),
        // What every test target shares (the seeded generator of the randomized tests).
        .target(name: "FontFitTestSupport", path: "Tests/Support"),
        .testTarget(name: "FontEngineTests", dependencies: ["FontEngine", "FontFitTestSupport"]),
        .testTarget(name: "TextFittingTests", dependencies: ["TextFitting", "FontFitTestSupport"]),
        .testTarget(name: "FontFitTests", dependencies: ["FontFit", "FontFitTestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["fontfit", "fontfit-check", "FontFit", "FontFitTestSupport"]),
        .testTarget(name: "LocalizationCheckTests", dependencies: ["LocalizationCheck", "FontFitTestSupport"]),
    ]
)
