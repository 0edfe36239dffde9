import Foundation
@testable import PaywallApp
import PaywallCore
import PaywallScreens
import TerminalKit
import Testing

/// `AppReducer` alone, exhaustively: a key's change of the UI state and the effects it asks for.
@Suite("App reducer")
struct AppReducerTests {
    static func model(_ state: FlowState) -> FlowModel {
        var model = FlowModel()
        model.state = state
        return model
    }

    @Test func aPaywallKeyIsAFlowEventAndChangesNothingOfTheUI() {
        var store = AppReducerTestStore(model: Self.model(.paywall(offer: Offer(id: .A, layoutVariant: .list, plans: [], defaultPlanID: "", personalPromiseKey: ""))))
        store.send(.key(.down), effects: [.flow(.movePlanSelection(by: 1))])
        store.send(.key(.enter), effects: [.flow(.buy)])
        store.send(.key(.character("r")), effects: [.flow(.restore)])
        store.send(.key(.character("z")), effects: [])
    }

    @Test func behindEnlargeTheWindowOnlyQuitAndHelpAct() {
        var store = AppReducerTestStore(model: Self.model(.paywall(offer: Offer(id: .A, layoutVariant: .list, plans: [], defaultPlanID: "", personalPromiseKey: ""))))
        let small = TerminalSize(width: 40, height: 10)
        store.send(.resized(small), effects: []) { $0.size = small }
        // The paywall cannot be seen: Enter buys nothing, ↓ moves nothing, n does not dismiss.
        store.send(.key(.enter), effects: [])
        store.send(.key(.down), effects: [])
        store.send(.key(.character("n")), effects: [])
        store.send(.key(.character("u")), effects: [])
        store.send(.key(.character("?")), effects: []) { $0.overlay = .help }
        // Large enough again: the keys act on the screen the user sees.
        let enough = TerminalSize(width: 60, height: 22)
        store.send(.resized(enough), effects: []) { $0.size = enough }
        store.send(.key(.escape), effects: []) { $0.overlay = .none }
        store.send(.key(.enter), effects: [.flow(.buy)])
        store.send(.resized(small), effects: []) { $0.size = small }
        store.send(.key(.character("q")), effects: []) { $0.wantsToQuit = true }
    }

    @Test func overlaysToggleAndCloseAndStartAfresh() {
        var store = AppReducerTestStore(model: Self.model(.onboarding))
        store.send(.key(.character("?")), effects: []) { $0.overlay = .help }
        store.send(.key(.character("d")), effects: []) { $0.overlay = .debug }
        store.send(.key(.function(2)), effects: []) { $0.overlay = .none }
        store.send(.key(.character("u")), effects: []) { $0.overlay = .account }
        // The account's menu: its letters are the overlay's, acted on against the store.
        store.send(.key(.character("m")), effects: [.storeOverlay(.open(.manage), in: .account)])
        let manage = StoreOverlayState(page: .manage, selected: 1)
        store.send(.storeOverlayAnswered(StoreOverlayAnswer(state: manage, staysUp: true)), effects: []) { $0.storeOverlay = manage }
        // Esc on a page goes back through the overlay; on the menu it closes the overlay at once.
        store.send(.key(.escape), effects: [.storeOverlay(.back, in: .account)])
        store.send(.storeOverlayAnswered(StoreOverlayAnswer(state: StoreOverlayState(), staysUp: true)), effects: []) { $0.storeOverlay = StoreOverlayState() }
        store.send(.key(.escape), effects: []) { $0.overlay = .none }
        store.send(.key(.character("u")), effects: []) { $0.overlay = .account }
        store.send(.key(.character("t")), effects: []) { $0.overlay = .transactions }
        store.send(.key(.backspace), effects: [.storeOverlay(.delete, in: .transactions)])
        store.send(.key(.escape), effects: []) { $0.overlay = .none }
    }

    @Test func theStoreOverlaysAnswerIsKeptAndEscOnItsMenuClosesIt() {
        var open = AppUIState()
        open.overlay = .account
        var store = AppReducerTestStore(state: open, model: Self.model(.chat))
        let page = StoreOverlayState(page: .manage, selected: 2)
        store.send(.storeOverlayAnswered(StoreOverlayAnswer(state: page, staysUp: true)), effects: []) { $0.storeOverlay = page }
        store.send(.storeOverlayAnswered(StoreOverlayAnswer(state: page, staysUp: false)), effects: []) { $0.overlay = .none }
    }

    @Test func chatTypesDeletesAndSends() {
        var store = AppReducerTestStore(model: Self.model(.chat))
        store.type("hi q")
        store.send(.key(.backspace), effects: []) { $0.input = "hi " }
        // Only whitespace around the text is trimmed; the line empties as it is sent.
        store.send(.key(.enter), effects: [.sendMessage("hi")]) { $0.input = "" }
        store.send(.key(.enter), effects: [], { _ in })
        // Refused (the daily limit): the text comes back to send after upgrading.
        store.send(.messageRefused("hi"), effects: []) { $0.input = "hi" }
    }

    @Test func theInputLineStopsAtItsLongestAndQuitIsAKeyOutsideIt() {
        var full = AppUIState()
        full.input = String(repeating: "x", count: AppReducer.longestInput)
        var store = AppReducerTestStore(state: full, model: Self.model(.chat))
        store.send(.key(.character("y")), effects: [])
        // In chat, q is typed; ctrl-c quits anywhere.
        var paywall = AppReducerTestStore(model: Self.model(.onboarding))
        paywall.send(.key(.character("q")), effects: []) { $0.wantsToQuit = true }
        store.send(.key(.control("c")), effects: []) { $0.wantsToQuit = true }
    }

    @Test func aSlashLineIsTheProfilesCommandOnlyWithAProfile() {
        var withProfile = AppReducerTestStore(model: Self.model(.chat), hasProfile: true)
        withProfile.type(" /usage ")
        withProfile.send(.key(.enter), effects: [.profile(.command("/usage"))]) { $0.input = "" }
        var without = AppReducerTestStore(model: Self.model(.chat))
        without.type("/usage")
        without.send(.key(.enter), effects: [.sendMessage("/usage")]) { $0.input = "" }
    }

    @Test func timeAndTheSpinnerAreActions() {
        var store = AppReducerTestStore(model: Self.model(.chat))
        let later = Date(timeIntervalSince1970: 1_769_763_700)
        store.send(.elapsed(to: later), effects: [.advance(to: later)])
        store.send(.tick, effects: []) { $0.spinnerFrame = 1 }
        store.send(.flow(.next), effects: [.flow(.next)])
        store.send(.profile(.action(.close)), effects: [.profile(.action(.close))])
    }
}
