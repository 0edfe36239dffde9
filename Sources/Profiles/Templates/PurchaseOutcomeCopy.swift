import PaywallCore

/// The text a templates screen shows for each `PurchaseOutcome` (copy keys and their arguments).
public enum PurchaseOutcomeCopy {
    /// What was being bought: a template (with its display name) or Pro.
    public enum Subject: Hashable, Sendable {
        case template(name: String)
        case pro
    }

    /// success → `templates.outcome.templatePurchased` [name] / `templates.outcome.proActive`;
    /// cancelled → `templates.outcome.cancelled`; pending → `notice.pendingApproval`;
    /// purchasesDisabled → `notice.purchasesDisabled`; failed(verification_failed) → `error.verificationFailed`;
    /// other failures → `error.purchaseFailed` [reason]; entitlementInactive → `error.entitlementInactive`.
    public static func line(for outcome: PurchaseOutcome, subject: Subject) -> CopyLine {
        let name: String = switch subject {
        case .template(let name): name
        case .pro: "Pro"
        }
        switch outcome {
        case .success:
            if case .template = subject { return CopyLine("templates.outcome.templatePurchased", .string(name)) }
            return CopyLine("templates.outcome.proActive")
        case .cancelled: return CopyLine("templates.outcome.cancelled")
        case .pending: return CopyLine("notice.pendingApproval")
        case .purchasesDisabled: return CopyLine("notice.purchasesDisabled")
        case .failed("verification_failed"): return CopyLine("error.verificationFailed")
        case .failed(let reason): return CopyLine("error.purchaseFailed", .string(reason))
        case .entitlementInactive: return CopyLine("error.entitlementInactive")
        }
    }

    /// The buy button's label: `templates.buy` [price], or `templates.unavailable` while purchases are off.
    public static func buyButton(price: String, purchasesEnabled: Bool) -> CopyLine {
        purchasesEnabled ? CopyLine("templates.buy", .string(price)) : CopyLine("templates.unavailable")
    }
}
