import Foundation
import Testing
import TestSupport

/// Ctrl-Z in the live app stops it as full-screen programs stop: the terminal given back to the
/// shell, the process stopped, and on SIGCONT (`fg`) the screen drawn again; then it still quits.
/// Driven on a pseudo-terminal by `Scripts/pty/ctrl_z.py` (Python's `pty` module).
@Suite("Ctrl-Z suspends and resumes the live app")
struct SuspendTests {
    @Test func ctrlZStopsGivesTheTerminalBackAndResumes() throws {
        let binary = try PaywallSimProcess.binary()
        let state = PaywallSimProcess.tempStateDirectory()
        let script = TestPaths.packageRoot.appendingPathComponent("Scripts/pty/ctrl_z.py").path
        let run = try CleanSpawn.shell(["python3", script, binary.path, state.path].map(CleanSpawn.quote).joined(separator: " "))
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.split(separator: "\n") == ["drawn", "stopped", "left curses", "continued", "drawn again", "exit 0"], "\(run.output)")
    }
}
