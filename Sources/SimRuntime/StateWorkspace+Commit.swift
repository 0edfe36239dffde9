import Foundation
import StoreSim

/// What a command that succeeded keeps, the same way for every command.
extension StateWorkspace.Command {
    /// Saves what a command that succeeded leaves behind — the pinned or moved clock, the
    /// environment and bundle id signed data carries, the account's storefront, and the profile
    /// and catalog the state directory is made with — the same way for every command, with the
    /// workspace's durability. A refused command writes none of them. Returns one line for each
    /// kept setting the command changed (the caller prints them), so no flag changes a state silently.
    public func commit() throws -> [String] {
        // Set by this command: the time is its instant plus any advance, as this command saw it.
        if setsClock { try workspace.keep(time) }
        var kept = setup
        if showsOtherCatalog, let savedSetup {
            // `store products --storekit OTHER` shows another catalog; the state keeps its own.
            kept.profile = savedSetup.profile
            kept.storekit = savedSetup.storekit
        }
        let said = savedSetup.map { Self.changes(from: $0, to: kept, in: stateDirectory) } ?? []
        try workspace.keep(kept)
        // `store products --storefront` only shows prices there: a look moves no account.
        if !storefrontKept, !catalogOnly, requestedStorefront != nil {
            try keepStorefront(in: try workspace.openStore(catalog: catalog, clock: clock, setup: kept))
        }
        return said + storefrontNote
    }

    /// One line for each signing setting that differs between `saved` and `kept`.
    static func changes(from saved: StateSetup, to kept: StateSetup, in directory: URL) -> [String] {
        var said: [String] = []
        if saved.signingEnvironment != kept.signingEnvironment {
            said.append("note: \(directory.path) now signs for \(kept.signingEnvironment) (was \(saved.signingEnvironment)); "
                + "what it signed before stays \(saved.signingEnvironment)")
        }
        if let id = kept.appAppleID, saved.appAppleID != id {
            said.append("note: \(directory.path) now signs Production's data with app Apple ID \(id)"
                + (saved.appAppleID.map { " (was \($0))" } ?? ""))
        }
        if saved.signingBundleID != kept.signingBundleID {
            said.append("note: \(directory.path) now signs for bundle id \(kept.signingBundleID) (was \(saved.signingBundleID))")
        }
        return said
    }
}
