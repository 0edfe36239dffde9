import Foundation
import PaywallCore
import Testing
@testable import PaywallScreens
@testable import TerminalKit

/// The fixed key table of issue 4, key by key and screen by screen.
@Suite struct KeyMapTests {
    typealias F = ScreenFixtures

    static func ctx(_ model: FlowModel, overlay: Overlay = .none) -> ScreenContext { F.context(model, locale: "en", overlay: overlay) }
    static func action(_ key: Key, _ model: FlowModel, overlay: Overlay = .none) -> UIAction {
        KeyMap.action(for: key, context: ctx(model, overlay: overlay))
    }

    static var sheetModel: FlowModel { F.sheetContext(.A, locale: "en", askToBuy: false).model }
    static var processingModel: FlowModel { var m = sheetModel; m.purchasePhase = .processing; return m }

    /// Every screen outside text input.
    static var screens: [(String, FlowModel)] {
        [("loading", F.model(.configReady)), ("onboarding", F.model(.onboarding)), ("value", F.model(.valuePreview)),
         ("proof", F.model(.proof)), ("paywall", F.paywallModel(.A)), ("sheet", sheetModel), ("processing", processingModel),
         ("purchased", F.model(.purchased(entitlement: F.premium()))), ("skipped", F.model(.skipped)),
         ("error", F.model(.error(message: "error.configFailed")))]
    }

    @Test func ctrlCQuitsEverywhere() {
        for (_, model) in Self.screens + [("chat", F.chatModel(used: 1))] {
            for overlay in Overlay.allCases { #expect(Self.action(.control("c"), model, overlay: overlay) == .quit) }
        }
    }

    @Test func enterAndRightByScreen() {
        let expected: [String: UIAction] = [
            "loading": .none, "onboarding": .flow(.next), "value": .flow(.next), "proof": .flow(.next),
            "paywall": .flow(.buy), "sheet": .flow(.sheetConfirmed), "processing": .none,
            "purchased": .flow(.next), "skipped": .flow(.next), "error": .flow(.retry),
        ]
        for (name, model) in Self.screens {
            #expect(Self.action(.enter, model) == expected[name], "Enter on \(name)")
            // Nothing buys or confirms without Enter: → does nothing on the paywall and the sheet.
            let right: UIAction? = ["paywall", "sheet"].contains(name) ? UIAction.none : expected[name]
            #expect(Self.action(.right, model) == right, "Right on \(name)")
        }
        #expect(Self.action(.enter, F.chatModel(used: 1)) == .sendInput)
    }

    @Test func leftGoesBackWhereThereIsABack() {
        for (name, model) in Self.screens {
            let expected: UIAction = ["onboarding", "value", "proof", "paywall", "error"].contains(name) ? .flow(.back) : .none
            #expect(Self.action(.left, model) == expected, "Left on \(name)")
        }
    }

    @Test func letterShortcutsOutsideTextInput() {
        for (name, model) in Self.screens {
            #expect(Self.action(.character("s"), model) == (name == "onboarding" ? .flow(.skipOnboarding) : .none), "s on \(name)")
            #expect(Self.action(.character("r"), model) == (name == "paywall" ? .flow(.restore) : .none), "r on \(name)")
            #expect(Self.action(.character("q"), model) == .quit, "q on \(name)")
            #expect(Self.action(.character("?"), model) == .toggleOverlay(.help))
            #expect(Self.action(.function(1), model) == .toggleOverlay(.help))
            #expect(Self.action(.character("d"), model) == .toggleOverlay(.debug))
            #expect(Self.action(.function(2), model) == .toggleOverlay(.debug))
            let up: UIAction = name == "paywall" ? .flow(.movePlanSelection(by: -1)) : .none
            let down: UIAction = name == "paywall" ? .flow(.movePlanSelection(by: 1)) : .none
            #expect(Self.action(.up, model) == up && Self.action(.character("k"), model) == up, "up on \(name)")
            #expect(Self.action(.down, model) == down && Self.action(.character("j"), model) == down, "down on \(name)")
            #expect(Self.action(.tab, model) == .none, "Tab on \(name)")
        }
    }

    @Test func notNowCancelAndBackFromError() {
        let paywall = F.paywallModel(.A)
        #expect(Self.action(.character("n"), paywall) == .flow(.notNow))
        #expect(Self.action(.escape, paywall) == .flow(.notNow))
        #expect(Self.action(.character("n"), Self.sheetModel) == .flow(.sheetCancelled))
        #expect(Self.action(.escape, Self.sheetModel) == .flow(.sheetCancelled))
        #expect(Self.action(.escape, Self.processingModel) == .none)
        #expect(Self.action(.escape, F.model(.error(message: "error.configFailed"))) == .flow(.back))
        #expect(Self.action(.escape, F.model(.onboarding)) == .none)
    }

    @Test func overlaysCloseWithEscOrN() {
        for (name, model) in Self.screens + [("chat", F.chatModel(used: 1))] {
            for overlay in [Overlay.help, .debug] {
                #expect(Self.action(.escape, model, overlay: overlay) == .closeOverlay, "\(name)")
                #expect(Self.action(.character("n"), model, overlay: overlay) == .closeOverlay)
                #expect(Self.action(.enter, model, overlay: overlay) == .none)
                #expect(Self.action(.character("?"), model, overlay: overlay) == .toggleOverlay(.help))
                #expect(Self.action(.function(2), model, overlay: overlay) == .toggleOverlay(.debug))
                #expect(Self.action(.character("q"), model, overlay: overlay) == .quit)
                #expect(Self.action(.character("r"), model, overlay: overlay) == .none)
            }
        }
    }

    @Test func chatTypesPrintableKeysAndTabOpensThePaywall() {
        let chat = F.chatModel(used: 1)
        for c in ["q", "s", "r", "n", "d", "?", "j", "k", "한", "中", "é"].map(Character.init) {
            #expect(Self.action(.character(c), chat) == .typeCharacter(c))
        }
        #expect(Self.action(.space, chat) == .typeCharacter(" "))
        #expect(Self.action(.backspace, chat) == .deleteBackward)
        #expect(Self.action(.tab, chat) == .flow(.openPaywall(reason: .chatTab)))
        #expect(Self.action(.function(1), chat) == .toggleOverlay(.help))
        #expect(Self.action(.function(2), chat) == .toggleOverlay(.debug))
        #expect(Self.action(.escape, chat) == .none)
        #expect(Self.action(.left, chat) == .none)
        #expect(Self.action(.up, chat) == .none)
    }

    @Test func everyKeyInEveryContextKeepsTheRules() {
        let keys: [Key] = [.enter, .escape, .tab, .backspace, .space, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown,
                           .resize, .control("a"), .control("c")] + (1...12).map(Key.function)
            + "abcdefghijklmnopqrstuvwxyz?!1 한中".map(Key.character)
        for (name, model) in Self.screens + [("chat", F.chatModel(used: 1))] {
            for overlay in Overlay.allCases {
                for key in keys {
                    let action = Self.action(key, model, overlay: overlay)
                    let textInput = name == "chat" && overlay == .none
                    if case .typeCharacter = action { #expect(textInput, "\(key) types outside text input on \(name)") }
                    if action == .deleteBackward || action == .sendInput { #expect(textInput) }
                    if action == .quit { #expect(key == .control("c") || (key == .character("q") && !textInput), "\(key) quits on \(name)") }
                    if action == .closeOverlay { #expect(overlay != .none) }
                    if case .flow = action { #expect(overlay == .none, "\(key) reaches the flow under an overlay on \(name)") }
                }
            }
        }
    }
}
