import PaywallApp
import Foundation
import Tapes
import PaywallCore
import SimRuntime
import PaywallScreens
import TerminalKit

/// Opens simulator sessions for the benchmarks on fresh temporary state directories.
enum BenchSession {
    /// A new empty state directory under the temp folder (removed by `cleanUp`).
    static func freshDirectory(_ label: String) -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("paywall-bench-\(label)-\(getpid())-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func cleanUp(_ url: URL) { try? FileManager.default.removeItem(at: url) }

    /// A started app on `start` with the default inputs, on a virtual clock.
    static func controller(start: StartScreen, directory: URL) throws -> AppController {
        var inputs = SessionInputs()
        inputs.start = start
        return try AppHost.launch(inputs, workspace: StateWorkspace(root: directory), clock: ManualClock(TapePlayer.defaultStart))
    }
}
