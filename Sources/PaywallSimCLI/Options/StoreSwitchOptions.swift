import ArgumentParser
import Foundation
import SimRuntime
import StoreSim
import Tapes

/// Store switches over the catalog's own settings, for `run` (a tape's `Set Store …` and
/// `Set Backend` lines). A switch not given keeps what the catalog (`.storekit`) says.
public struct StoreSwitchOptions: ParsableArguments {
    @Flag(name: .long, inversion: .prefixedNo, help: "Ask to Buy: purchases wait for `store approve` or `store decline` (default: the catalog's).")
    public var askToBuy: Bool?

    @Option(name: .long, help: ArgumentHelp("Fail purchases with this StoreKit error (networkError, systemError, notAvailableInStorefront, …), or off.",
                                            valueName: "ERROR"))
    public var fail: String?

    @Flag(name: .long, inversion: .prefixedNo, help: "Sign purchases with a key the backend does not trust (default: the catalog's).")
    public var unverified: Bool?

    @Option(name: .long, help: ArgumentHelp("How fast subscription time runs: an SKTestSession.TimeRate name (realTime, oneSecondIsOneDay, monthlyRenewalEveryThirtySeconds, …).",
                                            valueName: "NAME"))
    public var timeRate: String?

    @Flag(name: .long, help: "Start with the verification backend down (the app falls back to its cached entitlement).")
    public var backendDown = false

    public init() {}

    public func validate() throws {
        if let fail, fail != "off", !TapeVocabulary.storeErrors.contains(fail) {
            throw ValidationError("--fail \(fail): unknown StoreKit error"
                + TapeVocabulary.didYouMean(fail, in: TapeVocabulary.storeErrors)
                + ", expected off or one of \(TapeVocabulary.storeErrors.joined(separator: ", "))")
        }
        if let timeRate, rate(named: timeRate) == nil {
            throw ValidationError("--time-rate \(timeRate): unknown time rate"
                + TapeVocabulary.didYouMean(timeRate, in: TapeVocabulary.timeRates)
                + ", expected one of \(TapeVocabulary.timeRates.joined(separator: ", "))")
        }
    }

    /// The switches these options set (nil: the catalog's).
    public var switches: StoreSwitches {
        StoreSwitches(askToBuy: askToBuy, failPurchases: fail.map { $0 == "off" ? "" : $0 }, unverified: unverified,
                      timeRate: timeRate.flatMap(rate(named:)))
    }

    private func rate(named name: String) -> TimeRate? { TimeRate(named: name) }
}
