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
/// The logic is `ProfileReducer` (pure, in `Profiles`); this type is its runner: it gives the
/// reducer the session's instant, entitlement and catalog, runs the effects it asks for (flow
/// events, saving through the session's state store, the receipt server, the store) and draws
/// the card that is up, so the same keys give the same cells headless and in the terminal.
public final class ProfileFeatures {
    let session: SimulatorSession
    public let profile: Profile
    /// The card that is up and what the profile remembers.
    public private(set) var model: ProfileModel
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

    /// Feeds one event through the reducer and runs the effects it returns, answers first in, first out.
    public func send(_ event: ProfileEvent) {
        var queue = [event]
        while !queue.isEmpty {
            let (next, effects) = ProfileReducer.reduce(model, queue.removeFirst(), context: context())
            model = next
            for effect in effects { queue += run(effect) }
        }
    }

    private func run(_ effect: ProfileEffect) -> [ProfileEvent] {
        switch effect {
        case let .flow(event):
            session.send(event)
            return []
        case .save:
            do { try session.appState.saveProfileState(model.saved) } catch { session.note("profile state: \(error)") }
            return []
        case .validateReceipt:
            return [.receiptValidated(validateReceipt())]
        case let .buyTemplate(id):
            return buyTemplate(id).map { [.templatePurchased(templateID: id, outcome: $0)] } ?? []
        }
    }

    /// What the reducer reads now.
    func context() -> ProfileContext {
        let settings = session.settings
        let deck = settings.deck
        let locale = settings.locale
        return ProfileContext(profile: profile, now: now, timeZone: settings.timeZone, seed: settings.seed,
                              entitlement: session.model.entitlement, backendUp: session.backend.isUp,
                              paywallPlanID: session.model.selectedPlanID ?? session.model.offer?.defaultPlanID,
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
