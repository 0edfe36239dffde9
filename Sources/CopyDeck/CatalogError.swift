import PaywallFoundation

/// Why a String Catalog was refused: the file, the place in it, what is wrong and what was expected.
public struct CatalogError: LocatedError, Sendable, Equatable {
    /// The file (or other origin) the catalog came from.
    public var file: String
    /// 1-based line of the problem, when known.
    public var line: Int?
    /// 1-based column (in characters) of the problem, when known.
    public var column: Int?
    /// Where in the JSON the problem sits, e.g. `strings["Restore"].localizations.ja.stringUnit.state`.
    public var jsonPath: String?
    /// What is wrong and what was expected.
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, jsonPath: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
        self.message = message
    }

    /// `file:line:col: at path: message`.
    public var diagnostic: Diagnostic { Diagnostic(file: file, line: line, column: column, jsonPath: jsonPath, message) }
}
