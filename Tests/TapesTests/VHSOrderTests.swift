import Foundation
import Testing
import TestSupport
@testable import Tapes

/// A tape in VHS's order (`Output` first, then `Set` lines, then keys) plays what it says: every
/// `Set` before the first step sets the app up; one after a step that cannot act on the running
/// app is refused with its place; a byte-order mark at the start is skipped.
@Suite("Tapes in VHS's order: Set wherever it stands before the first step, BOM")
struct VHSOrderTests {
    @Test func aSetAfterAnOutputLineStillSetsTheAppUp() throws {
        let folder = TestPaths.scratchDirectory("vhs-order")
        let tape = try TapeParser.parse(source: "Output out/c.txt\nSet Start paywall\nMatrix offer=A\nSet Size 60x20\nExpectState paywall\n", file: "c.tape").get()
        let settings = TapeSettings.initial(for: tape)
        #expect(settings.inputs.start == .paywall && settings.width == 60 && settings.height == 20)
        var options = TapePlayer.Options()
        options.workingDirectory = folder.path
        let (result, _) = TapePlayer(tape: tape, options: options).play()
        #expect(result.status == .passed, "\(TapeReportFormatter.human([result]))")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/c.txt").path), "the folder is made")
    }

    @Test func aLaunchSettingAfterAStepIsRefusedWithItsPlace() {
        #expect(errors("Set Size 80x24\nKey Enter\nSet Start paywall # too late\n") == [
            "demo.tape:3:1: 'Set Start paywall' after the first step (Key Enter at demo.tape:2:1) would not change the running app,"
                + " expected it before the first step, or a Relaunch after it (Size, Theme, Now, TypingSpeed, Pause, Store and Backend act where they stand)",
        ])
        #expect(errors("Key Enter\n  Set Locale ko\nSet Offer B\n").map { $0.prefix(22) } == ["demo.tape:2:3: 'Set Lo", "demo.tape:3:1: 'Set Of"])
    }

    @Test func settingsThatActWhereTheyStandOrAtARelaunchAreKept() {
        let kept = commands("Key Enter\nSet Size 60x20\nSet Theme dark\nSet Store AskToBuy on\nSet Backend down\nSet TypingSpeed 10ms\nSet Locale ko\nRelaunch\n")
        #expect(kept.count == 8)
    }

    @Test func aByteOrderMarkIsSkipped() {
        #expect(commands("\u{FEFF}# a tape saved with a BOM\nKey Enter\n") == [.key(.enter, count: 1)])
        #expect(commands("\u{FEFF}Key Enter\n") == [.key(.enter, count: 1)])
        #expect(errors("\u{FEFF}Kye Enter\n").first?.hasPrefix("demo.tape:1:1: unknown command 'Kye'") == true, "the column does not count the mark")
        // Only at the start: a mark inside the text is no command.
        #expect(errors("Key Enter\n\u{FEFF}Key Enter\n").first?.hasPrefix("demo.tape:2:1: unknown command '\u{FEFF}Key'") == true)
    }
}
