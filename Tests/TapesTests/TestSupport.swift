import Foundation
import Testing
@testable import Tapes

/// Parses source and returns the commands, or records an issue listing the errors.
func commands(_ source: String, file: String = "demo.tape",
              sourceLocation: SourceLocation = #_sourceLocation) -> [TapeCommand] {
    switch TapeParser.parse(source: source, file: file) {
    case .success(let tape): return tape.commands
    case .failure(let errors):
        Issue.record("unexpected errors:\n\(errors)", sourceLocation: sourceLocation)
        return []
    }
}

/// Parses source that must fail and returns the error lines (`file:line:column: message`).
func errors(_ source: String, file: String = "demo.tape",
            sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    switch TapeParser.parse(source: source, file: file) {
    case .success(let tape):
        Issue.record("expected errors, got \(tape.commands)", sourceLocation: sourceLocation)
        return []
    case .failure(let errors): return errors.errors.map(\.description)
    }
}

/// A small deterministic random generator (SplitMix64) so fuzz runs are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
