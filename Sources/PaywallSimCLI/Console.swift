import Foundation

/// Where a command writes: the process's standard output and error, or (the command line run in
/// process by a test) buffers. Task-local: set once around one command by `PaywallSimCommand.run`.
public struct Console: Sendable {
    /// Which of the two streams a text goes to.
    public enum Stream: Sendable {
        case output, error
    }

    /// Writes `bytes` as they are to `stream` (text as UTF-8; a DER certificate as it is).
    public var write: @Sendable (_ bytes: Data, _ stream: Stream) -> Void

    public init(write: @escaping @Sendable (_ bytes: Data, _ stream: Stream) -> Void) {
        self.write = write
    }

    /// Writes `text` as it is (no newline added) to `stream`.
    public func write(_ text: String, _ stream: Stream) { write(Data(utf8: text), stream) }

    /// The process's standard output and error, unbuffered.
    public static let standard = Console { bytes, stream in
        (stream == .output ? FileHandle.standardOutput : FileHandle.standardError).write(bytes)
    }

    /// The console of the command being run.
    @TaskLocal public static var current = Console.standard

    /// A line (or, with `terminator: ""`, a text) on standard output, as `print` writes it.
    public static func out(_ text: String, terminator: String = "\n") { current.write(text + terminator, .output) }

    /// A line on standard error.
    public static func err(_ line: String) { current.write(line + "\n", .error) }

    /// Bytes on standard output, as they are (a store command's raw output).
    static func out(bytes: Data) { current.write(bytes, .output) }
}
