import CopyDeck
import Foundation
import PaywallCore
import PaywallScreens
import TerminalKit

/// App Store Review Guideline 3.1.2 on one rendered paywall: price and period of every plan, complete
/// trial terms, the billed amount more prominent than equivalents, Restore, Terms of Use and Privacy Policy.
struct PaywallRules {
    let screen: RenderedScreen
    let state: ScreenState
    let combination: SweepCombination
    let deck: CopyDeck
    /// The drawn texts with lines inside the grid, by slot (each rule asks for a slot or two).
    let inGrid: [TextSlot: [DrawnText]]

    init(screen: RenderedScreen, state: ScreenState, combination: SweepCombination, deck: CopyDeck) {
        self.screen = screen
        self.state = state
        self.combination = combination
        self.deck = deck
        var bySlot: [TextSlot: [DrawnText]] = [:]
        for text in screen.drawn where !text.lines.isEmpty && text.rect.y >= 0 && text.rect.y < screen.grid.height {
            bySlot[text.slot, default: []].append(text)
        }
        inGrid = bySlot
    }

    var model: FlowModel { state.context.model }

    func findings(dates: DateTexts) -> [Finding] {
        guard case .paywall(let offer) = model.state else { return [] }
        // An overlay (help, debug, a profile card) covers the paywall by the user's choice: the
        // paywall itself is checked in its own state, so its defects are reported once.
        guard state.context.overlay == .none, state.context.panel == nil else { return [] }
        var out: [Finding] = []
        func add(_ kind: FindingKind, _ key: String?, _ text: String, _ message: String, _ rect: Rect? = nil) {
            out.append(Finding(severity: .error, kind: kind, screen: state.screen, state: state.state, combination: combination,
                               key: key, text: text, message: "3.1.2: " + message, rect: rect.map(FindingRect.init)))
        }
        // A paywall with nothing to buy is no paywall: one error, not a clean pass with a bare button.
        if offer.plans.isEmpty {
            add(.noPlans, nil, "", "the paywall offers no plan: nothing to buy (the catalog has no subscription or one-time unlock)")
            return out
        }
        for plan in offer.plans where plan.displayName.trimmingCharacters(in: .whitespaces).isEmpty {
            add(.planNameMissing, nil, "", "\(plan.id) has no name in \(combination.locale): its .storekit displayName is empty, so the customer sees no title for what they buy")
        }
        out += namesAlike(offer.plans)
        // A price row cut after the price (`US$199.00 一次性买…`) still shows the whole price: each
        // row is read as drawn, cut or not (its cut is the separate "cut off" finding).
        let prices = drawn(.price)
        // Plans a short screen scrolled out of view, behind a visible "↓ 3 more plans" line: each is
        // checked in the state where it is selected (the list scrolls to it), not here.
        let scrolledAway = Set(visible(.planScroll).flatMap(\.hiddenPlanIDs))
        for plan in offer.plans where !scrolledAway.contains(plan.id) {
            // Each plan's own row, from the record of what the renderer drew for it: never a search
            // for a price (two plans at one price, or 9,99 € inside 59,99 €, would find the wrong row).
            guard let price = prices.first(where: { $0.planID == plan.id && squash(shown($0)).contains(squash(plan.displayPrice)) }) else {
                add(.pricePeriodMissing, "paywall.plan.price", plan.displayPrice, "the price of \(plan.displayName) (\(plan.displayPrice)) is not visible")
                continue
            }
            if let period = plan.period, !squash(shown(price)).contains(squash(unitText(period))) {
                add(.pricePeriodMissing, price.key, price.text, "the billing period of \(plan.displayName) (\(unitText(period))) is not shown with its price", price.rect)
            }
            for equivalent in visible(.priceEquivalent) where equivalent.planID == plan.id {
                guard let figure = plan.equivalent?.displayPrice, squash(shown(equivalent)).contains(squash(figure)) else { continue }
                if prominence(price) <= prominence(equivalent) {
                    add(.equivalentTooProminent, equivalent.key, equivalent.text,
                        "the per-\(plan.equivalent?.unit.rawValue ?? "unit") equivalent is as prominent as the billed amount \(plan.displayPrice) (\(style(equivalent)) vs \(style(price)))", equivalent.rect)
                }
            }
        }
        let selectedID = model.selectedPlanID ?? offer.defaultPlanID
        if let plan = offer.plans.first(where: { $0.id == selectedID }) ?? offer.plans.first, let period = plan.period {
            let terms = visible(.trialTerms) + visible(.renewalTerms)
            let all = squash(terms.map(shown).joined())
            if let trial = plan.trial {
                var missing: [String] = []
                if !all.contains(squash(plan.displayPrice)) { missing.append("the price charged after it (\(plan.displayPrice))") }
                else if !all.contains(squash(unitText(period))) { missing.append("how often \(plan.displayPrice) is charged (per \(unitText(period)))") }
                if trial.paymentMode == .free, let end = trialEnd(plan, dates: dates), !all.contains(squash(end)) { missing.append("when (\(end))") }
                if !missing.isEmpty {
                    add(.trialTermsIncomplete, terms.first?.key ?? "paywall.trial.terms", terms.map(\.text).joined(separator: " "),
                        "the trial terms of \(plan.displayName) do not say \(missing.joined(separator: " or "))", terms.first?.rect)
                }
            } else if !all.contains(squash(plan.displayPrice)) || !all.contains(squash(unitText(period))) {
                add(.trialTermsIncomplete, terms.first?.key ?? "paywall.terms.renewal", terms.map(\.text).joined(separator: " "),
                    "the renewal terms of \(plan.displayName) do not state \(plan.displayPrice) per \(unitText(period))", terms.first?.rect)
            }
        }
        if visible(.restore).isEmpty { add(.restoreMissing, "paywall.restore", deck.text("paywall.restore"), "Restore Purchases is not on the paywall") }
        if visible(.terms).isEmpty { add(.legalLinksMissing, "paywall.termsOfUse", deck.text("paywall.termsOfUse"), "Terms of Use are not shown") }
        if visible(.privacy).isEmpty { add(.legalLinksMissing, "paywall.privacy", deck.text("paywall.privacy"), "the Privacy Policy is not shown") }
        // A call to action drawn but cut off is one defect, reported as cut off (not also as missing).
        if drawn(.cta).isEmpty { add(.ctaMissing, nil, "", "no call to action is shown") }
        return out
    }

    /// A warning for each display name that two or more plans of the paywall share in the locale:
    /// five plans all called "Left Pocket Pro" (fixture 65) differ only by price and period, so the
    /// customer cannot tell from the names which one they buy. Empty names are `planNameMissing`'s.
    /// The sweep keeps one per paywall (offer) and locale (`CopySweep.keepFirstNamesAlike`).
    func namesAlike(_ plans: [Plan]) -> [Finding] {
        var order: [String] = []
        var ids: [String: [String]] = [:]
        for plan in plans {
            let name = plan.displayName.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            if ids[name] == nil { order.append(name) }
            ids[name, default: []].append(plan.id)
        }
        return order.compactMap { name in
            guard let same = ids[name], same.count > 1 else { return nil }
            return Finding(severity: .warning, kind: .planNamesAlike, screen: state.screen, state: state.state, combination: combination,
                           key: nil, text: name,
                           message: "\(same.count) plans are named “\(name)” in \(combination.locale) (\(same.joined(separator: ", "))): "
                               + "the customer cannot tell them apart by name (give each its own displayName in the .storekit)")
        }
    }

    /// Texts of `slot` drawn inside the grid, whole or cut off.
    func drawn(_ slot: TextSlot) -> [DrawnText] { inGrid[slot] ?? [] }

    /// Texts of `slot` that were drawn whole and inside the grid.
    func visible(_ slot: TextSlot) -> [DrawnText] { drawn(slot).filter { !$0.truncated } }

    func shown(_ text: DrawnText) -> String { text.lines.joined() }

    /// Text without whitespace, so wrapped lines and non-breaking spaces still match.
    func squash(_ text: String) -> String { Self.squash(text) }

    /// `squash`: ASCII text byte by byte; other text by the Unicode White_Space property and U+200B,
    /// the set Foundation's `whitespacesAndNewlines` holds here (tested over every scalar).
    static func squash(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.filter { $0 != 0x20 && !(0x09...0x0D).contains($0) }, as: UTF8.self)
        }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !scalar.properties.isWhitespace && scalar != "\u{200B}" { out.append(scalar) }
        return String(out)
    }

    func unitText(_ period: BillingPeriod) -> String {
        period.value == 1 ? deck.text("period.\(period.unit.rawValue)")
            : deck.resolve("period.\(period.unit.rawValue)s", locale: combination.locale, [.integer(period.value)]).text
    }

    /// The date of the first full charge as the screen writes it (long style, locale, zone).
    func trialEnd(_ plan: Plan, dates: DateTexts) -> String? {
        guard let trial = plan.trial else { return nil }
        let id = "\(plan.id)|\(state.context.locale)|\(state.context.now.timeIntervalSince1970)|\(state.context.timeZone.identifier)"
        return dates.text(for: id) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = state.context.timeZone
            var date = state.context.now
            for _ in 0..<max(1, trial.numberOfPeriods) { date = trial.period.advance(date, in: calendar) }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: state.context.locale)
            formatter.timeZone = state.context.timeZone
            formatter.dateStyle = .long
            formatter.timeStyle = .none
            return formatter.string(from: date)
        }
    }

    /// Bold counts most, then a price or title role over text, over secondary, muted and dim roles.
    func prominence(_ text: DrawnText) -> Int {
        let role: Int
        switch text.role {
        case .price, .title, .ctaText: role = 2
        case .priceSecondary, .muted, .dim: role = 0
        default: role = 1
        }
        return role + (text.bold ? 3 : 0)
    }

    func style(_ text: DrawnText) -> String { "\(text.role.rawValue)\(text.bold ? " bold" : "")" }
}

/// Trial end dates already formatted, by plan, locale, instant and zone (formatters are slow to
/// make); one is shared by every unit of a sweep, so each date is formatted once whatever the sizes.
final class DateTexts: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String: String] = [:]

    init() {}

    /// The text kept for `id`, or `make`'s (made outside the lock, so units never wait on ICU).
    func text(for id: String, make: () -> String) -> String {
        if let known = lock.withLock({ texts[id] }) { return known }
        let made = make()
        lock.withLock { texts[id] = made }
        return made
    }
}
