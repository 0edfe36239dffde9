import PaywallFoundation

/// One printf-style placeholder in a String Catalog value (`%@`, `%lld`, `%1$@`, `%.2f`, `%#@name@`).
public struct FormatSpecifier: Sendable, Equatable, Hashable {
    /// What kind of argument a placeholder takes.
    public enum Kind: Sendable, Hashable {
        /// `%@`: any object, shown by its description.
        case object
        /// `%d %i %u %o %x %X` with any length (`%ld`, `%lld`).
        case integer
        /// `%f %F %e %E %g %G %a %A`.
        case double
        /// `%c %C`.
        case character
        /// `%s %S`: C strings, treated as text.
        case cString
        /// `%#@name@`: a substitution defined in the localization.
        case substitution(String)
        /// Anything else after a `%` (`%k`, `%*d`, a lone `%` at the end).
        case unknown
    }

    /// The placeholder exactly as written, e.g. `%2$lld`.
    public var text: String
    /// The kind of argument it takes.
    public var kind: Kind
    /// The explicit 1-based position (`%2$@` → 2), if written.
    public var position: Int?
    /// The 1-based argument it reads: the explicit position, or the next one in order.
    public var argumentIndex: Int
    /// Flags as written (`-`, `+`, `0`, `#`, `'`); a space is not taken as a flag, so `50% off` stays text.
    public var flags: String
    /// Minimum width, if written.
    public var width: Int?
    /// Precision (`%.2f` → 2), if written.
    public var precision: Int?
    /// Length modifier (`l`, `ll`, `h`, `q`, …).
    public var length: String
    /// The conversion character (`@`, `d`, `f`, …); `#` for substitutions.
    public var conversion: Character
    /// Character offset of the `%` in the value.
    public var offset: Int

    /// Every placeholder in `value`, in order of appearance; `%%` is not a placeholder.
    public static func parse(_ value: String) -> [FormatSpecifier] {
        FormatTokenizer.tokens(of: value).compactMap {
            if case .specifier(let spec) = $0 { return spec }
            return nil
        }
    }

    /// The argument signature of a value: kind per argument index (numeric kinds of any length are equal).
    /// Substitutions appear under their name, unknown placeholders are listed as they are written.
    public static func signature(of value: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for spec in parse(value) {
            counts[spec.signatureKey, default: 0] += 1
        }
        return counts
    }

    /// Whether two values take different arguments (kinds or counts), ignoring order so that
    /// `%1$@ %2$lld` and `%2$lld %1$@` and `%@ %lld` agree.
    public static func differ(source: String, translation: String) -> Bool {
        signature(of: source) != signature(of: translation)
    }

    /// The kind of argument without its position: `text`, `integer`, `decimal`, `character`, `substitution:NAME`.
    public var signatureKind: String {
        let key = signatureKey
        guard let colon = key.firstIndex(of: ":"), key[..<colon].allSatisfy(\.isNumber) else { return key }
        return String(key[key.index(after: colon)...])
    }

    var signatureKey: String {
        switch kind {
        case .object, .cString: return "\(argumentIndex):text"
        case .integer: return "\(argumentIndex):integer"
        case .double: return "\(argumentIndex):decimal"
        case .character: return "\(argumentIndex):character"
        case .substitution(let name): return "substitution:\(name)"
        case .unknown: return "unknown:\(text)"
        }
    }
}

/// A piece of a format string.
enum FormatToken: Sendable, Equatable {
    case literal(String)
    case percent
    case specifier(FormatSpecifier)
}

/// Splits a value into literal text, `%%` and placeholders.
enum FormatTokenizer {
    /// The largest width or precision honoured; larger ones make the placeholder unknown.
    static let maxWidth = 256

    static func tokens(of value: String) -> [FormatToken] {
        let chars = Array(value)
        var tokens: [FormatToken] = []
        var literal = ""
        var nextSequential = 1
        var i = 0
        func flush() {
            if !literal.isEmpty { tokens.append(.literal(literal)); literal = "" }
        }
        while i < chars.count {
            guard chars[i] == "%" else { literal.append(chars[i]); i += 1; continue }
            let start = i
            var j = i + 1
            if j < chars.count, chars[j] == "%" {
                flush(); tokens.append(.percent); i = j + 1; continue
            }
            // Position: digits followed by '$'.
            var position: Int?
            var k = j
            while k < chars.count, chars[k].isASCII, chars[k].isNumber { k += 1 }
            if k > j, k < chars.count, chars[k] == "$", let number = Int(TextJoin.string(chars[j..<k])), number > 0 {
                position = number
                j = k + 1
            }
            // Substitution: %#@name@
            if j + 1 < chars.count, chars[j] == "#", chars[j + 1] == "@" {
                var end = j + 2
                while end < chars.count, chars[end] != "@" { end += 1 }
                if end < chars.count, end > j + 2 {
                    let name = TextJoin.string(chars[(j + 2)..<end])
                    let index = position ?? nextSequential
                    if position == nil { nextSequential += 1 }
                    flush()
                    tokens.append(.specifier(FormatSpecifier(
                        text: TextJoin.string(chars[start...end]), kind: .substitution(name), position: position,
                        argumentIndex: index, flags: "", width: nil, precision: nil, length: "", conversion: "#", offset: start)))
                    i = end + 1
                    continue
                }
            }
            var flags = ""
            while j < chars.count, "-+0#'".contains(chars[j]) { flags.append(chars[j]); j += 1 }
            var invalid = false
            var width: Int?
            var w = j
            while w < chars.count, chars[w].isASCII, chars[w].isNumber { w += 1 }
            if w > j {
                width = Int(TextJoin.string(chars[j..<w]))
                if width == nil { invalid = true }
                j = w
            }
            var precision: Int?
            if j < chars.count, chars[j] == "." {
                var p = j + 1
                while p < chars.count, chars[p].isASCII, chars[p].isNumber { p += 1 }
                precision = p > j + 1 ? Int(TextJoin.string(chars[(j + 1)..<p])) : 0
                if precision == nil { invalid = true }
                j = p
            }
            if j < chars.count, chars[j] == "*" { invalid = true; j += 1 }
            // A width or precision past any screen is a defect, not a request for a huge string.
            if (width ?? 0) > maxWidth || (precision ?? 0) > maxWidth { invalid = true }
            var length = ""
            while j < chars.count, "hlqLztj".contains(chars[j]), length.count < 2 { length.append(chars[j]); j += 1 }
            let conversion: Character = j < chars.count ? chars[j] : "\0"
            let kind: FormatSpecifier.Kind
            switch conversion {
            case "@": kind = .object
            case "d", "i", "u", "o", "x", "X", "D", "U", "O": kind = .integer
            case "f", "F", "e", "E", "g", "G", "a", "A": kind = .double
            case "c", "C": kind = .character
            case "s", "S": kind = .cString
            default: kind = .unknown
            }
            let resolvedKind = invalid ? .unknown : kind
            // An unknown letter conversion (`%k`) is part of the placeholder; anything else (`50% off`) stays literal.
            let end = kind != .unknown || (j < chars.count && chars[j].isLetter) ? j + 1 : min(j, chars.count)
            let text = TextJoin.string(chars[start..<max(end, start + 1)])
            let index = position ?? nextSequential
            if position == nil, resolvedKind != .unknown { nextSequential += 1 }
            flush()
            tokens.append(.specifier(FormatSpecifier(
                text: text, kind: resolvedKind, position: position, argumentIndex: index, flags: flags,
                width: width, precision: precision, length: length, conversion: conversion, offset: start)))
            i = max(end, start + 1)
        }
        flush()
        return tokens
    }
}
