/// Whom a state's signed data is for: the environment, the app's bundle id and, in Production, the
/// app's Apple ID. A state keeps one (`StateWorkspace`'s setup); a store opened on it signs as it
/// says now, following a change another process made (`SimulatedStore.identityFollower`).
public struct SigningIdentity: Hashable, Sendable {
    public var environment: String
    public var bundleID: String
    public var appAppleID: Int64?

    public init(environment: String, bundleID: String, appAppleID: Int64? = nil) {
        self.environment = environment
        self.bundleID = bundleID
        self.appAppleID = appAppleID
    }
}
