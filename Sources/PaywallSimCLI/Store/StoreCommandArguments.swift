import ArgumentParser
import Foundation
import StoreSim

// The `store` commands' typed arguments: each reads one word as the tape's `Store …` line reads
// it (`StoreCommand(control, words:)`), so the two cannot disagree on what a word means.

extension StoreTarget.Product: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension StoreTarget.Group: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension StoreTarget.Transaction: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension StoreTarget.Request: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension RevocationReason: ExpressibleByArgument {
    public init?(argument: String) { self.init(word: argument) }
    public static var allValueStrings: [String] { allCases.map(\.name) }
    public var defaultValueDescription: String { name }
}

// A word-named value reads its word in any case and lists Apple's names in the help.
extension ExpressibleByArgument where Self: WordNamed {
    public init?(argument: String) { self.init(word: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public var defaultValueDescription: String { rawValue }
}

extension RefundRequestReason: ExpressibleByArgument {}
extension SandboxRefundAnswer: ExpressibleByArgument {}
extension ConsumptionInformation.DeliveryStatus: ExpressibleByArgument {}
extension ConsumptionInformation.RefundPreference: ExpressibleByArgument {}

/// Reads `on` or `off` (any case) for a `store` command's switch; anything else is refused in the
/// tape's words ("expected on or off").
enum OnOffArgument {
    static func parse(_ word: String) throws -> Bool {
        guard let on = StoreSim.StoreCommand.onOff(word) else { throw ValidationError("\(word): expected on or off") }
        return on
    }
}

/// Reads a price as the tape does (`16.99`, a dot for decimals whatever the locale).
enum PriceArgument {
    static func parse(_ word: String) throws -> Decimal {
        guard let price = Decimal(string: word, locale: Locale(identifier: "en_US_POSIX")) else {
            throw ValidationError("\(word): expected a price such as 16.99")
        }
        return price
    }
}

/// Reads a storefront's alpha-3 code with the tape's refusal (`Storefront XYZ: expected …`).
enum StorefrontArgument {
    static func parse(_ word: String) throws -> Storefront {
        guard case .storefront(let storefront) = try StoreSim.StoreCommand(.storefront, words: [word]) else {
            throw ValidationError("\(word): expected a storefront's alpha-3 code")
        }
        return storefront
    }
}
