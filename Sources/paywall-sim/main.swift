import Foundation
import PaywallFoundation
import PaywallSimCLI

HeapTuning.apply()

let arguments = Array(CommandLine.arguments.dropFirst())
if let message = PaywallSimCommand.misspelledCommand(in: arguments) ?? PaywallSimCommand.negativeDuration(in: arguments) {
    FileHandle.standardError.write(Data(utf8: message + "\n"))
    exit(64)
}
// On the main actor (top-level code), not ArgumentParser's `main()`: see `runOnMainActor`.
await PaywallSimCommand.runOnMainActor()
