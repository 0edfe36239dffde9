import Foundation
import StoreSim

/// A problem an App Store reviewer would raise, found in a profile before anyone submits it.
public struct GuidelineFinding: Hashable, Sendable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: String, Hashable, Sendable { case warning, error }

    /// The App Store Review Guideline number, e.g. `3.1.1`.
    public var guideline: String
    public var severity: Severity
    /// The product the finding is about, if any.
    public var productID: String?
    /// Copy key of the message (in the profile deck), e.g. `guideline.3.1.1`.
    public var messageKey: String
    /// The message in English, for reports and logs.
    public var message: String

    public init(guideline: String, severity: Severity, productID: String?, messageKey: String, message: String) {
        self.guideline = guideline
        self.severity = severity
        self.productID = productID
        self.messageKey = messageKey
        self.message = message
    }

    /// `warning: Guideline 3.1.1: … (com.deepseek.member.monthly)`.
    public var description: String {
        "\(severity.rawValue): Guideline \(guideline): \(message)" + (productID.map { " (\($0))" } ?? "")
    }
}

/// The guideline checks a profile can be judged by without rendering a screen.
public enum GuidelineCheck {
    /// The English text of the 3.1.1 finding.
    public static let inAppPurchaseMessage =
        "Digital subscriptions must be sold through in-app purchase (App Store Review Guideline 3.1.1); remove the Apple Pay button for them."

    /// Guideline 3.1.1: one warning per subscription (auto-renewable or non-renewing) the profile
    /// also sells through Apple Pay. Apple Pay is for physical goods and services used outside the app.
    public static func findings(profile: Profile, catalog: StoreCatalog) -> [GuidelineFinding] {
        guard let applePay = profile.applePay, applePay.forSubscriptions else { return [] }
        return catalog.products
            .filter { $0.kind == .autoRenewable || $0.kind == .nonRenewingSubscription }
            .map { GuidelineFinding(guideline: "3.1.1", severity: .warning, productID: $0.id,
                                    messageKey: "guideline.3.1.1", message: inAppPurchaseMessage) }
    }
}
