import ArgumentParser
import SimRuntime

/// What every signed object says it is for: the App Store environment and the app's bundle id
/// (`run`, `play`, `store`, `serve`). Named once, a state directory remembers them.
public struct SigningOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The environment signed transactions, renewal info and notifications carry: Xcode (StoreKit Testing's), Sandbox (verifiable by Apple's SignedDataVerifier with the exported root; notifications sent once, without retries), Production (a backend's production code path; failed notifications retried) or LocalTesting; remembered by the state directory; default Xcode.",
                                            valueName: "Xcode|Sandbox|Production|LocalTesting"))
    public var environment: String?

    @Option(name: .long, help: ArgumentHelp("The app's bundle id in signed data; remembered by the state directory; default com.paywallsim.app.", valueName: "ID"))
    public var bundleID: String?

    @Option(name: .long, help: ArgumentHelp("The app's Apple ID (App Store Connect's, a number such as 1234567890): Production's signed data carries it as appAppleId, which Apple's SignedDataVerifier compares; remembered by the state directory; absent in Sandbox and Xcode, as Apple leaves it out.", valueName: "N"))
    public var appAppleID: Int64?

    public init() {}

    public func validate() throws {
        if let environment, !StateSetup.environments.contains(environment) {
            let match = StateSetup.environments.first { $0.lowercased() == environment.lowercased() }
            throw ValidationError("--environment \(environment): expected one of \(StateSetup.environments.joined(separator: ", "))\(match.map { " (did you mean \($0)?)" } ?? "")")
        }
        if let appAppleID, appAppleID < 1 {
            throw ValidationError("--app-apple-id \(appAppleID): expected the app's Apple ID, a positive number such as 1234567890")
        }
        if let bundleID, bundleID.isEmpty || bundleID.contains(where: { $0.isWhitespace }) {
            throw ValidationError("--bundle-id '\(bundleID)': expected a bundle id such as com.example.app")
        }
    }
}
