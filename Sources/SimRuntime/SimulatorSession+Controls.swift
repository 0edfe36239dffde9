import Foundation
import PaywallCore
import StoreSim

extension SimulatorSession {
    /// Acts on the store from outside the app (`SimulatedStore.perform`) and delivers what it queued;
    /// `target` names a request, product, group or transaction, else the obvious one.
    /// Returns the store's sentence saying what was done; throws a message naming what was missing
    /// (no pending request, no subscription…).
    @discardableResult
    public func control(_ action: StoreControl, productID target: String? = nil) throws -> String {
        let done = try store.perform(action, target: target)
        pump()
        return done
    }
}
