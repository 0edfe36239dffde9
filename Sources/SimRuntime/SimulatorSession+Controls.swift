import Foundation
import PaywallCore
import StoreSim

extension SimulatorSession {
    /// Acts on the store from outside the app (`SimulatedStore.perform`) and delivers what it queued.
    /// Returns the store's sentence saying what was done; throws the store's typed refusal
    /// (`StoreControlError`, `StoreKitFailure`) naming what was missing.
    @discardableResult
    public func control(_ command: StoreCommand) throws -> String {
        let done = try store.perform(command)
        pump()
        return done
    }
}
