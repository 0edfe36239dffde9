import Foundation
import Testing
import TestSupport

/// What a new user mistyped gets one line naming the mistake and a usage exit (issue 38, item 9).
@Suite("Inputs that used to slip through")
struct InputSlipTests {
    func run(_ arguments: [String]) throws -> ProcessResult { try PaywallSimProcess.run(arguments) }

    @Test func helpForACommandThatIsNotThereIsRefused() async throws {
        let bogus = try run(["help", "bogus"])
        #expect(bogus.exitCode == 64 && bogus.stderr.contains("'bogus' is not a command"), "\(bogus.stderr)")
        #expect(try run(["help", "store"]).exitCode == 0)
    }

    @Test func anUnknownOptionIsNamedBeforeAMissingArgument() async throws {
        let play = try run(["play", "--bogus"])
        #expect(play.exitCode == 64 && play.stderr.contains("Unknown option '--bogus'"), "\(play.stderr)")
        let buy = try run(["store", "buy", "--bogus"])
        #expect(buy.exitCode == 64 && buy.stderr.contains("Unknown option '--bogus'"), "\(buy.stderr)")
        // With no option at all, the missing argument is still what is said.
        #expect(try run(["play"]).stderr.contains("Missing expected argument"))
    }

    @Test func checkAndUpdateTogetherAreRefused() async throws {
        let both = try run(["play", "--check", "--update", "Scripts/tapes/offers/offer-a.tape"])
        #expect(both.exitCode == 64 && both.stderr.contains("--check and --update: choose one"), "\(both.stderr)")
    }

    @Test func aNegativeDurationSaysTimeOnlyMovesForward() async throws {
        let advance = try run(["store", "advance", "-1d", "--state", PaywallSimProcess.tempStateDirectory().path])
        #expect(advance.exitCode == 64 && advance.stderr.contains("-1d: time only moves forward"), "\(advance.stderr)")
    }

    @Test func anUnknownThemeIsAUsageError() async throws {
        let theme = try run(["run", "--theme", "drak"])
        #expect(theme.exitCode == 64 && theme.stderr.contains("did you mean dark?") && theme.stderr.contains("Usage:"), "\(theme.stderr)")
    }

    @Test func aFolderWithoutTapesIsABadInput() async throws {
        let dir = PaywallSimProcess.tempStateDirectory()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let empty = try run(["play", dir.path])
        #expect(empty.exitCode == 2 && empty.stderr.contains("no tapes found"), "\(empty.stderr)")
    }

    @Test func aStoreKitFileOfRandomBytesAndOneFromTheFutureAreNamed() async throws {
        let dir = PaywallSimProcess.tempStateDirectory()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let random = dir.appendingPathComponent("random.storekit")
        try Data([0x7B, 0xA6, 0x22, 0x0A]).write(to: random)
        let bytes = try run(["store", "products", "--storekit", random.path, "--state", dir.appendingPathComponent("s1").path])
        #expect(bytes.exitCode != 0 && bytes.stderr.contains("random.storekit:1:2") && bytes.stderr.contains("byte 0xA6 is not UTF-8")
                && !bytes.stderr.contains("byte byte"), "\(bytes.stderr)")
        let future = dir.appendingPathComponent("future.storekit")
        try Data(#"{"version":{"major":9,"minor":0},"products":[]}"#.utf8).write(to: future)
        let newer = try run(["store", "products", "--storekit", future.path, "--state", dir.appendingPathComponent("s2").path])
        #expect(newer.exitCode == 0 && newer.stderr.contains("future.storekit:1:12: warning: format version 9.0 is newer"), "\(newer.stderr)")
    }

    @Test func vhsStyleLinesGetTheTapeSpelling() async throws {
        let tape = try PaywallSimProcess.scratchFile("vhs.tape", "Enter\nCtrl+C\nType hello\n")
        let played = try run(["play", tape.path])
        #expect(played.exitCode == 2)
        let text = played.stdout + played.stderr
        #expect(text.contains("vhs.tape:1:1: unknown command 'Enter' (did you mean `Key Enter`?"), "\(text)")
        #expect(text.contains("vhs.tape:2:1: unknown command 'Ctrl+C' (did you mean `Key Ctrl+C`?"), "\(text)")
        #expect(text.contains(#"vhs.tape:3:6: expected a quoted string like "hello" after 'Type', found 'hello' (did you mean `Type "hello"`?)"#), "\(text)")
    }
}

/// Every problem of a tape is listed at once, and outputs that would mix are refused.
@Suite("A tape's problems, all of them")
struct TapeProblemListTests {
    @Test func aSyntaxErrorDoesNotHideABadThemeOrLocale() async throws {
        let tape = try PaywallSimProcess.scratchFile("both.tape", "Set Theme ocean\nSleeep 1s\nSet Locale xx\n")
        let played = await InProcessCommandLine.run(["play", "--check", tape.path])
        let lines = played.stdout.split(separator: "\n").filter { $0.contains("both.tape:") }
        #expect(played.exitCode == 2)
        #expect(lines.count == 3, "\(played.stdout)")
        #expect(lines.first?.contains("both.tape:1:1: unknown theme 'ocean'") == true)
        #expect(lines.dropFirst().first?.contains("both.tape:2:1: unknown command 'Sleeep'") == true)
        #expect(lines.last?.contains("both.tape:3:1: unknown language 'xx'") == true)
    }

    @Test func jsonAndATranscriptAreNotMixedOnStandardOutput() async throws {
        let refused = await InProcessCommandLine.run(["play", "--json", "--transcript", "any.tape"])
        #expect(refused.exitCode == 64 && refused.stderr.contains("--json and --transcript"), "\(refused.stderr)")
    }
}
