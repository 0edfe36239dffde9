import Foundation
import PaywallApp
import PaywallCore
import SimRuntime

extension SimulationOptions {
    /// The session inputs these options name (files are loaded by `SessionInputs.resolve`): the
    /// CLI's one mapping of options to inputs (a tape's is `TapeSettings.apply`).
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
        inputs.start = start.flatMap(StartScreen.init(rawValue:)) ?? .onboarding
        inputs.startChosen = start != nil
        inputs.switchCatalog = stateOptions.switchCatalog
        inputs.backendURL = backend
        inputs.backendEndpoint = backendEndpoint
        inputs.environment = signing.environment
        inputs.bundleID = signing.bundleID
        inputs.appAppleID = signing.appAppleID
        inputs.switches = storeSwitches.switches
        inputs.backendUp = !storeSwitches.backendDown
        return inputs
    }

    /// The simulated clock (see `StateOptions.makeClock`).
    func makeClock(in workspace: StateWorkspace) throws -> StateDirectoryClock { try stateOptions.makeClock(in: workspace) }
}
