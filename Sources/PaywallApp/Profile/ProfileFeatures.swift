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
/// Owns the panel that is up and the profile's remembered state; builds each panel from the
/// Profiles domain and the session's store, backend and clock, so the same keys give the same
/// cells headless and in the terminal.
public final class ProfileFeatures {
    let session: SimulatorSession
    public let profile: Profile
    var state: ProfileState
    var active: ActivePanel?
    /// Seed 002's product catalog cache: template products fetched from the store once per launch.
    lazy var catalogService = ProductCatalogService(fetch: { [unowned self] ids in try self.session.store.products(for: ids) })

    /// Loads the profile state through the session's state store (`profile-state.json`); a broken
    /// file is refused with its path (never silently reset).
    public init(session: SimulatorSession, profile: Profile) throws {
        self.session = session
        self.profile = profile
        state = try session.appState.loadProfileState(ProfileState.self) ?? ProfileState()
    }

    /// Whether a panel is up.
    public var isShowing: Bool { active != nil }

    /// The panel to draw, built from the current state.
    public func panel() -> ProfilePanel? {
        guard let active else { return nil }
        switch active {
        case let .message(lines): return messagePanel(lines)
        case .memberStatus: return memberStatusPanel()
        case let .applePay(productID): return applePayPanel(productID: productID)
        case let .featureGate(feature, tier): return featureGatePanel(feature, tier)
        case .usage: return usagePanel()
        case .rewardedAd: return rewardedAdPanel()
        case .interstitial: return interstitialPanel()
        case let .templates(outcome): return templatesPanel(outcome: outcome)
        }
    }

    /// The paywall's extra button: Apple Pay, when the profile has it.
    public var paywallButton: PaywallButton? {
        guard profile.applePay != nil, profile.screens.contains(.applePay) else { return nil }
        return PaywallButton(key: "a", copyKey: "applePay.button", action: .applePay)
    }

    /// The chat commands this profile answers, in help order.
    public var commands: [String] {
        var list: [String] = []
        if profile.screens.contains(.memberStatus) { list.append("/status") }
        if profile.screens.contains(.usage) { list += ["/usage", "/call MIN [GB]"] }
        if profile.screens.contains(.featureGate) { list.append("/feature NAME") }
        if profile.screens.contains(.ads) { list.append("/ad") }
        if profile.screens.contains(.templates) { list.append("/templates") }
        return list
    }

    /// Handles a chat line that starts with `/`; returns false when it is not a command.
    @discardableResult
    public func command(_ line: String) -> Bool {
        let words = line.split(separator: " ").map(String.init)
        guard let first = words.first, first.hasPrefix("/") else { return false }
        let args = Array(words.dropFirst())
        let has = { (screen: ProfileScreen) in self.profile.screens.contains(screen) }
        switch first.lowercased() {
        case "/status" where has(.memberStatus): active = .memberStatus
        case "/usage" where has(.usage): validateReceipt(); active = .usage
        case "/call" where has(.usage): call(args)
        case "/feature" where has(.featureGate): feature(args)
        case "/ad" where has(.ads): offerAd()
        case "/templates" where has(.templates): active = .templates(outcome: nil)
        default:
            active = .message([.copy("profile.unknownCommand", [.string(first), .string(commands.joined(separator: "  "))], role: .warning)])
        }
        return true
    }

    /// An action of the panel that is up (Enter, Esc or one of its keys), or of the paywall button.
    public func handle(action: ProfileAction) {
        if action == .applePay {
            guard let plan = session.model.selectedPlanID ?? session.model.offer?.defaultPlanID else { return }
            active = .applePay(productID: plan)
            return
        }
        guard let current = active else { return }
        switch (current, action) {
        case let (.applePay(productID), .confirm): payWithApplePay(productID: productID, action: .authorize)
        case let (.applePay(productID), .close): payWithApplePay(productID: productID, action: .cancel)
        case let (.applePay(productID), .declineCard): payWithApplePay(productID: productID, action: .fail("cardDeclined"))
        case let (.featureGate(_, tier), .confirm):
            active = nil
            session.send(.openPaywall(reason: .chatTab))
            session.send(.selectPlan(id: tier.productID))
        case (.rewardedAd, .confirm): watchAd(toEnd: true)
        case (.rewardedAd, .closeAdEarly): watchAd(toEnd: false)
        case (.templates, .goPro):
            active = nil
            session.send(.openPaywall(reason: .chatTab))
        case let (.templates, .buyTemplate(id)): buyTemplate(id)
        case (_, .close), (_, .confirm): active = nil
        default: break
        }
    }

    // MARK: - Shared helpers

    var now: Date { session.clock.now() }
    var deck: CopyDeck { session.settings.deck }

    /// The plain text of a key, for composing into another line's arguments.
    func text(_ key: String, _ arguments: [CopyArgument] = []) -> String {
        deck.resolve(key, locale: session.settings.locale, arguments).text
    }

    /// The storefront prices are shown in.
    var storefront: String { session.settings.storefront ?? session.settings.catalog.settings.storefront }

    /// `amount` in the storefront's currency, as the paywall writes prices.
    func price(_ amount: Decimal) -> String {
        PriceFormatter.format(amount, storefront: Storefront.resolve(storefront), locale: session.settings.locale)
    }

    /// Saves the profile state through the session's state store; a failure is noted for the debug overlay, never fatal.
    func save() {
        do { try session.appState.saveProfileState(state) } catch { session.note("profile state: \(error)") }
    }

    private func messagePanel(_ lines: [ProfilePanel.Line]) -> ProfilePanel {
        ProfilePanel(name: "profileMessage", titleKey: "app.name", lines: lines)
    }
}
