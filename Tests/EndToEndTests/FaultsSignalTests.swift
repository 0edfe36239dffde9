import Foundation
import Testing

/// SIGINT, SIGTERM, SIGHUP and a SIGWINCH burst to the real ncurses program in tmux.
///
/// Runs `Scripts/faults/signals.sh`: exit statuses 130, 143, 129 (and 0 after `q` following the
/// burst), and `stty -a` inside the pane identical before and after. Disabled (shown as skipped)
/// when tmux is missing (`.ci/run` installs it) or `paywall-sim` is not built.
@Suite("Faults: signals under tmux")
struct FaultsSignalTests {
    @Test("signals end the program cleanly and restore the terminal",
          .enabled(if: FaultsSupport.onPath("tmux"), "tmux is not installed"),
          .enabled(if: FaultsSupport.binary != nil, "build paywall-sim first: swift build --product paywall-sim"))
    func signals() throws {
        let binary = try #require(FaultsSupport.binary)
        let (status, output) = try FaultsSupport.run(["bash", "Scripts/faults/signals.sh", binary, "--burst", "30"])
        #expect(status == 0, "signals.sh failed:\n\(output)")
        for name in ["sigint: exit 130", "sigterm: exit 143", "sighup: exit 129", "sigwinch-burst: exit 0"] {
            #expect(output.contains(name), "missing \(name) in:\n\(output)")
        }
    }
}
