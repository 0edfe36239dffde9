import CopyDeck
import Foundation
import PaywallFoundation
import PaywallCore
import PaywallScreens
import Profiles
import SimRuntime
import StoreSim
import TerminalKit

/// The app as a person uses it: keys in, screens out, on top of a `SimulatorSession`.
///
/// Owns what only the UI knows (overlay, chat input, spinner) and turns keys into flow events
/// through `KeyMap`. Both the ncurses loop and the headless tape player drive this one type, so
/// they show the same cells.
public final class AppController {
    public let session: SimulatorSession
    public var theme: Theme
    public private(set) var overlay: Overlay = .none
    /// The account and Transaction Manager overlays' page, highlight and last note.
    private var storeOverlay = StoreOverlayState()
    public private(set) var input = ""
    public private(set) var spinnerFrame = 0
    /// Set once a quit key was pressed.
    public private(set) var wantsToQuit = false
    /// The profile's own screens and commands (nil without a profile).
    public let features: ProfileFeatures?
    /// The layout memos frames are drawn with (a benchmark sets fresh or non-reusing ones).
    public var layouts: LayoutMemos = .shared

    /// A controller over `session`; with a profile its screens load their state from the state
    /// directory (a broken `profile-state.json` is refused with its path).
    init(session: SimulatorSession, theme: Theme) throws {
        self.session = session
        self.theme = theme
        features = try session.settings.profile.map { try ProfileFeatures(session: session, profile: $0) }
    }

    /// Handles one key; returns false once the user asked to quit.
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        switch KeyMap.action(for: key, context: screenContext()) {
        case let .flow(event):
            session.send(event)
        case let .toggleOverlay(which):
            overlay = overlay == which ? .none : which
            storeOverlay.reset()
        case .closeOverlay:
            overlay = .none
        case let .overlay(command):
            if !storeOverlay.handle(command, overlay: overlay, session: session) { overlay = .none }
        case let .typeCharacter(character):
            if input.count < 200 { input.append(character) }
        case .deleteBackward:
            if !input.isEmpty { input.removeLast() }
        case .sendInput:
            let text = TrimmedText.ofWhitespace(input)
            guard !text.isEmpty else { break }
            input = ""
            if let features, text.hasPrefix("/") {
                features.command(text)
            } else {
                let sent = session.model.transcript.count
                session.send(.sendMessage(text))
                // Refused (the daily limit): the message stays in the input, to send after upgrading.
                if session.model.transcript.count == sent { input = text }
            }
        case let .profile(action):
            features?.handle(action: action)
        case .quit:
            wantsToQuit = true
        case .none:
            break
        }
        return !wantsToQuit
    }

    /// Advances the spinner one frame (the live loop calls it on a timer, tapes on each frame).
    public func tick() { spinnerFrame &+= 1 }

    /// What the screens need to draw the current moment.
    public func screenContext() -> ScreenContext {
        let settings = session.settings
        var context = ScreenContext(model: session.model, now: session.clock.now(), timeZone: settings.timeZone,
                                    locale: settings.locale, overlay: overlay, input: input, spinnerFrame: spinnerFrame,
                                    sheet: SheetInfo(environment: session.store.environment, askToBuy: session.store.settings.askToBuyEnabled,
                                                     change: planChange()),
                                    debug: overlay == .debug ? debugInfo() : DebugInfo(), panel: features?.panel(), paywallButton: features?.paywallButton)
        context.chatCommands = settings.profile.map(ProfileReducer.commands(for:)) ?? []
        context.renews = renews(session.model.entitlement)
        switch overlay {
        case .account: context.account = storeOverlay.accountInfo(session, renews: context.renews)
        case .transactions: context.manager = storeOverlay.managerInfo(session)
        case .none, .help, .debug: break
        }
        return context
    }

    /// While the App Store sheet is up for a subscriber's other plan: when that plan would start.
    func planChange() -> SheetInfo.PlanChange? {
        guard case .purchasing(let plan) = session.model.state else { return nil }
        switch session.store.planChangeStart(productID: plan.id) {
        case .now?: return .now
        case .atRenewal(let date)?: return .atRenewal(date)
        case nil: return nil
        }
    }

    /// Whether the entitled subscription will renew, as its group's status says (StoreKit's
    /// `renewalInfo.willAutoRenew` for the product the entitlement names).
    func renews(_ entitlement: Entitlement) -> Bool {
        guard entitlement.isPremium, let product = entitlement.productID,
              let group = session.settings.catalog.product(product)?.subscription?.groupID,
              let status = session.store.subscriptionStatus(groupID: group) else { return false }
        return status.productID == product && status.willAutoRenew
    }

    /// Renders the current screen at `size`.
    public func render(size: TerminalSize) -> RenderedScreen {
        ScreenRenderer.render(screenContext(), theme: theme, deck: session.settings.deck, size: size, layouts: layouts)
    }

    /// The seed's `printSubscriptionStatus`: state, entitlement, store switches and recent events.
    func debugInfo() -> DebugInfo {
        let store = session.store
        let s = store.settings
        let entitlement = session.model.entitlement
        var entitlementLine = entitlement.isPremium ? "premium" : "free"
        if let product = entitlement.productID { entitlementLine += " \(product)" }
        if let expires = entitlement.expiresAt { entitlementLine += " → \(Self.day(expires))" }
        entitlementLine += " (\(entitlement.source.rawValue))"
        var lines = [
            "storefront \(s.storefront) · rate \(s.timeRate) · backend \(session.backend.isUp ? "up" : "down")",
            "askToBuy \(s.askToBuyEnabled ? "on" : "off") · fail \(s.forcedErrors["Purchase"] ?? "off") · unverified \(s.unverifiedTransactions ? "on" : "off")",
            "transactions \(store.transactionCounts.all) · unfinished \(store.transactionCounts.unfinished) · pending \(store.pendingPurchases.count)"
                + (store.declinedRequests.isEmpty ? "" : " · declined \(store.declinedRequests.count) (not told to the app)"),
        ]
        for group in session.settings.catalog.groups {
            if let status = store.subscriptionStatus(groupID: group.id) {
                lines.append("\(status.state.rawValue) \(status.productID) → \(Self.day(status.expiresDate)) · renew \(status.willAutoRenew ? "on" : "off")")
            }
        }
        let events = session.analytics.events.suffix(6).map { event in
            let props = event.properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            return "\(Self.time(event.time)) \(event.name) \(props)".trimmingCharacters(in: .whitespaces)
        }
        var state = session.model.state.name
        if let reason = session.model.offerReason { state += " · \(reason)" }
        return DebugInfo(stateName: state, entitlementLine: entitlementLine, storeLines: lines, events: events)
    }

    /// "2026-06-04": the UTC date of ISO 8601's instant.
    static func day(_ date: Date) -> String { String(ISO8601.string(date).prefix(10)) }

    /// "10:00:03": the UTC time of ISO 8601's instant.
    static func time(_ date: Date) -> String { String(ISO8601.string(date).dropFirst(11).prefix(8)) }
}
