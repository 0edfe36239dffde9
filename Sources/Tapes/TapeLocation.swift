import Foundation

/// Where a tape command or error sits: `file:line:column`, 1-based; line 0 means the whole file.
public struct TapeLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The location of a file as a whole (no line), for errors such as "cannot read".
    public static func wholeFile(_ file: String) -> TapeLocation {
        TapeLocation(file: file, line: 0, column: 0)
    }

    /// `file:line:column`, or just `file` for a whole-file location.
    public var description: String {
        line > 0 ? "\(file):\(line):\(column)" : file
    }
}
