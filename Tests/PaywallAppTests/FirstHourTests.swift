@testable import PaywallApp
@testable import SimRuntime
import Foundation
import PaywallCore
import PaywallScreens
import TerminalKit
import TestSupport
import Testing

/// The rough edges a new user hits in the first hour, each as the app shows it.
@Suite("First hour")
struct FirstHourTests {
    static func app(start: StartScreen? = .chat, profile: String? = nil, askToBuy: Bool = false, directory: URL? = nil) throws -> AppController {
        let dir = directory ?? TestPaths.scratchDirectory("first")
        var inputs = SessionInputs()
        inputs.profile = profile
        inputs.start = start ?? .onboarding
        inputs.startChosen = start != nil
        inputs.switches.askToBuy = askToBuy
        return try AppHost.launch(inputs, workspace: StateWorkspace(root: dir), clock: ManualClock(FixedDates.start))
    }

    static func screen(_ app: AppController, width: Int = 80, height: Int = 24) -> String {
        app.render(size: TerminalSize(width: width, height: height)).plainText
    }

    static func type(_ text: String, into app: AppController) {
        for character in text { app.handle(.character(character)) }
        app.handle(.enter)
    }

    @Test func theEleventhMessageStaysInTheInput() throws {
        let app = try Self.app()
        for n in 1...10 { Self.type("message \(n)", into: app) }
        Self.type("the eleventh", into: app)
        #expect(app.session.model.state.name == "paywall")
        #expect(app.input == "the eleventh", "kept, to send after upgrading")
    }

    @Test func theLimitIsStatedOnceOnThePaywall() throws {
        let app = try Self.app()
        for n in 1...11 { Self.type("m\(n)", into: app) }
        let screen = Self.screen(app)
        #expect(screen.contains("You've used today's 10 free messages"))
        #expect(!screen.contains("You've reached today's limit"), "no second line saying the same")
    }

    @Test func thePaywallHintsBackAndQuitAndTheSheetOnlyItsOwnKeys() throws {
        let app = try Self.app(start: .paywall)
        let paywall = Self.screen(app)
        #expect(paywall.contains("← Back") && paywall.contains("q Quit"))
        app.handle(.enter)
        let sheet = Self.screen(app)
        #expect(sheet.contains("Enter Confirm · Esc Cancel"))
        #expect(!sheet.contains("Enter Buy"), "the row under the sheet no longer offers the paywall's keys")
    }

    @Test func theAskToBuySheetsHintNamesItsButton() throws {
        let app = try Self.app(start: .paywall, askToBuy: true)
        app.handle(.enter)
        let sheet = Self.screen(app)
        #expect(sheet.contains("Ask") && sheet.contains("Enter Ask · Esc Cancel"), "\(sheet)")
        #expect(!sheet.contains("Enter Confirm"))
    }

    @Test func helpListsTheKeysOfTheScreenAndAProfilesCommands() throws {
        let paywall = try Self.app(start: .paywall)
        paywall.handle(.character("?"))
        let onPaywall = Self.screen(paywall)
        #expect(onPaywall.contains("Select a plan") && !onPaywall.contains("Skip the rest of onboarding"))
        let voip = try Self.app(profile: "voip")
        voip.handle(.function(1))
        let inChat = Self.screen(voip)
        #expect(inChat.contains("Chat commands: /usage  /call MIN [GB]  /feature NAME"), "\(inChat)")
        #expect(!inChat.contains("Select a plan"))
    }

    @Test func aDateNeverWrapsInsideItself() throws {
        let app = try Self.app(start: .paywall)
        for width in 60...80 {
            let text = Self.screen(app, width: width, height: 24)
            for line in text.split(separator: "\n") {
                let trimmed = line.replacingOccurrences(of: "│", with: "").trimmingCharacters(in: .whitespaces)
                #expect(!trimmed.hasSuffix("June 4,") && !trimmed.hasPrefix("2026."), "width \(width): \(trimmed)")
            }
        }
    }

    @Test func onboardingIsShownOnceUnlessAskedFor() throws {
        let dir = TestPaths.scratchDirectory("once")
        let first = try Self.app(start: nil, directory: dir)
        #expect(first.session.model.state.name == "onboarding")
        // Its events are written within 100 ms (the live loop's flush), long before a relaunch.
        first.session.flushPendingWrites()
        let second = try Self.app(start: nil, directory: dir)
        #expect(second.session.model.state.name == "chat", "a returning user opens the app")
        let asked = try Self.app(start: .onboarding, directory: dir)
        #expect(asked.session.model.state.name == "onboarding", "--start onboarding still shows it")
    }

    @Test func aFreshUsersEntitlementSourceIsNone() throws {
        let app = try Self.app(start: .paywall)
        #expect(app.session.model.entitlement.source == .none, "not \"free (purchase)\" before anything was bought")
    }

    /// Every cell of a panel (its text, borders and blanks) has the panel's background: no box of
    /// the terminal's own colour behind "Subscription", "Price", "Cancel" or a help line.
    @Test(arguments: ["dark", "light"])
    func textOnAPanelTakesThePanelsBackground(theme name: String) throws {
        let theme = try #require(Theme.builtIn(name))
        let surface = theme.resolve(TextStyle(.surface), depth: .full256).background
        #expect(surface != nil)
        let sheet = try Self.app(start: .paywall)
        sheet.handle(.enter)
        let help = try Self.app(start: .paywall)
        help.handle(.character("?"))
        for (app, words) in [(sheet, ["Subscription", "Price", "Cancel", "Account"]), (help, ["Select a plan", "Restore purchases"])] {
            let grid = app.render(size: TerminalSize(width: 80, height: 24)).grid
            let lines = grid.plainText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for word in words {
                let y = try #require(lines.firstIndex { $0.contains(word) }, "\(word) is on screen")
                let line = lines[y]
                let x = line.distance(from: line.startIndex, to: try #require(line.range(of: word)).lowerBound)
                for column in x..<(x + word.count) {
                    let cell = try #require(grid[column, y])
                    #expect(theme.resolve(cell.style, depth: .full256).background == surface,
                            "\(name): '\(word)' at column \(column) sits on the terminal's background, not the panel's")
                }
            }
        }
    }

    @Test func onCardsSideBySideTheArrowsMoveBetweenCardsAndNothingBuysWithoutEnter() throws {
        let dir = TestPaths.scratchDirectory("cards")
        var inputs = SessionInputs()
        inputs.start = .paywall
        inputs.offer = .B
        let app = try AppHost.launch(inputs, workspace: StateWorkspace(root: dir), clock: ManualClock(FixedDates.start))
        let first = app.session.model.selectedPlanID
        app.handle(.left)
        #expect(app.session.model.state.name == "paywall", "← stays on the paywall")
        #expect(app.session.model.selectedPlanID != first, "← moved to the other card")
        app.handle(.right)
        #expect(app.session.model.selectedPlanID == first)
        #expect(app.session.model.state.name == "paywall", "→ did not open the App Store sheet")
        #expect(Self.screen(app).contains("←→ Select"))
        app.handle(.enter)
        #expect(app.session.model.purchasePhase == .awaitingConfirmation)
        app.handle(.right)
        #expect(app.session.model.purchasePhase == .awaitingConfirmation, "→ does not confirm the sheet")
        let list = try Self.app(start: .paywall)
        list.handle(.right)
        #expect(list.session.model.state.name == "paywall", "→ never buys on a list either")
    }

    @Test func helpOnTheSheetInChatAndOnCardsListsWhatWorksThere() throws {
        let sheet = try Self.app(start: .paywall)
        sheet.handle(.enter)
        sheet.handle(.character("?"))
        let onSheet = Self.screen(sheet)
        #expect(onSheet.contains("Enter Confirm · Esc Cancel") && !onSheet.contains("Select a plan"), "\(onSheet)")
        let chat = try Self.app(start: .chat)
        chat.handle(.function(1))
        let inChat = Self.screen(chat)
        #expect(inChat.contains("F1 This help") && inChat.contains("F2 Debug overlay") && inChat.contains("Ctrl+C Quit"), "\(inChat)")
        #expect(!inChat.contains("q Quit") && !inChat.contains("? F1") && !inChat.contains("d F2"), "q, ? and d type in chat")
        chat.handle(.escape)
        #expect(Self.screen(chat).contains("F1 Help"), "the chat hint says how to reach help")
        let dir = TestPaths.scratchDirectory("cards-help")
        var inputs = SessionInputs()
        inputs.start = .paywall
        inputs.offer = .B
        let cards = try AppHost.launch(inputs, workspace: StateWorkspace(root: dir), clock: ManualClock(FixedDates.start))
        cards.handle(.character("?"))
        let onCards = Self.screen(cards)
        #expect(!onCards.contains("Back one screen") && onCards.contains("← → ↑ ↓ (k j) Select a plan"), "← selects a card on offer B")
        #expect(!onCards.contains("between cards"), "no word of cards where they are not")
        let onList = try Self.app(start: .paywall)
        onList.handle(.character("?"))
        let listHelp = Self.screen(onList)
        #expect(listHelp.contains("Enter Buy the selected plan") && listHelp.contains("↑ ↓ (k j) Select a plan"), "\(listHelp)")
        #expect(!listHelp.contains("cards") && !listHelp.contains("send") && !listHelp.contains("confirm"), "\(listHelp)")
    }

    @Test func onboardingHelpSaysWhatItsKeysDoAndOnlyThose() throws {
        let app = try Self.app(start: .onboarding)
        app.handle(.character("?"))
        let firstPage = Self.screen(app)
        #expect(firstPage.contains("Enter → Continue") && firstPage.contains("s Skip the rest"), "\(firstPage)")
        #expect(!firstPage.contains("buy") && !firstPage.contains("send"), "nothing to buy or send on onboarding")
        #expect(!firstPage.contains("Back one screen"), "the first page has nothing to go back to")
        app.handle(.escape)
        app.handle(.enter)
        app.handle(.character("?"))
        #expect(Self.screen(app).contains("← Back one screen"), "the second page goes back")
    }
}
