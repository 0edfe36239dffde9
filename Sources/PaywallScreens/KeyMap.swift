import TerminalKit
import PaywallCore
import Profiles

/// The fixed key table (issue 4): what each key does on each screen.
public enum KeyMap {
    /// The action for `key` in `context`.
    public static func action(for key: Key, context: ScreenContext) -> UIAction {
        if key == .control("c") { return .quit }
        if context.overlay != .none { return overlayAction(key, context: context) }
        if !context.model.storeMessages.isEmpty { return storeMessageAction(key) }
        if let panel = context.panel { return panelAction(key, panel: panel) }
        if context.isTextInput { return chatAction(key) }
        if let global = globalAction(key) { return global }
        switch context.model.state {
        case .onboarding:
            switch key {
            case .enter, .right: return .flow(.next)
            case .left: return .flow(.back)
            case .character("s"): return .flow(.skipOnboarding)
            default: return .none
            }
        case .valuePreview, .proof:
            switch key {
            case .enter, .right: return .flow(.next)
            case .left: return .flow(.back)
            default: return .none
            }
        case .paywall:
            // Nothing buys without Enter. Where plans are cards side by side, ← → move between them.
            let cards = context.model.offer?.layoutVariant == .cards
            switch key {
            case .enter: return .flow(.buy)
            case .left: return cards ? .flow(.movePlanSelection(by: -1)) : .flow(.back)
            case .right: return cards ? .flow(.movePlanSelection(by: 1)) : .none
            case .up, .character("k"): return .flow(.movePlanSelection(by: -1))
            case .down, .character("j"): return .flow(.movePlanSelection(by: 1))
            case .character("r"): return .flow(.restore)
            case .character("n"), .escape: return .flow(.notNow)
            case .character(let c) where c == context.paywallButton?.key:
                return context.paywallButton.map { .profile($0.action) } ?? .none
            default: return .none
            }
        case .purchasing:
            guard context.model.purchasePhase == .awaitingConfirmation else { return .none }
            switch key {
            case .enter: return .flow(.sheetConfirmed)
            case .character("n"), .escape: return .flow(.sheetCancelled)
            default: return .none
            }
        case .purchased, .skipped:
            return key == .enter || key == .right ? .flow(.next) : .none
        case .error:
            switch key {
            case .enter, .right: return .flow(.retry)
            case .escape, .left: return .flow(.back)
            default: return .none
            }
        case .idle, .configReady, .chat:
            return .none
        }
    }

    /// The action for `key` while the terminal is smaller than the smallest screen: only quit
    /// (q, Ctrl-C) and help (?, F1) act, since nothing else can be seen.
    public static func tooSmallAction(for key: Key) -> UIAction {
        switch key {
        case .control("c"), .character("q"): return .quit
        case .character("?"), .function(1): return .toggleOverlay(.help)
        default: return .none
        }
    }

    /// Help, debug, account, the Transaction Manager and quit, outside text input.
    static func globalAction(_ key: Key) -> UIAction? {
        if let overlay = overlayKey(key) { return .toggleOverlay(overlay) }
        return key == .character("q") ? .quit : nil
    }

    /// The overlays' function keys, which work everywhere, and their letters.
    static func overlayKey(_ key: Key) -> Overlay? {
        switch key {
        case .character("?"), .function(1): return .help
        case .character("d"), .function(2): return .debug
        case .character("u"), .function(3): return .account
        case .character("t"), .function(4): return .transactions
        default: return nil
        }
    }

    /// With an overlay up: its own keys first; Esc (or n on help and debug) closes it, the
    /// overlay keys switch, q quits; nothing else.
    static func overlayAction(_ key: Key, context: ScreenContext) -> UIAction {
        switch context.overlay {
        case .account: if let command = accountCommand(key, page: context.account.page) { return .overlay(command) }
        case .transactions: if let command = managerCommand(key) { return .overlay(command) }
        case .help, .debug, .none: if key == .character("n") { return .closeOverlay }
        }
        return key == .escape ? .closeOverlay : globalAction(key) ?? .none
    }

    /// The account overlay: the menu's letters, or a sheet's ↑ ↓ Enter; Esc goes back a page.
    static func accountCommand(_ key: Key, page: AccountInfo.Page) -> OverlayCommand? {
        switch (page, key) {
        case (.menu, .character("m")): return .open(.manage)
        case (.menu, .character("f")): return .requestRefund
        case (.menu, .character("c")): return .open(.redeem)
        case (.menu, .character("s")): return .open(.storefront)
        case (.menu, _): return nil
        case (_, .up), (_, .character("k")): return .move(by: -1)
        case (_, .down), (_, .character("j")): return .move(by: 1)
        case (_, .enter): return .choose
        case (_, .escape): return .back
        case (.manage, .character("x")): return .toggleAutoRenew
        default: return nil
        }
    }

    /// The Transaction Manager: ↑ ↓ select; a x c r f e w o and Backspace act on the selected row.
    static func managerCommand(_ key: Key) -> OverlayCommand? {
        switch key {
        case .up, .character("k"): return .move(by: -1)
        case .down, .character("j"): return .move(by: 1)
        case .character("a"): return .approve
        case .character("x"): return .decline
        case .character("c"): return .sendConsumption
        case .character("r"): return .resolve
        case .character("f"): return .refund
        case .character("e"): return .expire
        case .character("w"): return .renew
        case .character("o"): return .toggleSale
        case .backspace: return .delete
        default: return nil
        }
    }

    /// With a StoreKit message up: Enter accepts, Esc or n declines; ?/F1, d/F2 and q as everywhere.
    static func storeMessageAction(_ key: Key) -> UIAction {
        switch key {
        case .enter: return .flow(.storeMessageAnswered(accepted: true))
        case .escape, .character("n"): return .flow(.storeMessageAnswered(accepted: false))
        default: return globalAction(key) ?? .none
        }
    }

    /// With a profile panel up: Enter confirms, Esc closes, the panel's letter keys name their
    /// actions; ?/F1, d/F2 and q work as everywhere.
    static func panelAction(_ key: Key, panel: ProfilePanel) -> UIAction {
        switch key {
        case .enter: return .profile(.confirm)
        case .escape: return .profile(.close)
        case .character(let c) where panel.keys[c] != nil: return panel.keys[c].map { .profile($0) } ?? .none
        default: return globalAction(key) ?? .none
        }
    }

    /// In chat printable keys type; Enter sends, Tab opens the paywall, F1–F4 the overlays.
    static func chatAction(_ key: Key) -> UIAction {
        switch key {
        case .enter: return .sendInput
        case .tab: return .flow(.openPaywall(reason: .chatTab))
        case .backspace: return .deleteBackward
        case .space: return .typeCharacter(" ")
        case .character(let c): return .typeCharacter(c)
        case .function: return overlayKey(key).map { .toggleOverlay($0) } ?? .none
        default: return .none
        }
    }
}
