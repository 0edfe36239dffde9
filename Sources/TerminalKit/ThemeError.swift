import PaywallFoundation

/// A theme that cannot be used, with the place and what was expected.
public struct ThemeError: LocatedError, Hashable, Sendable {
    public var file: String
    /// 1-based line, 0 when the error concerns the whole file.
    public var line: Int
    /// 1-based column, 0 when unknown.
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:col: message`, leaving out a zero line or column.
    public var diagnostic: Diagnostic {
        Diagnostic(file: file, line: line > 0 ? line : nil, column: line > 0 && column > 0 ? column : nil, message)
    }
}
