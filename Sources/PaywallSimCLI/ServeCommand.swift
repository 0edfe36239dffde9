import AppStoreServer
import ArgumentParser
import Crypto
import Foundation
import PaywallFoundation
import SimRuntime
import StoreSim

/// `paywall-sim serve`: the App Store for a team's backend, over HTTP, on a state directory the app
/// and `store` commands share.
public struct ServeCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the simulated App Store over HTTP: seed 004's POST /iap/transactions and the App Store Server API at Apple's paths.",
        discussion: """
        Runs until Ctrl+C on the same state directory as `run` and `store` (their purchases, renewals \
        and refunds are served as they happen). App Store Server API requests need a bearer JWT signed \
        with a key given by --api-key, as Apple's AppStoreServerAPIClient makes them. Sign for Sandbox \
        (--environment Sandbox) and trust `store certificate`'s root to verify what it serves with \
        Apple's SignedDataVerifier. See docs/backend.md.
        """)

    @OptionGroup public var app: AppOptions
    @OptionGroup public var stateOptions: StateOptions
    @OptionGroup public var signing: SigningOptions

    @Option(name: .long, help: ArgumentHelp("The address to listen on.", valueName: "HOST"))
    public var host = "127.0.0.1"
    @Option(name: .long, help: ArgumentHelp("The port to listen on (0: a free one, printed when serving).", valueName: "PORT"))
    public var port = 8080
    @Option(name: .customLong("api-key"), help: ArgumentHelp("An In-App Purchase key App Store Server API requests may be signed with: its key id and the .p8 file (repeatable; `paywall-sim store api-key --out FILE.p8` makes one).", valueName: "KEY_ID:FILE.p8"))
    public var apiKeys: [String] = []
    @Option(name: .customLong("notify"), help: ArgumentHelp("Send App Store Server Notifications V2 to this URL (repeatable: each URL gets them at once, in order), retried on Apple's schedule.", valueName: "URL"))
    public var notify: [String] = []
    @Option(name: .customLong("rate-limit"), help: ArgumentHelp("Answer App Store Server API requests beyond N a second with 429 and Apple's RateLimitExceededError (4290000), to test a backend's back-off.", valueName: "N"))
    public var rateLimit: Int?

    public init() {}

    public func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port \(port): expected 0 (any free port) to 65535") }
        if let rateLimit, rateLimit < 1 { throw ValidationError("--rate-limit \(rateLimit): expected a number of requests a second, 1 or more") }
        for key in apiKeys where key.split(separator: ":", maxSplits: 1).count != 2 {
            throw ValidationError("--api-key \(key): expected KEY_ID:FILE.p8")
        }
        for url in notify {
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
                throw ValidationError("--notify \(url): expected an http or https URL such as http://127.0.0.1:9000/notifications")
            }
        }
    }

    public func run() async throws {
        let server: AppStoreHTTPServer
        let delivery: NotificationDelivery?
        let certificates: APIHostCertificates
        let environment: String, bundleID: String
        let clockText: String
        do {
            var keys: [String: P256.Signing.PublicKey] = [:]
            for argument in apiKeys {
                let key = try OfferSigningKey.team(argument)
                keys[key.keyID] = key.privateKey.publicKey
            }
            // One workspace: the command's setup and catalog, its store, backend, user and clock.
            let command = try StateWorkspace.Command(workspace: StateWorkspace(root: stateOptions.stateDirectory),
                                                     request: .init(app: app, state: stateOptions, storefront: nil, signing: signing))
            for warning in command.warnings(storefront: nil) { StoreRunner.printError(warning) }
            for line in try command.commit() { StoreRunner.printError(line) }
            let files = command.workspace
            // A pinned state's server answers at the pinned instant (moved by `store advance`); a wall one follows the wall clock.
            // The clock as `commit` kept it (`--now`, `--clock`).
            let clock = files.liveClock(from: try files.savedTime(), runsWhilePinned: false)
            clockText = clock.mode == .pinned ? "clock pinned at \(ISO8601.string(clock.now()))" : "clock \(command.clockLabel)"
            let store = try command.openStore(clock: clock)
            let backend = try files.openBackend(store: store, clock: clock, appAccountToken: try files.appAccountToken(store: store),
                                                environments: [store.environment])
            environment = store.environment
            bundleID = store.bundleID
            certificates = try store.apiHostCertificates()
            let shared = ServerStore(store: store, backend: backend, clock: clock, refreshClock: { _ = clock.reloadIfChanged() },
                                     refreshUser: files.userFollower(store: store),
                                     identityChanged: { environment, bundleID in
                                         StoreRunner.printError("serve: the state signs for environment \(environment), bundle \(bundleID) now (another process switched it)")
                                     })
            try shared.readNotificationLog()
            delivery = notify.isEmpty ? nil : try NotificationDelivery(server: shared, receivers: notify.compactMap(URL.init(string:)))
            server = AppStoreHTTPServer(server: shared, authorizer: APIAuthorizer(keys: keys), host: host, port: port,
                                        rateLimit: rateLimit)
            if keys.isEmpty {
                StoreRunner.printError("warning: no --api-key: every App Store Server API request will be refused (401); POST /iap/transactions needs none")
            }
        } catch {
            StoreRunner.printError("paywall-sim serve: \(StoreRunner.describe(error))")
            throw ExitCode.failure
        }
        let host = self.host, port = self.port
        let statePath = stateOptions.state ?? stateOptions.stateDirectory.path  // as the user named it
        do {
            try await server.run(delivery: delivery, certificates: certificates) { bound in
                let line = "Serving the simulated App Store on http://\(host):\(bound) (state \(statePath), \(clockText), environment \(environment), bundle \(bundleID)); Ctrl+C stops\n"
                Console.out(line, terminator: "")
            }
        } catch {
            let text = "\(error)"
            let why = text.contains("Address already in use") ? "the address is in use (another serve? --port 0 takes a free one)"
                : text.contains("Cannot assign requested address") || text.contains("Name or service not known") ? "no such address on this machine" : text
            StoreRunner.printError("paywall-sim serve: cannot listen on \(host):\(port): \(why)")
            throw ExitCode.failure
        }
    }
}
