import Foundation
import PaywallCore
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

