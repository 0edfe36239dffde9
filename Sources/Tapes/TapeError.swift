import Foundation
import PaywallFoundation

/// One problem in a tape: where it is and what is wrong, written for the person fixing it.
public struct TapeError: LocatedError, Hashable, Sendable {
    public var location: TapeLocation
    /// What is wrong and what was expected, e.g. `bad duration '5x', expected …`.
    public var message: String

    public init(_ location: TapeLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `file:line:column: message` (`file: message` for the whole file).
    public var diagnostic: Diagnostic {
        location.line > 0 ? Diagnostic(file: location.file, line: location.line, column: location.column, message)
            : Diagnostic(file: location.file, message)
    }
}

/// Every problem found in a tape (and the tapes it includes), in source order.
public struct TapeErrors: Error, Hashable, Sendable, CustomStringConvertible {
    public var errors: [TapeError]
    /// The steps that did parse, when the errors are in the text (so later checks still see them).
    public var parsed: Tape?

    public init(_ errors: [TapeError], parsed: Tape? = nil) {
        self.errors = errors
        self.parsed = parsed
    }

    /// One error per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
