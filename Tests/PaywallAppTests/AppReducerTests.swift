import Foundation
@testable import PaywallApp
import PaywallCore
import PaywallScreens
import StoreSim
import TerminalKit
import Testing

/// `AppReducer` alone, exhaustively: a key's change of the app's state (UI, flow, profile) and
/// the effects it asks for; effects' answers fed back as actions (`receive`).
@Suite("App reducer")
struct AppReducerTests {
    static func model(_ state: FlowState) -> FlowModel {
        var model = FlowModel()
        model.state = state
        return model
    }

    static let emptyOffer = Offer(id: .A, layoutVariant: .list, plans: [], defaultPlanID: "", personalPromiseKey: "")

    @Test func aPaywallKeyGoesToTheFlowScopeAndChangesNothingOfTheUI() {
        var store = AppReducerTestStore(model: Self.model(.paywall(offer: Self.emptyOffer)))
        // With no plans on the paywall, ↓ and Enter change nothing; r starts a restore.
        store.send(.key(.down), effects: [])
        store.send(.key(.enter), effects: [])
        store.send(.key(.character("r")), effects: [.flow(.restore)]) {
            $0.flow.inFlight = .restore
            $0.flow.notice = .restoring
        }
        store.send(.key(.character("z")), effects: [])
    }

    @Test func theFlowScopeHandsOnExactlyWhatTheFlowMachineGives() {
        var store = AppReducerTestStore(model: Self.model(.valuePreview))
        let (after, effects) = store.flow(after: .next)
        #expect(after.state == .proof, "the child moves on by itself")
        store.send(.flow(.next), effects: effects) { $0.flow = after }
    }

    @Test func behindEnlargeTheWindowOnlyQuitAndHelpAct() {
        var store = AppReducerTestStore(model: Self.model(.paywall(offer: Self.emptyOffer)))
        let small = TerminalSize(width: 40, height: 10)
        store.send(.resized(small), effects: []) { $0.ui.size = small }
        // The paywall cannot be seen: r restores nothing, n does not dismiss, u opens no account.
        store.send(.key(.character("r")), effects: [])
        store.send(.key(.enter), effects: [])
        store.send(.key(.character("n")), effects: [])
        store.send(.key(.character("u")), effects: [])
        store.send(.key(.character("?")), effects: []) { $0.ui.overlay = .help }
        // Large enough again: the keys act on the screen the user sees.
        let enough = TerminalSize(width: 60, height: 22)
        store.send(.resized(enough), effects: []) { $0.ui.size = enough }
        store.send(.key(.escape), effects: []) { $0.ui.overlay = .none }
        store.send(.key(.character("r")), effects: [.flow(.restore)]) {
            $0.flow.inFlight = .restore
            $0.flow.notice = .restoring
        }
        store.send(.resized(small), effects: []) { $0.ui.size = small }
        store.send(.key(.character("q")), effects: []) { $0.ui.wantsToQuit = true }
    }

    @Test func overlaysToggleAndCloseAndStartAfreshAndTheOverlaysAnswerComesBack() {
        var store = AppReducerTestStore(model: Self.model(.onboarding))
        let manage = StoreOverlayState(page: .manage, selected: 1)
        store.answers[.storeOverlay(.open(.manage), in: .account)] = [.storeOverlayAnswered(StoreOverlayAnswer(state: manage, staysUp: true))]
        store.answers[.storeOverlay(.back, in: .account)] = [.storeOverlayAnswered(StoreOverlayAnswer(state: StoreOverlayState(), staysUp: true))]
        store.send(.key(.character("?")), effects: []) { $0.ui.overlay = .help }
        store.send(.key(.character("d")), effects: []) { $0.ui.overlay = .debug }
        store.send(.key(.function(2)), effects: []) { $0.ui.overlay = .none }
        store.send(.key(.character("u")), effects: []) { $0.ui.overlay = .account }
        // The account's menu: its letters are the overlay's, acted on against the store.
        store.send(.key(.character("m")), effects: [.storeOverlay(.open(.manage), in: .account)])
        store.receive(.storeOverlayAnswered(StoreOverlayAnswer(state: manage, staysUp: true)), effects: []) { $0.ui.storeOverlay = manage }
        // Esc on a page goes back through the overlay; on the menu it closes the overlay at once.
        store.send(.key(.escape), effects: [.storeOverlay(.back, in: .account)])
        store.receive(.storeOverlayAnswered(StoreOverlayAnswer(state: StoreOverlayState(), staysUp: true)), effects: []) { $0.ui.storeOverlay = StoreOverlayState() }
        store.send(.key(.escape), effects: []) { $0.ui.overlay = .none }
        store.send(.key(.character("u")), effects: []) { $0.ui.overlay = .account }
        store.send(.key(.character("t")), effects: []) { $0.ui.overlay = .transactions }
        store.send(.key(.backspace), effects: [.storeOverlay(.delete, in: .transactions)])
        store.send(.key(.escape), effects: []) { $0.ui.overlay = .none }
        store.finish()
    }

    @Test func theStoreOverlaysAnswerIsKeptAndEscOnItsMenuClosesIt() {
        var open = AppUIState()
        open.overlay = .account
        var store = AppReducerTestStore(state: open, model: Self.model(.chat))
        let page = StoreOverlayState(page: .manage, selected: 2)
        store.send(.storeOverlayAnswered(StoreOverlayAnswer(state: page, staysUp: true)), effects: []) { $0.ui.storeOverlay = page }
        store.send(.storeOverlayAnswered(StoreOverlayAnswer(state: page, staysUp: false)), effects: []) { $0.ui.overlay = .none }
    }

    @Test func chatTypesDeletesAndSendsAndARefusedMessageComesBackToTheInputLine() {
        var store = AppReducerTestStore(model: Self.model(.chat))
        store.type("hi q")
        store.send(.key(.backspace), effects: []) { $0.ui.input = "hi " }
        // Only whitespace around the text is trimmed; the line empties as it is sent, and the
        // flow scope gets the message.
        let (sent, effects) = store.flow(after: .sendMessage("hi"))
        #expect(sent.transcript.count > store.state.flow.transcript.count, "the flow takes the message")
        store.send(.key(.enter), effects: effects) { $0.ui.input = ""; $0.flow = sent }
        store.send(.key(.enter), effects: [])
        // The daily limit reached: the flow refuses the message and it stays in the input line.
        var spent = Self.model(.chat)
        spent.quota = MessageQuota(day: "2026-01-30", used: spent.config.dailyMessageLimit) // the store's instant's day, UTC
        var limited = AppReducerTestStore(model: spent)
        limited.type("hi")
        let (refused, refusal) = limited.flow(after: .sendMessage("hi"))
        #expect(refused.transcript.isEmpty)
        limited.send(.key(.enter), effects: refusal) { $0.flow = refused } // the input line keeps "hi"
    }

    @Test func theInputLineStopsAtItsLongestAndQuitIsAKeyOutsideIt() {
        var full = AppUIState()
        full.input = String(repeating: "x", count: AppReducer.longestInput)
        var store = AppReducerTestStore(state: full, model: Self.model(.chat))
        store.send(.key(.character("y")), effects: [])
        // In chat, q is typed; ctrl-c quits anywhere.
        var paywall = AppReducerTestStore(model: Self.model(.onboarding))
        paywall.send(.key(.character("q")), effects: []) { $0.ui.wantsToQuit = true }
        store.send(.key(.control("c")), effects: []) { $0.ui.wantsToQuit = true }
    }

    @Test func aSlashLineIsTheProfilesCommandOnlyWithAProfile() {
        var withProfile = AppReducerTestStore(model: Self.model(.chat), hasProfile: true)
        withProfile.type(" /usage ")
        let (answered, effects) = withProfile.profile(after: .command("/usage"))
        #expect(answered?.card != nil, "the profile answers its command with a card")
        withProfile.send(.key(.enter), effects: effects) { $0.ui.input = ""; $0.profile = answered }
        var without = AppReducerTestStore(model: Self.model(.chat))
        without.type("/usage")
        let (sent, sentEffects) = without.flow(after: .sendMessage("/usage"))
        without.send(.key(.enter), effects: sentEffects) { $0.ui.input = ""; $0.flow = sent }
    }

    @Test func timeTheSpinnerAndChangesFromOutsideAreActions() throws {
        var store = AppReducerTestStore(model: Self.model(.chat))
        let later = Date(timeIntervalSince1970: 1_769_763_700)
        store.send(.elapsed(to: later), effects: [.advance(to: later)])
        store.send(.storeLooked, effects: [.pump])
        // A command from outside the app: performed as an effect, its outcome kept for the caller.
        let outcome = StoreOutcome.refused(StoreControlError("nothing to refund", refusal: .nothingToRefund))
        store.answers[.perform(.refund(nil, reason: .other))] = [.storeAnswered(outcome)]
        store.send(.store(.refund(nil, reason: .other)), effects: [.perform(.refund(nil, reason: .other))])
        store.receive(.storeAnswered(outcome), effects: []) { $0.ui.lastStoreOutcome = outcome }
        let nothingToRefund = try #require(StoreErrorName("nothingToRefund")), duplicateRequest = try #require(StoreErrorName("duplicateRequest"))
        #expect(outcome.isRefusal(named: nothingToRefund) && !outcome.isRefusal(named: duplicateRequest))
        store.finish()
        store.send(.backend(up: false), effects: [.backend(up: false)])
        store.send(.tick, effects: []) { $0.ui.spinnerFrame = 1 }
    }
}
