// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "PaywallSim",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "paywall-sim", targets: ["paywall-sim"]),
        .library(name: "PaywallCore", targets: ["PaywallCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        // Pure domain: flow machine, offers, quota, analytics. Foundation only.
        .target(name: "PaywallCore"),
        // State directory files: atomic writes, clear errors for corrupt files. Foundation only.
        .target(name: "Persistence", dependencies: ["PaywallCore"]),
        // String Catalog (.xcstrings) copy decks: parsing, lookup, formatting.
        .target(name: "CopyDeck"),
        // Simulated StoreKit 2 store, verification backend, durable ledger, .storekit loader.
        .target(name: "StoreSim", dependencies: [
            "PaywallCore", "Persistence",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // Cell grid, display width, layout, themes and screens. No ncurses.
        .target(name: "TerminalUI", dependencies: ["PaywallCore", "CopyDeck"]),
        .systemLibrary(name: "CNcurses", pkgConfig: "ncursesw",
                       providers: [.apt(["libncursesw5-dev"])]),
        // The live terminal: draws a grid through ncurses, reads keys, resize, signals.
        .target(name: "NcursesTerminal", dependencies: ["TerminalUI", "CNcurses"]),
        // Runs the flow: executes effects against the store, schedules, persists.
        .target(name: "SimRuntime", dependencies: ["PaywallCore", "Persistence", "StoreSim", "CopyDeck", "TerminalUI", "Profiles"]),
        // Copy QA: a sweep of every screen state, lints, App Store 3.1.2 checks, reports and exports.
        .target(name: "CopyQA", dependencies: ["PaywallCore", "CopyDeck", "StoreSim", "TerminalUI", "SimRuntime", "Profiles"]),
        // App profiles from the seeds (chat, voip, templates) and team profile files.
        .target(name: "Profiles", dependencies: ["PaywallCore", "StoreSim", "CopyDeck"]),
        // Tape language: parser, headless player, goldens, asciicast.
        .target(name: "Tapes", dependencies: ["SimRuntime", "TerminalUI"]),
        // The command-line interface as a library so tests can call it.
        .target(name: "PaywallSimCLI", dependencies: [
            "PaywallCore", "Persistence", "CopyDeck", "StoreSim", "TerminalUI", "NcursesTerminal", "SimRuntime", "Tapes", "CopyQA", "Profiles",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "paywall-sim", dependencies: ["PaywallSimCLI"]),
        // Benchmarks: prints figures (never asserted in tests). `swift run -c release paywall-bench`.
        .executableTarget(name: "paywall-bench", dependencies: ["PaywallCore", "StoreSim", "SimRuntime", "TerminalUI", "Tapes", "CopyQA"]),
        // A worker the store's kill tests start and kill -9 mid-purchase.
        .executableTarget(name: "store-worker", dependencies: ["StoreSim", "PaywallCore", "Persistence"]),

        .testTarget(name: "PaywallCoreTests", dependencies: ["PaywallCore"]),
        .testTarget(name: "PersistenceTests", dependencies: ["Persistence", "PaywallCore"]),
        .testTarget(name: "CopyDeckTests", dependencies: ["CopyDeck"]),
        .testTarget(name: "StoreSimTests", dependencies: ["StoreSim", "PaywallCore", "Persistence"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "PaywallCore", "CopyDeck"], exclude: ["Screens/Goldens"]),
        .testTarget(name: "SimRuntimeTests", dependencies: ["SimRuntime"]),
        .testTarget(name: "TapesTests", dependencies: ["Tapes"]),
        .testTarget(name: "CopyQATests", dependencies: ["CopyQA"]),
        .testTarget(name: "ProfilesTests", dependencies: ["Profiles"]),
        .testTarget(name: "EndToEndTests", dependencies: ["PaywallSimCLI"]),
    ],
    swiftLanguageModes: [.v6]
)
