import ArgumentParser
import Foundation
import PaywallFoundation
import SimRuntime
import StoreSim
import Tapes

/// `store settings [KEY VALUE]`: Xcode's live switches of StoreKit Testing (the editor's Editor menu
/// and the Transaction Manager), on a state a running app shares: it follows within a second.
struct StoreSettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show the store's StoreKit Testing switches, or flip one live (ask-to-buy, interrupted, grace-period, time-rate, dialogs, unverified).",
        discussion: """
        Keys and values: ask-to-buy on|off, interrupted on|off (purchases wait for `store resolve`), \
        grace-period off|3|16|28 (days), time-rate NAME (an SKTestSession.TimeRate), dialogs on|off \
        (off: disableDialogs, purchases complete without the App Store sheet), unverified on|off. \
        Billing issues are `store billing-issue`, forced errors `store error`. A running app on the same \
        state follows within a second, as the app under Xcode follows the editor's switches.
        """)

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("The switch to set (none: show them all).", valueName: "KEY"))
    var key: String?
    @Argument(help: ArgumentHelp("Its new value.", valueName: "VALUE"))
    var value: String?

    static let keys = StoreSwitch.allCases.compactMap(\.key)

    struct Output: StoreOutput {
        var askToBuy: Bool
        var interrupted: Bool
        var gracePeriodDays: Int?
        var timeRate: String
        var dialogs: Bool
        var unverified: Bool
        /// How a Sandbox state answers refund requests (`store sandbox-refunds`).
        var sandboxRefunds: String
        /// Products taken off sale (`store remove-from-sale`).
        var offSale: [String]
        var changed: String?
        var text: String {
            var lines = changed.map { ["\($0)", ""] } ?? []
            lines += ["ask-to-buy    \(askToBuy ? "on" : "off")", "interrupted   \(interrupted ? "on" : "off")",
                      "grace-period  \(gracePeriodDays.map { "\($0) days" } ?? "off")", "time-rate     \(timeRate)",
                      "dialogs       \(dialogs ? "on" : "off (disableDialogs)")", "unverified    \(unverified ? "on" : "off")",
                      "", "Kept by their own commands: sandbox-refunds \(sandboxRefunds); off sale: \(offSale.isEmpty ? "none" : offSale.joined(separator: ", "))"]
            return lines.joined(separator: "\n")
        }

        init(_ store: SimulatedStore, changed: String?) {
            self.init(store.settings, changed: changed)
            if store.renewalRate != store.settings.timeRate {
                timeRate += " (Sandbox renews at \(store.renewalRate): the sandbox has no \(store.settings.timeRate))"
            }
        }

        init(_ settings: StoreSettings, changed: String?) {
            askToBuy = settings.askToBuyEnabled
            interrupted = settings.interruptedPurchases
            gracePeriodDays = settings.billingGracePeriodEnabled ? settings.effectiveGracePeriodDays : nil
            timeRate = "\(settings.timeRate)"
            dialogs = !settings.disableDialogs
            unverified = settings.unverifiedTransactions
            sandboxRefunds = settings.sandboxDeclinesRefunds == true ? "decline" : "approve"
            offSale = settings.offSale ?? []
            self.changed = changed
        }
    }

    func validate() throws {
        guard let key else { return }
        guard let named = StoreSwitch(key: key) else {
            throw ValidationError("unknown switch \(key); expected one of \(Self.keys.joined(separator: ", "))")
        }
        guard let value else { throw ValidationError("\(key): expected a value (\(named.expectedValue))") }
        guard named.switches(value) != nil else { throw ValidationError("\(key) \(value): expected \(named.expectedValue)") }
    }

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            guard let key, let value else { return Output(store, changed: nil) }
            guard let switches = StoreSwitch(key: key)?.switches(value) else { throw ValidationError("\(key) \(value): expected a value the switch takes") }
            try store.setSettings(switches.applied(to: store.settings))
            return Output(store, changed: "\(key) is now \(value). A running app on this state follows within a second.")
        }
    }
}
