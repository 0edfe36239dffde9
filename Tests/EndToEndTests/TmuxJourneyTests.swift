import Foundation
import TestSupport
import Testing

/// The real binary in tmux, as a person would use it: the whole journey, then the terminal restored.
@Suite(.serialized) struct TmuxJourneyTests {
    @Test(.enabled(if: TmuxDriver.isAvailable, "tmux is not installed (.ci/run installs it)"))
    func onboardingPaywallLimitRestorePurchaseChatAndQuit() throws {
        let binary = TmuxDriver.binary
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build paywall-sim first: swift build")
        let state = TestPaths.scratchDirectory("tmux-journey")
        let stty = state.appendingPathExtension("stty")
        defer { try? FileManager.default.removeItem(at: state) }
        let baseline = try TmuxDriver.shell("tmux new-session -d -s pws-baseline -x 80 -y 24 'stty -a > \(stty.path).before; sleep 5'; sleep 0.5; tmux kill-session -t pws-baseline")
        #expect(baseline.status == 0)
        let tmux = try TmuxDriver(command: "\(binary.path) --state \(state.path) --now 2026-01-30T09:00:00Z", sttyFile: stty)

        var screen = try tmux.waitFor("Ask anything, anytime")
        #expect(screen.contains("Step 1 of 3"))
        try tmux.send("Enter"); try tmux.send("Right"); try tmux.send("Enter")
        screen = try tmux.waitFor("What you get with Premium")
        try tmux.send("Enter")
        try tmux.waitFor("Loved by people like you")
        try tmux.send("Enter")
        // ncurses paints top to bottom: wait for the links row, so the capture is not a frame half drawn.
        screen = try tmux.waitFor("Restore Purchases")
        #expect(screen.contains("Unlock Nova Premium"))
        #expect(screen.contains("$59.99 / year"))
        try tmux.send("n")
        try tmux.waitFor("Maybe later")
        try tmux.send("Enter")
        screen = try tmux.waitFor("10 of 10 free messages left today")
        for n in 1...10 {
            try tmux.send("message \(n)", literal: true)
            try tmux.send("Enter")
            try tmux.waitFor("\(10 - n) of 10 free")
        }
        try tmux.send("one more", literal: true)
        try tmux.send("Enter")
        screen = try tmux.waitFor("You've used today's 10 free messages")
        #expect(screen.contains("Unlock Nova Premium"), "the limit opens the paywall with copy that says why")
        try tmux.send("r")
        screen = try tmux.waitFor("No purchases to restore")
        try tmux.send("Enter")
        try tmux.waitFor("App Store")
        try tmux.send("Enter")
        try tmux.waitFor("Purchasing")
        screen = try tmux.waitFor("Welcome to Premium", timeout: 15)
        try tmux.send("Enter")
        screen = try tmux.waitFor("Premium · unlimited messages")
        try tmux.send("still here", literal: true)
        try tmux.send("Enter")
        try tmux.waitFor("still here")
        try tmux.send("C-c")
        // The shell creates the file before stty writes it: wait until it holds the whole report.
        try tmux.waitFor(timeout: 10) { _ in
            ((try? String(contentsOf: stty, encoding: .utf8)) ?? "").hasSuffix("\n")
        }
        let before = try String(contentsOf: URL(fileURLWithPath: stty.path + ".before"), encoding: .utf8)
        let after = try String(contentsOf: stty, encoding: .utf8)
        #expect(after == before, "the terminal settings after quitting equal those before the program ran")
        let status = try String(contentsOf: URL(fileURLWithPath: stty.path + ".exit"), encoding: .utf8)
        #expect(status.contains("exit=0"))
    }
}
