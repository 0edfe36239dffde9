import Foundation
import PaywallScreens
import TerminalKit

/// How bad a finding is: errors fail `copy check` (exit 1), warnings and notes do not.
public enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    case error, warning, info

    var rank: Int { self == .error ? 0 : (self == .warning ? 1 : 2) }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// What kind of defect a finding is, for filters and tests.
public enum FindingKind: String, Sendable, Hashable, Codable, CaseIterable {
    case truncated, missingTranslation, needsReview, unresolvedPlaceholder, specifierMismatch, identicalToSource
    case slotOverflow, widthLimit, missingKey
    case pricePeriodMissing, trialTermsIncomplete, equivalentTooProminent, restoreMissing, legalLinksMissing, ctaMissing, noPlans
    /// A plan whose product has an empty display name in the locale (the customer sees no title).
    case planNameMissing
    /// Plans shown together on one paywall with the same display name in the locale (the customer
    /// cannot tell them apart); listed once per paywall (offer) and locale.
    case planNamesAlike
    /// An App Store Review Guideline a profile breaks by design (e.g. 3.1.1: subscriptions sold with Apple Pay).
    case guideline
}

/// One defect in one rendered screen of one combination.
public struct Finding: Sendable, Hashable, Codable {
    public var severity: Severity
    public var kind: FindingKind
    /// The screen (`paywall`, `sheet`, …) and its state (`A list · plan yearly_59_99`).
    public var screen: String
    public var state: String
    public var combination: SweepCombination
    /// The copy key concerned; nil for a rule about the whole screen (e.g. no Restore Purchases).
    public var key: String?
    /// The text concerned, as resolved for the combination's locale.
    public var text: String
    public var message: String
    /// Where on the grid it is (for the HTML page); nil when it is not drawn.
    public var rect: FindingRect?

    public init(severity: Severity, kind: FindingKind, screen: String, state: String, combination: SweepCombination,
                key: String?, text: String, message: String, rect: FindingRect? = nil) {
        self.severity = severity
        self.kind = kind
        self.screen = screen
        self.state = state
        self.combination = combination
        self.key = key
        self.text = text
        self.message = message
        self.rect = rect
    }
}

/// A rectangle of grid cells, as JSON writes it.
public struct FindingRect: Sendable, Hashable, Codable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(_ rect: Rect) {
        x = rect.x
        y = rect.y
        width = max(1, rect.width)
        height = max(1, rect.height)
    }
}
