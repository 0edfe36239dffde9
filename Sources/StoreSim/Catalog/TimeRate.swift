import Foundation

/// `SKTestSession.TimeRate`: how fast subscription time runs in the simulated store.
public enum TimeRate: Int, Hashable, Codable, Sendable, CaseIterable {
    case realTime = 0
    case oneHourIsOneDay = 1
    case thirtyMinutesIsOneDay = 2
    case fiveMinutesIsOneDay = 3
    case oneMinuteIsOneDay = 4
    case thirtySecondsIsOneDay = 5
    case oneSecondIsOneDay = 6
    case monthlyRenewalEveryHour = 10
    case monthlyRenewalEveryThirtyMinutes = 11
    case monthlyRenewalEveryFifteenMinutes = 12
    case monthlyRenewalEveryFiveMinutes = 13
    case monthlyRenewalEveryThirtySeconds = 15
    case oneRenewalEveryFifteenMinutes = 1000
    case oneRenewalEveryFiveMinutes = 1001
    case oneRenewalEveryOneMinute = 1002
    case oneRenewalEveryThirtySeconds = 1003
    case oneRenewalEveryTenSeconds = 1004
    case oneRenewalEveryTwoSeconds = 1005
}

extension TimeRate {
    /// The rate an `SKTestSession.TimeRate` case name names (`oneSecondIsOneDay`), as the CLI and tapes spell it.
    public init?(named name: String) {
        guard let rate = TimeRate.allCases.first(where: { "\($0)" == name }) else { return nil }
        self = rate
    }
}

extension TimeRate {
    /// The rates a Sandbox Apple Account can be set to renew at (App Store Connect): the scaled
    /// "monthly renewal every …" rates. Apple's `SKTestSession.TimeRate` pages: only the test
    /// environment has `monthlyRenewalEveryThirtySeconds` and the fixed `oneRenewalEvery…` rates,
    /// and the sandbox never renews in real time.
    public var isSandboxRate: Bool {
        switch self {
        case .monthlyRenewalEveryHour, .monthlyRenewalEveryThirtyMinutes, .monthlyRenewalEveryFifteenMinutes,
             .monthlyRenewalEveryFiveMinutes: true
        default: false
        }
    }

    /// The rate the sandbox renews at for a catalog set to this one: itself when the sandbox has
    /// it, otherwise the sandbox's standard rate, a month in five minutes.
    public var inSandbox: TimeRate { isSandboxRate ? self : .monthlyRenewalEveryFiveMinutes }

    /// How many times a subscription renews in the sandbox after its purchase before it stops
    /// (Apple: "auto-renewable subscriptions renew up to 12 times after the initial purchase").
    public static let sandboxRenewalLimit = 12
}
