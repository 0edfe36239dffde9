import StoreSim

/// The store's live StoreKit Testing switches, each listed once: a tape's `Set Store NAME` and
/// `paywall-sim store settings KEY` are both read from here, so neither can list one the other lacks.
public enum StoreSwitch: String, CaseIterable, Sendable {
    case askToBuy = "AskToBuy"
    case fail = "Fail"
    case unverified = "Unverified"
    case timeRate = "TimeRate"
    case gracePeriod = "GracePeriod"
    case interrupted = "Interrupted"
    case dialogs = "Dialogs"
    case error = "Error"

    /// Its key in `store settings` (`ask-to-buy`); nil for the switches with a command of their
    /// own there (`store error`, `store billing-issue`).
    public var key: String? {
        switch self {
        case .askToBuy: "ask-to-buy"
        case .unverified: "unverified"
        case .timeRate: "time-rate"
        case .gracePeriod: "grace-period"
        case .interrupted: "interrupted"
        case .dialogs: "dialogs"
        case .fail, .error: nil
        }
    }

    /// The switch `store settings` names `key`, or nil.
    public init?(key: String) {
        guard let found = Self.allCases.first(where: { $0.key == key }) else { return nil }
        self = found
    }

    /// The values `store settings` takes for it, in words.
    public var expectedValue: String {
        switch self {
        case .gracePeriod: "off, 3, 16 or 28"
        case .timeRate: "one of \(TimeRate.allCases.map { "\($0)" }.joined(separator: ", "))"
        case .fail, .error: "a StoreKit error"
        default: "on or off"
        }
    }

    /// The switches `value` sets for this switch as `store settings` writes it (`on`, `16`,
    /// `oneSecondIsOneDay`), or nil when it is not a value the switch takes.
    public func switches(_ value: String) -> StoreSwitches? {
        var switches = StoreSwitches()
        let flag: Bool? = value == "on" ? true : value == "off" ? false : nil
        switch self {
        case .askToBuy: switches.askToBuy = flag
        case .interrupted: switches.interrupted = flag
        case .dialogs: switches.dialogs = flag
        case .unverified: switches.unverified = flag
        case .gracePeriod:
            guard let days = value == "off" ? 0 : Int(value), [0] + StoreSettings.gracePeriodChoices ~= days else { return nil }
            switches.gracePeriodDays = days
            return switches
        case .timeRate:
            guard let rate = TimeRate(named: value) else { return nil }
            switches.timeRate = rate
            return switches
        case .fail, .error: return nil
        }
        return flag == nil ? nil : switches
    }
}

private func ~= (choices: [Int], value: Int) -> Bool { choices.contains(value) }
