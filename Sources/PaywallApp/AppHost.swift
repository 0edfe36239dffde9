import Foundation
import PaywallCore
import SimRuntime
import TerminalKit

/// The one composition root: builds a running app (session, controller, clock, start) from
/// resolved inputs. The live loop, the tape player, the copy-QA sampler and the benchmarks all
/// get their app here, so each runs exactly the same app.
public enum AppHost {
    /// Resolves `inputs` (loading every file they name) and launches the app on `workspace`.
    public static func launch(_ inputs: SessionInputs, workspace: StateWorkspace, clock: any Clock) throws -> AppController {
        let (settings, theme) = try inputs.resolve(workspace: workspace)
        return try launch(settings: settings, theme: theme, clock: clock)
    }

    /// Opens the session on its state directory, puts the controller on it and starts the flow.
    public static func launch(settings: SessionSettings, theme: Theme, clock: any Clock) throws -> AppController {
        let session = try SimulatorSession(settings: settings, clock: clock)
        let controller = try AppController(session: session, theme: theme)
        session.start()
        return controller
    }
}
