import Foundation
import PaywallFoundation

/// Turns a `DecodingError` into a message a person can act on, with `line:col` for syntax errors.
public enum JSONErrorDescription {
    /// Describes `error`, raised while decoding `data`; syntax errors are prefixed with `line:col: `.
    public static func describe(_ error: DecodingError, in data: Data) -> String {
        switch error {
        case let .dataCorrupted(context):
            if context.codingPath.isEmpty {
                guard let syntax = syntaxError(in: data) else { return "invalid JSON: \(underlyingText(context))" }
                return "\(syntax.line):\(syntax.column): invalid JSON, \(syntax.message)"
            }
            return "at \(pathText(context.codingPath)): \(context.debugDescription)"
        case let .keyNotFound(key, context):
            let path = pathText(context.codingPath + [key])
            return "missing key \(path), expected it to be present"
        case let .typeMismatch(type, context):
            return "at \(pathText(context.codingPath)): wrong type, expected \(typeName(type))"
        case let .valueNotFound(type, context):
            return "at \(pathText(context.codingPath)): null, expected \(typeName(type))"
        @unknown default:
            return String(describing: error)
        }
    }

    /// `line:col: invalid JSON, …` when `data` is not valid JSON (or nests deeper than
    /// `LocatedJSONParser.maximumDepth`); nil when it is. Every decoder of outside input asks this
    /// first: Foundation's `JSONDecoder` traps instead of throwing on some inputs (513 `[` and
    /// nothing else; found by `Scripts/fuzz/run.sh config`), so hostile bytes must never reach it unchecked.
    public static func syntaxProblem(in data: Data) -> String? {
        guard let syntax = syntaxError(in: data) else { return nil }
        return "\(syntax.line):\(syntax.column): invalid JSON, \(syntax.message)"
    }

    /// The 1-based line and column of the first JSON syntax error and what is wrong there; nil if valid.
    public static func syntaxError(in data: Data) -> (line: Int, column: Int, message: String)? {
        do {
            _ = try LocatedJSONParser.parse(data)
            return nil
        } catch {
            return (error.location.line, error.location.column, error.message)
        }
    }

    static func pathText(_ path: [any CodingKey]) -> String {
        if path.isEmpty { return "top level" }
        var text = ""
        for key in path {
            if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        return text
    }

    static func typeName(_ type: Any.Type) -> String {
        let name = String(describing: type)
        switch name {
        case "String": return "a string"
        case "Int", "Double": return "a number"
        case "Bool": return "true or false"
        default:
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return name
        }
    }

    private static func underlyingText(_ context: DecodingError.Context) -> String {
        if let underlying = context.underlyingError as NSError? {
            if let text = underlying.userInfo[NSDebugDescriptionErrorKey] as? String { return text }
            return underlying.localizedDescription
        }
        return context.debugDescription
    }
}
