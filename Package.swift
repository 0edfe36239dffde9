// swift-tools-version:6.1
import PackageDescription

// Each target's one job is in its comment below; docs/development/architecture.md draws the module
// graph, and ArchitectureDocTests checks that drawing against this file.
let package = Package(
    name: "PaywallSim",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "paywall-sim", targets: ["paywall-sim"]),
        // For a team's own tests (docs/testing-library.md). No target uses `unsafeFlags`, which
        // SwiftPM refuses in a package used as a dependency.
        .library(name: "PaywallSimTesting", targets: ["PaywallSimTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // X.509 for the certificate chain every signed object carries (x5c), as Apple's does.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        // The HTTP server of `paywall-sim serve`.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The HTTP client of the notifications `serve` sends and of `run --backend` (instead of
        // URLSession, whose libcurl made every command load 31 more libraries at start).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // Runs serve's listeners (plain, TLS as Apple's hosts, the proxy front) as one service group.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // Shared foundation: the one located JSON reader, file:line:column diagnostics, durable
        // atomic writes, locale codes, the heap's settings. Foundation and glibc's <malloc.h> only.
        // ICU (the toolchain's `_FoundationICU`, which Foundation itself links on Linux) answers which
        // locale's data it formats a locale with (`ICULocaleData`). Calls whose C module differs by
        // platform go through its one seam, PlatformCalls (README, Platforms).
        .target(name: "PaywallFoundation", dependencies: [.target(name: "CMalloc", condition: .when(platforms: [.linux]))],
                linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]),
        // glibc's <malloc.h> (`mallopt`), which the Glibc module does not import; Linux only (macOS
        // has no such header, and its shim includes nothing there).
        .systemLibrary(name: "CMalloc"),
        // The words the app, Apple's store and the team's server share: a signed transaction and its
        // verification, an entitlement, billing periods and trial terms, the clock, seeded randomness.
        .target(name: "StoreKitVocabulary", dependencies: ["PaywallFoundation"]),
        // Pure domain: flow machine, offers, quota, analytics, remote config. No I/O.
        .target(name: "PaywallCore", dependencies: ["PaywallFoundation", "StoreKitVocabulary"]),
        // The app's own state files (quota, views, events) in the state directory.
        .target(name: "Persistence", dependencies: ["PaywallCore", "PaywallFoundation"]),
        // String Catalog (.xcstrings) copy decks: parsing, lookup, formatting, lint.
        .target(name: "CopyDeck", dependencies: ["PaywallFoundation"]),
        // The built-in copy deck (generated from Themes/PaywallSim.xcstrings).
        .target(name: "BuiltInCopy", dependencies: ["CopyDeck"]),
        // Apple's side, simulated: the StoreKit 2 store, its durable ledger, the .storekit loader,
        // server notifications and the signing (JWS with an x5c chain shaped as Apple's). Knows
        // nothing of the paywall (the app's plans and cache are SimRuntime's) or of the team's server.
        .target(name: "StoreSim", dependencies: [
            "StoreKitVocabulary", "PaywallFoundation",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
        ]),
        // The team's server, simulated: the verification backend seed 004 posts to (verify the signed
        // transaction, grant, answer the entitlement), its entitlement index and durable ledger; and the
        // app's HTTP client to a team's own server (`run --backend URL`, `--backend-endpoint`).
        .target(name: "TeamServer", dependencies: ["StoreSim", "StoreKitVocabulary", "PaywallFoundation", "OutboundHTTP"]),
        // App profiles from the seeds (chat, voip, templates) and team profile files.
        .target(name: "Profiles", dependencies: ["PaywallCore", "StoreSim", "CopyDeck", "BuiltInCopy", "PaywallFoundation"]),
        // Runs the flow: the session, its effect runner and scheduler, the simulated clock, the
        // paywall's plans made from the catalog and the app's cached entitlement. No UI.
        .target(name: "SimRuntime", dependencies: ["PaywallFoundation", "PaywallCore", "Persistence", "StoreSim", "TeamServer", "CopyDeck", "Profiles"]),
        // Terminal toolkit: cell grid, display width, text layout, themes, keys, screens to draw on.
        .target(name: "TerminalKit", dependencies: ["PaywallFoundation"]),
        // The paywall's screens and key map, drawn on the toolkit's grid.
        .target(name: "PaywallScreens", dependencies: ["TerminalKit", "PaywallCore", "CopyDeck", "Profiles", "PaywallFoundation"]),
        // The app: inputs → a running app (AppHost), the controller, profile features, the live loop.
        .target(name: "PaywallApp", dependencies: [
            "PaywallFoundation", "PaywallCore", "Persistence", "StoreSim", "CopyDeck", "BuiltInCopy", "Profiles", "SimRuntime", "TeamServer",
            "TerminalKit", "PaywallScreens",
        ]),
        // ncurses' headers; its library is linked by NcursesTerminal, per platform. pkg-config finds
        // Debian's ncursesw; macOS has no ncursesw.pc (its SDK's libncurses has the wide calls), and
        // SwiftPM only warns that pkg-config did not find it.
        .systemLibrary(name: "CNcurses", pkgConfig: "ncursesw",
                       providers: [.apt(["libncursesw5-dev"])]),
        // The live terminal: draws a grid through ncurses, reads keys, resize, signals.
        .target(name: "NcursesTerminal", dependencies: ["TerminalKit", "CNcurses"],
                linkerSettings: [
                    .linkedLibrary("ncursesw", .when(platforms: [.linux])),
                    .linkedLibrary("ncurses", .when(platforms: [.macOS])),
                ]),
        // The system zlib (deflate, CRC-32) for the PNG writer; linked only by Tapes and what uses it.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // Tape language: parser, headless player, goldens, recordings (asciicast, SVG, GIF, PNG).
        .target(name: "Tapes", dependencies: ["PaywallFoundation", "CopyDeck", "Profiles", "PaywallApp", "PaywallScreens", "SimRuntime", "TerminalKit", "PaywallCore", "StoreSim", "CZlib"]),
        // Copy QA: a sweep of every screen state, lints, App Store 3.1.2 checks, reports and exports.
        .target(name: "CopyQA", dependencies: [
            "PaywallFoundation",
            "PaywallCore", "CopyDeck", "BuiltInCopy", "StoreSim", "TerminalKit", "PaywallScreens", "SimRuntime",
            "PaywallApp", "Profiles",
        ]),
        // One JSON POST over HTTP or HTTPS (AsyncHTTPClient): notifications out, remote backend calls.
        .target(name: "OutboundHTTP", dependencies: [
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ]),
        // `paywall-sim serve`: seed 004's backend endpoint and the App Store Server API over HTTP, and
        // over HTTPS as Apple's hosts for a client whose proxy it is (CONNECT, TLS, OCSP).
        .target(name: "AppStoreServer", dependencies: [
            "PaywallCore", "PaywallFoundation", "StoreSim", "TeamServer", "OutboundHTTP",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        // The command-line interface as a library so tests can call it.
        .target(name: "PaywallSimCLI", dependencies: [
            "PaywallFoundation", "PaywallCore", "Persistence", "CopyDeck", "BuiltInCopy", "StoreSim", "TeamServer", "TerminalKit",
            "PaywallScreens", "NcursesTerminal", "SimRuntime", "PaywallApp", "Tapes", "CopyQA", "Profiles", "AppStoreServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Crypto", package: "swift-crypto"),
        ], plugins: ["BuildCommit"]),
        // Stamps the checkout's git commit into PaywallSimCLI (`paywall-sim --version`).
        .plugin(name: "BuildCommit", capability: .buildTool()),
        // A team's own tests: a simulated store on a temporary state, purchases, time, refunds, serve
        // in process, a tape played; the command line run in process (docs/testing-library.md).
        .target(name: "PaywallSimTesting", dependencies: ["PaywallSimCLI", "Tapes", "OutboundHTTP"]),
        .executableTarget(name: "paywall-sim", dependencies: ["PaywallSimCLI", "PaywallFoundation"]),
        // Benchmarks: prints figures (never asserted in tests). `swift run -c release paywall-bench`.
        .executableTarget(name: "paywall-bench", dependencies: [
            "PaywallCore", "PaywallFoundation", "StoreSim", "TeamServer", "SimRuntime", "TerminalKit", "PaywallScreens", "PaywallApp", "Tapes", "CopyQA", "CopyDeck",
            // The signing floor the catch-up is measured against: the signer paywall-sim links.
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // Writes the Swift files that embed Themes/ (themes, default deck, profile decks); `--check` in CI.
        .executableTarget(name: "embed-resources", dependencies: ["CopyDeck"]),
        // A worker the store's kill tests start and kill -9 mid-purchase.
        .executableTarget(name: "store-worker", dependencies: ["StoreSim", "TeamServer", "PaywallCore"]),

        // Test support: the package root, the built binary, fixtures, fixed dates, goldens.
        .target(name: "TestSupport", dependencies: ["PaywallFoundation", "PaywallCore", "TerminalKit"], path: "Tests/TestSupport"),
        .testTarget(name: "PaywallFoundationTests", dependencies: ["PaywallFoundation", "PaywallCore", "TestSupport"]),
        .testTarget(name: "PaywallCoreTests", dependencies: ["PaywallCore", "TestSupport"]),
        .testTarget(name: "PersistenceTests", dependencies: ["Persistence", "PaywallCore", "PaywallFoundation"]),
        .testTarget(name: "OutboundHTTPTests", dependencies: ["OutboundHTTP"]),
        .testTarget(name: "CopyDeckTests", dependencies: ["CopyDeck", "PaywallFoundation", "TestSupport"]),
        // SimRuntime for the plans the app makes of each fixture catalog (PlanFactory) and the app's cache.
        .testTarget(name: "StoreSimTests", dependencies: ["StoreSim", "TeamServer", "SimRuntime", "PaywallCore", "PaywallFoundation", "TestSupport", .product(name: "Crypto", package: "swift-crypto"), .product(name: "SwiftASN1", package: "swift-asn1"), .product(name: "X509", package: "swift-certificates"), "StoreKitVocabulary"]),
        // The terminal UI: the toolkit and the paywall's screens, with the screen goldens.
        .testTarget(name: "TerminalUITests", dependencies: [
            "TerminalKit", "PaywallScreens", "BuiltInCopy", "PaywallCore", "CopyDeck", "PaywallFoundation", "TestSupport",
        ], exclude: ["Screens/Goldens"]),
        .testTarget(name: "SimRuntimeTests", dependencies: ["SimRuntime", "PaywallCore", "StoreSim", "CopyDeck", "TestSupport"]),
        .testTarget(name: "PaywallAppTests", dependencies: ["PaywallApp", "PaywallCore", "PaywallScreens", "SimRuntime", "TerminalKit", "TestSupport"]),
        .testTarget(name: "TapesTests", dependencies: ["Tapes", "PaywallApp", "PaywallCore", "PaywallFoundation", "PaywallScreens", "StoreSim", "SimRuntime", "TerminalKit", "TestSupport", "CZlib"]),
        .testTarget(name: "CopyQATests", dependencies: ["CopyQA", "BuiltInCopy", "CopyDeck", "PaywallCore", "PaywallScreens", "Profiles", "TerminalKit", "TestSupport"]),
        .testTarget(name: "ProfilesTests", dependencies: ["Profiles", "CopyDeck", "PaywallCore", "StoreSim", "TestSupport"]),
        // `paywall-sim serve`'s router in process (HummingbirdTesting), on a store and backend in a scratch directory.
        .testTarget(name: "AppStoreServerTests", dependencies: [
            "AppStoreServer", "StoreSim", "TeamServer", "PaywallCore", "PaywallFoundation", "TestSupport",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .testTarget(name: "PaywallSimTestingTests", dependencies: ["PaywallSimTesting", "Tapes", "OutboundHTTP", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["PaywallSimCLI", "AppStoreServer", "PaywallApp", "PaywallCore", "SimRuntime", "StoreSim", "StoreKitVocabulary", "TeamServer", "Tapes", "BuiltInCopy", "CopyDeck", "PaywallFoundation", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
