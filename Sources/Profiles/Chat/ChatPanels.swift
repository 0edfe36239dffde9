import Foundation
import StoreSim

/// Seed 001's cards: the member status screen and the simulated Apple Pay sheet.
enum ChatPanels {
    /// Plan and expiry from the store's current entitlements, then the four member benefits.
    static func memberStatus(_ context: ProfilePanelContext) -> ProfilePanel {
        let base = context.base
        let entries = context.currentEntitlements().map {
            MemberStatus.Entry(productID: $0.productID, expirationDate: $0.expirationDate)
        }
        let status = MemberStatus.from(entries, catalog: base.catalog, now: base.now)
        let planName = status.currentPlan.flatMap { base.catalog.product($0)?.displayName(for: base.locale) } ?? ""
        let expiry = status.expirationDate.map { longDate($0, base) }
        let line = status.statusLine(planName: planName, formattedExpiry: expiry)
        var lines: [ProfilePanel.Line] = [.copy(line.key, line.arguments, role: status.isMember ? .success : .muted, bold: status.isMember), .gap,
                                          .copy("member.benefits.title", role: .accent, bold: true)]
        for benefit in ChatMembership.benefits {
            lines.append(.copy(benefit.titleKey, role: .text, bold: true))
            lines.append(.copy(benefit.detailKey, role: .muted))
        }
        return ProfilePanel(name: "memberStatus", titleKey: "member.status.title", lines: lines)
    }

    /// A date as the member screen writes it ("May 28, 2027"), in the session's locale and zone.
    static func longDate(_ date: Date, _ context: ProfileContext) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: context.locale)
        formatter.timeZone = context.timeZone
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        return formatter.string(from: date)
    }

    /// The sheet for `productID`: who is paid, the item and total, the card networks, and the
    /// 3.1.1 warning the copy check also reports (digital subscriptions belong to in-app purchase).
    static func applePay(productID: String, _ context: ProfilePanelContext) -> ProfilePanel {
        let base = context.base
        guard let config = base.profile.applePay, let product = base.catalog.product(productID) else {
            return ProfilePanel(name: "applePay", titleKey: "app.name", lines: [.copy("applePay.unavailable", role: .warning)])
        }
        let request = ApplePaySheet.request(for: product, config: config, storefront: base.storefront, locale: base.locale)
        var lines: [ProfilePanel.Line] = []
        for item in request.summaryItems {
            lines.append(.data("\(item.label)  \(context.price(item.amount))"))
        }
        lines.append(.copy("applePay.total", [.string(context.price(request.total))], role: .price, bold: true))
        lines.append(.data(request.supportedNetworks.map(\.rawValue).joined(separator: " · "), role: .muted))
        // (The merchant identifier goes into the payment request, not onto Apple's sheet.)
        if product.kind == .autoRenewable || product.kind == .nonRenewingSubscription {
            lines.append(.gap)
            lines.append(.copy("guideline.3.1.1", role: .warning))
        }
        return ProfilePanel(name: "applePay", titleKey: "applePay.payTo", titleArguments: [.string(context.text("app.name"))], lines: lines,
                            hintKeys: ["applePay.hint"], keys: ["x": .declineCard])
    }
}
