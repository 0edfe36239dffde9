import Foundation

/// The values `Set` commands establish, with the language's defaults; the player starts from
/// `initial(for:)` and applies later `Set` lines (e.g. `Set Store …` mid-tape) as it reaches them.
public struct TapeSettings: Hashable, Sendable {
    public var width = 80
    public var height = 24
    public var theme: TapeResource?
    public var locale: String?
    public var storeKitPath: String?
    public var copyPath: String?
    public var configPath: String?
    /// nil: the app's own choice (same as `auto`).
    public var offer: TapeOffer?
    public var start: TapeStartScreen?
    /// The virtual clock's start; nil lets the player pick its fixed default.
    public var now: Date?
    public var timeZone = "UTC"
    public var askToBuy = false
    /// A StoreKit error name purchases fail with, nil for none.
    public var failError: String?
    public var unverified = false
    public var timeRate = "realTime"
    public var backendUp = true
    public var profile: TapeResource?

    public init() {}

    /// The settings of the tape's leading `Set` lines (before its first other command).
    public static func initial(for tape: Tape) -> TapeSettings {
        var settings = TapeSettings()
        for step in tape.steps {
            guard settings.apply(step.command) else { break }
        }
        return settings
    }

    /// Applies a `Set` command; returns false (changing nothing) for any other command.
    @discardableResult
    public mutating func apply(_ command: TapeCommand) -> Bool {
        switch command {
        case .setSize(let w, let h): width = w; height = h
        case .setTheme(let value): theme = value
        case .setLocale(let value): locale = value
        case .setStoreKit(let path): storeKitPath = path
        case .setCopy(let path): copyPath = path
        case .setConfig(let path): configPath = path
        case .setOffer(let value): offer = value
        case .setStart(let value): start = value
        case .setNow(let value): now = value
        case .setTimeZone(let value): timeZone = value
        case .setStoreAskToBuy(let value): askToBuy = value
        case .setStoreFail(let value): failError = value
        case .setStoreUnverified(let value): unverified = value
        case .setStoreTimeRate(let value): timeRate = value
        case .setBackendUp(let value): backendUp = value
        case .setProfile(let value): profile = value
        default: return false
        }
        return true
    }
}
