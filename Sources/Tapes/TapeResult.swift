import Foundation

/// What playing (or checking) one tape produced: the player's output, for reports and `--json`.
public struct TapeResult: Hashable, Sendable, Codable {
    /// `passed`, `failed` (an expectation failed: exit 1) or `invalid` (could not be read or parsed: exit 2).
    public enum Status: String, Hashable, Sendable, Codable {
        case passed, failed, invalid
    }

    public var tape: String
    public var status: Status
    public var failures: [TapeFailure]
    /// Parse and load errors (`file:line:column: …`) when the status is `invalid`.
    public var errors: [String]
    /// The flow state name at the end, e.g. `chat`; nil when the tape did not run.
    public var finalState: String?
    public var entitled: Bool?
    /// Analytics event names recorded, in order.
    public var events: [String]
    /// Goldens written in `--update` mode.
    public var goldensWritten: [String]
    /// Virtual time the tape covered, in milliseconds.
    public var virtualMilliseconds: Int64

    public init(tape: String, status: Status, failures: [TapeFailure] = [], errors: [String] = [],
                finalState: String? = nil, entitled: Bool? = nil, events: [String] = [],
                goldensWritten: [String] = [], virtualMilliseconds: Int64 = 0) {
        self.tape = tape
        self.status = status
        self.failures = failures
        self.errors = errors
        self.finalState = finalState
        self.entitled = entitled
        self.events = events
        self.goldensWritten = goldensWritten
        self.virtualMilliseconds = virtualMilliseconds
    }

    /// The result for a tape that could not be loaded.
    public static func invalid(tape: String, errors: TapeErrors) -> TapeResult {
        TapeResult(tape: tape, status: .invalid, errors: errors.errors.map(\.description))
    }

    public var passed: Bool { status == .passed }

    /// The process exit code for a set of results: 0 all passed, 1 any failed, 2 any invalid.
    public static func exitCode(for results: [TapeResult]) -> Int32 {
        if results.contains(where: { $0.status == .invalid }) { return 2 }
        if results.contains(where: { $0.status == .failed }) { return 1 }
        return 0
    }
}

/// One failed expectation: where in the tape, the command, what was expected and the screen then.
public struct TapeFailure: Hashable, Sendable, Codable {
    public var file: String
    public var line: Int
    public var column: Int
    /// The command as written, e.g. `Expect "Yearly"`.
    public var command: String
    /// What was expected, e.g. `the screen shows "Yearly"` or a golden diff.
    public var expected: String
    /// What was found instead, e.g. `flow state paywall`.
    public var actual: String
    /// The screen text at the moment of failure.
    public var screen: String

    public init(file: String, line: Int, column: Int = 1, command: String, expected: String, actual: String,
                screen: String) {
        self.file = file
        self.line = line
        self.column = column
        self.command = command
        self.expected = expected
        self.actual = actual
        self.screen = screen
    }

    /// A failure of a step, taking its location and text.
    public init(step: TapeStep, expected: String, actual: String, screen: String) {
        self.init(file: step.location.file, line: step.location.line, column: step.location.column,
                  command: step.text, expected: expected, actual: actual, screen: screen)
    }

    /// `file:line:column`.
    public var location: String { "\(file):\(line):\(column)" }
}
