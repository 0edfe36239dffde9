import Foundation
import SimRuntime

/// The CLI's part of opening a state: options mapped to what a command asks of the state directory.
extension StateWorkspace.CommandRequest {
    /// What a command with these options asks (`store …` with its `--storefront`; `serve` with none).
    init(app: AppOptions, state: StateOptions, storefront: String?, signing: SigningOptions, catalogOnly: Bool = false) {
        self.init()
        profile = app.profile
        storekit = app.storekit
        environment = signing.environment
        bundleID = signing.bundleID
        appAppleID = signing.appAppleID
        self.storefront = storefront
        switchCatalog = state.switchCatalog
        self.catalogOnly = catalogOnly
        now = state.pinnedNow
        clockMode = state.clockMode
        confirmsLongCatchUps = state.yes
        // A long catch-up says that it runs on a terminal only (scripts read stderr for errors).
        progress = { line in if isatty(STDERR_FILENO) == 1 { StoreRunner.printError(line) } }
    }
}

extension StoreOptions {
    /// The command these `store` options describe, on the state directory they name.
    func openCommand(catalogOnly: Bool = false) throws -> StateWorkspace.Command {
        try StateWorkspace.Command(workspace: StateWorkspace(root: stateDirectory),
                                   request: .init(app: app, state: stateOptions, storefront: storefront, signing: signing,
                                                  catalogOnly: catalogOnly))
    }
}
