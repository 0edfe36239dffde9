import Foundation
import PaywallFoundation
import PaywallSimCLI

HeapTuning.apply()

if let message = PaywallSimCommand.misspelledCommand(in: Array(CommandLine.arguments.dropFirst())) {
    FileHandle.standardError.write(Data(utf8: message + "\n"))
    exit(64)
}
// On the main actor (top-level code), not ArgumentParser's `main()`: see `runOnMainActor`.
await PaywallSimCommand.runOnMainActor()
