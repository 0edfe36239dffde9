import Foundation
import PaywallFoundation
import PaywallApp
import PaywallCore
import SimRuntime
import StoreSim

/// The values `Set` commands establish: the virtual terminal and clock, and the app to play as the
/// same `SessionInputs` the CLI builds from its options. The player starts from `initial(for:)` and
/// applies later `Set` lines (e.g. `Set Store …` mid-tape) as it reaches them; `setLines()` writes
/// settings back as tape text (`run --record`), so text ↔ inputs is done in this one place.
public struct TapeSettings: Hashable, Sendable {
    public var width = 80
    public var height = 24
    /// The virtual clock's start; nil lets the player pick its fixed default.
    public var now: Date?
    /// Presentation pace of casts and `--live` (not the virtual clock): per key or typed character.
    public var typingSpeedMilliseconds: Int64 = 80
    /// Presentation pace: how long each new screen a key brought, and each snapshot, is held.
    public var pauseMilliseconds: Int64 = 1000
    /// The app the tape plays (profile, files, locale, offer, start, store switches, backend).
    public var inputs = TapeSettings.defaultInputs

    /// The tape language's defaults: English, UTC, the onboarding screen, and the store switches
    /// the catalog's own (`_askToBuyEnabled`, `_timeRate`, `_failTransactionsEnabled`, … of the
    /// `.storekit` file), as in `run` and `store`: a `Set Store …` line overrides only what it names.
    public static var defaultInputs: SessionInputs { SessionInputs() }

    public init() {}

    /// Settings for a live run: its size, pinned clock and inputs (for `setLines()`).
    public init(width: Int, height: Int, now: Date?, inputs: SessionInputs) {
        self.width = width
        self.height = height
        self.now = now
        self.inputs = inputs
    }

    /// The settings of every `Set` line before the tape's first step, whatever order they and the
    /// `Output` and `Matrix` lines come in (VHS's tapes start with `Output`; `TapeSettingOrder`).
    public static func initial(for tape: Tape) -> TapeSettings {
        var settings = TapeSettings()
        for step in tape.steps {
            guard !TapeSettingOrder.isStep(step.command) else { break }
            settings.apply(step.command)
        }
        return settings
    }

    /// Applies a `Set` command; returns false (changing nothing) for any other command.
    @discardableResult
    public mutating func apply(_ command: TapeCommand) -> Bool {
        switch command {
        case .setSize(let w, let h): width = w; height = h
        case .setTheme(let value): inputs.theme = value.text
        case .setLocale(let value): inputs.locale = value
        case .setStoreKit(let path): inputs.storekit = path
        case .setCopy(let path): inputs.copy = path
        case .setConfig(let path): inputs.config = path
        case .setOffer(let value): inputs.offer = value
        case .setStart(let value): inputs.start = value
        case .setNow(let value): now = value
        case .setTimeZone(let value): inputs.timeZone = value
        case .setStorefront(let value): inputs.storefront = value
        case .setTypingSpeed(let value): typingSpeedMilliseconds = value
        case .setPause(let value): pauseMilliseconds = value
        case .setStoreAskToBuy(let value): inputs.switches.askToBuy = value
        case .setStoreFail(let value): inputs.switches.failPurchases = value ?? ""
        case .setStoreUnverified(let value): inputs.switches.unverified = value
        case .setStoreTimeRate(let value): inputs.switches.timeRate = value
        case .setStoreGracePeriod(let days): inputs.switches.gracePeriodDays = days
        case .setStoreInterrupted(let value): inputs.switches.interrupted = value
        case .setStoreDialogs(let value): inputs.switches.dialogs = value
        case let .setStoreError(api, error): inputs.switches.errors[api] = error ?? ""
        case .setBackendUp(let value): inputs.backendUp = value
        case .setProfile(let value): inputs.profile = value.text
        case .matrix: break   // read by `play`, which plays the tape once per combination
        default: return false
        }
        return true
    }

    /// The `Set` lines that give these settings when a tape starts from the defaults: size
    /// always, everything else only where it differs.
    public func setLines() -> [String] {
        let defaults = Self.defaultInputs
        var lines = ["Set Size \(width)x\(height)"]
        if let profile = inputs.profile { lines.append("Set Profile \(profile)") }
        if inputs.theme != defaults.theme { lines.append("Set Theme \(inputs.theme)") }
        if inputs.locale != defaults.locale { lines.append("Set Locale \(inputs.locale)") }
        if let offer = inputs.offer { lines.append("Set Offer \(offer.rawValue)") }
        if inputs.start != defaults.start { lines.append("Set Start \(inputs.start.rawValue)") }
        if let now { lines.append("Set Now \(ISO8601.string(now))") }
        if inputs.timeZone != defaults.timeZone { lines.append("Set TimeZone \(inputs.timeZone)") }
        if let storefront = inputs.storefront { lines.append("Set Storefront \(storefront)") }
        if let storekit = inputs.storekit { lines.append("Set StoreKit \(storekit)") }
        if let copy = inputs.copy { lines.append("Set Copy \(copy)") }
        if let config = inputs.config { lines.append("Set Config \(config)") }
        let switches = inputs.switches
        if let askToBuy = switches.askToBuy, askToBuy != defaults.switches.askToBuy {
            lines.append("Set Store AskToBuy \(askToBuy ? "on" : "off")")
        }
        if let fail = switches.failPurchases { lines.append("Set Store Fail \(fail.isEmpty ? "off" : fail)") }
        if let unverified = switches.unverified, unverified != defaults.switches.unverified {
            lines.append("Set Store Unverified \(unverified ? "on" : "off")")
        }
        if let rate = switches.timeRate, rate != defaults.switches.timeRate { lines.append("Set Store TimeRate \(rate)") }
        if let interrupted = switches.interrupted { lines.append("Set Store Interrupted \(interrupted ? "on" : "off")") }
        if let dialogs = switches.dialogs { lines.append("Set Store Dialogs \(dialogs ? "on" : "off")") }
        if let days = switches.gracePeriodDays { lines.append("Set Store GracePeriod \(days == 0 ? "off" : "\(days)d")") }
        if !inputs.backendUp { lines.append("Set Backend down") }
        return lines
    }

}

extension TapeResource {
    /// The name, or the path, as `SessionInputs` takes it.
    public var text: String {
        switch self {
        case .name(let name): return name
        case .path(let path): return path
        }
    }
}
