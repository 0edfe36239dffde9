import CopyDeck
import Foundation
import PaywallCore
import PaywallScreens
import Persistence
import Profiles
import SimRuntime
import StoreSim
import TerminalKit

/// The screens a profile adds to the app (seeds 001–003), reached from chat with slash commands
/// and from the paywall with the Apple Pay key.
///
/// The logic is `ProfileReducer` (pure, in `Profiles`), run as a scoped child of `AppReducer`;
/// this type gives it the session's instant, entitlement and catalog, runs the effects it asks
/// for (saving through the session's state store, the receipt server, the store; flow events go
/// back to the app's reducer) and draws the card that is up.
public final class ProfileFeatures {
    let session: SimulatorSession
    public let profile: Profile
    /// The card that is up and what the profile remembers (`AppState.profile`; changed only by
    /// `AppReducer`'s profile scope).
    public internal(set) var model: ProfileModel
    /// Seed 002's product catalog cache: template products fetched from the store once per launch.
    lazy var catalogService = ProductCatalogService(fetch: { [unowned self] ids in try self.session.store.products(for: ids) })

    /// Loads the profile state through the session's state store (`profile-state.json`); a broken
    /// file is refused with its path (never silently reset).
    public init(session: SimulatorSession, profile: Profile) throws {
        self.session = session
        self.profile = profile
        model = ProfileModel(saved: try session.appState.loadProfileState(ProfileState.self) ?? ProfileState())
    }

    /// Whether a card is up.
    public var isShowing: Bool { model.card != nil }

    /// The paywall's extra button: Apple Pay, when the profile has it.
    public var paywallButton: PaywallButton? {
        guard profile.applePay != nil, profile.screens.contains(.applePay) else { return nil }
        return PaywallButton(key: "a", copyKey: "applePay.button", action: .applePay)
    }

    /// The chat commands this profile answers, in help order.
    public var commands: [String] { ProfileReducer.commands(for: profile) }

    /// Runs one of the profile reducer's effects; its answers go back through the app's reducer.
    func run(_ effect: ProfileEffect) -> [AppAction] {
        switch effect {
        case let .flow(event):
            return [.flow(event)]
        case .save:
            do { try session.appState.saveProfileState(model.saved) } catch { session.note("profile state: \(error)") }
            return []
        case .validateReceipt:
            return [.profile(.receiptValidated(validateReceipt()))]
        case let .buyTemplate(id):
            return buyTemplate(id).map { [.profile(.templatePurchased(templateID: id, outcome: $0))] } ?? []
        }
    }

    /// What the reducer reads now, with the flow as the session holds it.
    func context() -> ProfileContext { context(flow: session.model) }

    /// What the reducer reads, with the flow's state as `flow` (the app's reducer passes its own).
    func context(flow: FlowModel) -> ProfileContext {
        let settings = session.settings
        let deck = settings.deck
        let locale = settings.locale
        return ProfileContext(profile: profile, now: now, timeZone: settings.timeZone, seed: settings.seed,
                              entitlement: flow.entitlement, backendUp: session.backend.isUp,
                              paywallPlanID: flow.selectedPlanID ?? flow.offer?.defaultPlanID,
                              catalog: settings.catalog, storefront: storefront, locale: locale,
                              text: { key in deck.resolve(key, locale: locale).text })
    }

    /// The card to draw, built from the current state by the profile's panels.
    public func panel() -> ProfilePanel? {
        guard model.card != nil else { return nil }
        return ProfilePanels.panel(model, panelContext())
    }

    /// What the panels read now: the reducer's context, the copy, and the store's reads they ask for.
    func panelContext() -> ProfilePanelContext {
        let settings = session.settings
        let deck = settings.deck
        let locale = settings.locale
        return ProfilePanelContext(base: context(), format: { key, arguments in deck.resolve(key, locale: locale, arguments).text },
                                   currentEntitlements: { [unowned self] in session.store.currentEntitlements() },
                                   templateProducts: { [unowned self] in try catalogService.products(for: TemplatesCatalog.templates.map(\.productID)) },
                                   purchasesEnabled: settings.config.purchasesEnabled, sheetAccount: SheetInfo().account)
    }

    var now: Date { session.clock.now() }

    /// The storefront prices are shown in.
    var storefront: String { session.storefront.code }
}
