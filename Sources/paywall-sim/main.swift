import Foundation
import PaywallFoundation
import PaywallSimCLI

HeapTuning.apply()

if let message = PaywallSimCommand.misspelledCommand(in: Array(CommandLine.arguments.dropFirst())) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(64)
}
PaywallSimCommand.main()
