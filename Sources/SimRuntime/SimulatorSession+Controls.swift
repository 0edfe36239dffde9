import Foundation
import PaywallCore
import StoreSim

extension SimulatorSession {
    /// Acts on the store from outside the app (`SimulatedStore.perform`) and delivers what it queued;
    /// `target` names a request, product, group or transaction, else the obvious one.
    /// Throws a message naming what was missing (no pending request, no subscription…).
    public func control(_ action: StoreControl, productID target: String? = nil) throws {
        try store.perform(action, target: target)
        pump()
    }
}
