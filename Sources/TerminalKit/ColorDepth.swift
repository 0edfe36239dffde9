/// How many colors the terminal shows: none (attributes only), 8, 16 or 256.
public enum ColorDepth: Int, Comparable, CaseIterable, Sendable, CustomStringConvertible {
    case none = 0, eight = 8, sixteen = 16, full256 = 256

    public static func < (a: ColorDepth, b: ColorDepth) -> Bool { a.rawValue < b.rawValue }

    public var description: String { self == .none ? "none" : String(rawValue) }

    /// Parses `none`, `mono`, `8`, `16` or `256`.
    public init?(name: String) {
        switch name.lowercased() {
        case "none", "mono", "monochrome", "0": self = .none
        case "8": self = .eight
        case "16": self = .sixteen
        case "256", "truecolor", "24bit": self = .full256
        default: return nil
        }
    }

    /// The largest depth this many terminfo colors allow (ncurses `COLORS`).
    public init(terminfoColors: Int) {
        switch terminfoColors {
        case 256...: self = .full256
        case 16...: self = .sixteen
        case 8...: self = .eight
        default: self = .none
        }
    }

    /// The depth the environment asks for.
    ///
    /// Rules, in order: `NO_COLOR` set and non-empty → none; `TERM` unset, empty, `dumb`, a
    /// `vt*` terminal or a `*-mono`/`*-m` entry → none; `COLORTERM` truecolor/24bit or `TERM`
    /// containing `256color` → 256; `TERM` containing `16color` → 16; any other `TERM` → 8.
    /// Drivers clamp the result to what terminfo reports.
    public static func detect(environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = (environment["TERM"] ?? "").lowercased()
        if term.isEmpty || term == "dumb" || term.hasPrefix("vt") || term == "ansi-mono"
            || term.hasSuffix("-mono") || term.hasSuffix("-m") {
            return .none
        }
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" || term.contains("256color") || term.contains("direct") {
            return .full256
        }
        if term.contains("16color") { return .sixteen }
        return .eight
    }
}
