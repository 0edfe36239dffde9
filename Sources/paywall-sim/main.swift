import Foundation
import PaywallFoundation
import PaywallSimCLI

HeapTuning.apply()

// On the main actor (top-level code), not ArgumentParser's `main()`: see `PaywallSimCommand.run`.
exit(await PaywallSimCommand.run(Array(CommandLine.arguments.dropFirst())))
