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
/// The runtime of `AppReducer`: every input is an `AppAction` sent through `send`, the one
/// reducer changes `AppState`, and the effects it returns run against the session (flow, store),
/// the profile's screens and the store overlays; then it draws. Both the
/// ncurses loop and the headless tape player drive this one type through `AppDriver`, so they
/// show the same cells.
public final class AppController {
    public let session: SimulatorSession
    public var theme: Theme
    /// The UI's own state; `AppReducer` is the only thing that changes it.
    public private(set) var ui = AppUIState()
    public var overlay: Overlay { ui.overlay }
    public var input: String { ui.input }
    public var spinnerFrame: Int { ui.spinnerFrame }
    /// Set once a quit key was pressed.
    public var wantsToQuit: Bool { ui.wantsToQuit }
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
        // The session's own events (scheduled answers, store updates, other processes' changes)
        // go through the app's one reducer, not a loop of the session's.
        session.dispatch = { [unowned self] event in send(.flow(event)) }
    }

    /// Handles one key; returns false once the user asked to quit.
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        send(.key(key))
        return !ui.wantsToQuit
    }

    /// Advances the spinner one frame (the driver does it while an answer is on its way).
    public func tick() { send(.tick) }

    /// The app's state as its owners keep it: the UI's here, the flow's in the session (whose
    /// scheduled answers and store updates act on it), the profile's in `features`.
    public var state: AppState { AppState(ui: ui, flow: session.model, profile: features?.model) }

    /// The one way anything happens to the app: `action` goes through `AppReducer`, the effects
    /// it returns run, and their answers go through the reducer in turn (`ActionQueue`). Events
    /// the session makes on its own — a scheduled answer, a store update, another process's
    /// change — come here too (`SimulatorSession.dispatch`).
    public func send(_ action: AppAction) {
        let environment = self.environment
        ActionQueue.run(action, step: { next in
            // The reducer works on a copy: a key's screen is built from the state before the key.
            var state = self.state
            let effects = AppReducer.reduce(into: &state, next, environment)
            ui = state.ui
            session.model = state.flow
            if let profile = state.profile { features?.model = profile }
            return effects.flatMap(run)
        }, idle: { session.afterEvents().map(AppAction.flow) })
    }

    /// What the reducer reads: the screen, the flow's instant, the profile's context.
    private var environment: AppReducer.Environment {
        AppReducer.Environment(screen: { [unowned self] in screenContext() }, flow: { [unowned self] in session.context },
                               profile: features.map { features in { flow in features.context(flow: flow) } })
    }

    /// Runs one effect against the session, the profile or the store; returns the answers.
    private func run(_ effect: AppEffect) -> [AppAction] {
        switch effect {
        case let .flow(effect):
            return session.run(effect).map(AppAction.flow)
        case let .profile(effect):
            return features?.run(effect) ?? []
        case let .advance(date):
            session.advance(to: date)
        case .pump:
            session.pump()
        case let .storeSwitches(switches):
            session.setStoreSwitches(switches)
        case let .backend(up):
            session.setBackend(up: up)
        case let .perform(command):
            do {
                return [.storeAnswered(.done(try session.control(command)))]
            } catch let refused as StoreControlError {
                return [.storeAnswered(.refused(refused))]
            } catch let failure as StoreKitFailure {
                return [.storeAnswered(.failed(failure))]
            } catch {
                return [.storeAnswered(.error(String(describing: error)))]
            }
        case let .storeOverlay(command, overlay):
            var state = ui.storeOverlay
            let staysUp = state.handle(command, overlay: overlay, session: session)
            return [.storeOverlayAnswered(StoreOverlayAnswer(state: state, staysUp: staysUp))]
        }
        return []
    }

    /// What the screens need to draw the current moment.
    public func screenContext() -> ScreenContext {
        let settings = session.settings
        var context = ScreenContext(model: session.model, now: session.clock.now(), timeZone: settings.timeZone,
                                    locale: settings.locale, overlay: ui.overlay, input: ui.input, spinnerFrame: ui.spinnerFrame,
                                    sheet: SheetInfo(environment: session.store.environment, askToBuy: session.store.settings.askToBuyEnabled,
                                                     change: planChange()),
                                    debug: ui.overlay == .debug ? debugInfo() : DebugInfo(), panel: features?.panel(), paywallButton: features?.paywallButton)
        context.chatCommands = settings.profile.map(ProfileReducer.commands(for:)) ?? []
        context.renews = renews(session.model.entitlement)
        switch ui.overlay {
        case .account: context.account = ui.storeOverlay.accountInfo(session, renews: context.renews)
        case .transactions: context.manager = ui.storeOverlay.managerInfo(session)
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
