import Foundation
import Testing

/// Ctrl+C while `play --live` shows a tape: the showing was interrupted, so the program says so
/// and exits 130, not PASS and 0.
@Suite("play --live interrupted", .serialized)
struct LiveInterruptTests {
    @Test(.enabled(if: FaultsSupport.onPath("tmux"), "tmux is not installed"),
          .enabled(if: FaultsSupport.binary != nil, "build paywall-sim first: swift build --product paywall-sim"))
    func ctrlCDuringLiveSaysInterruptedAndExits130() throws {
        let binary = try #require(FaultsSupport.binary)
        let tape = try PaywallSimProcess.scratchFile("live.tape", "Set Size 80x24\nKey Enter\nSleep 5s\nKey Enter\nSleep 5s\n")
        let out = tape.deletingLastPathComponent().appendingPathComponent("out.txt")
        let session = "pwlive\(getpid())"
        let command = "\(binary) play --live \(tape.path) 2>\(out.path); echo EXIT=$? >> \(out.path)"
        _ = try FaultsSupport.run(["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24", command])
        defer { _ = try? FaultsSupport.run(["tmux", "kill-session", "-t", session]) }
        // Wait for the frames to show, then interrupt; wait for the exit line (deadline: the work, 20 s at most).
        Thread.sleep(forTimeInterval: 1.5)
        _ = try FaultsSupport.run(["tmux", "send-keys", "-t", session, "C-c"])
        let deadline = Date().addingTimeInterval(20)
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
            if text.contains("EXIT=") { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(text.contains("INTERRUPTED \(tape.path)") && text.contains("EXIT=130"), "\(text)")
    }
}
