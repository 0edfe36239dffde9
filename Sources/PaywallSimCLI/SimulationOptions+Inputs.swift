import PaywallApp
import Foundation
import PaywallCore
import SimRuntime

extension SimulationOptions {
    /// The session inputs these options name (files are loaded by `SessionInputs.resolve`).
    func inputs(theme: String = "dark") -> SessionInputs {
        var inputs = SessionInputs()
        inputs.profile = profile
        inputs.storekit = storekit
        inputs.config = config
        inputs.copy = copy
        inputs.theme = theme
        inputs.locale = locale
        inputs.storefront = storefront
        inputs.timeZone = timeZone
        inputs.offer = offer.flatMap { OfferID(rawValue: $0.uppercased()) }
        inputs.start = StartScreen(rawValue: start) ?? .onboarding
        return inputs
    }

    /// The simulated clock, shared with `paywall-sim store`: the wall clock plus the offset saved in
    /// the state directory; `--now` pins it (and is saved, so later commands carry on from there).
    func makeClock() throws -> any Clock {
        try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
        var time = try SimulatedTime.load(stateDirectory: stateDirectory, now: now.flatMap(ISO8601.parse), wall: Date())
        if now != nil { try time.save() }
        return time.clock
    }
}
