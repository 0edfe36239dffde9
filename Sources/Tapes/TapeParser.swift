import Foundation
import PaywallFoundation

/// Parses tape source text into commands, collecting every problem with its `file:line:column`.
public enum TapeParser {
    /// Parses one tape file's text; `Include` commands stay as they are (see `TapeLoader`).
    /// Relative paths are resolved against the folder of `file`. Never crashes, whatever the input.
    public static func parse(source: String, file: String) -> Result<Tape, TapeErrors> {
        var parsed = parseCollecting(source: source, file: file)
        parsed.errors += TapeSettingOrder.problems(in: parsed.steps)
        return parsed.errors.isEmpty ? .success(Tape(file: file, steps: parsed.steps)) : .failure(TapeErrors(parsed.errors))
    }

    /// The steps of every good line and the errors of every bad one.
    static func parseCollecting(source: String, file: String) -> (steps: [TapeStep], errors: [TapeError]) {
        var steps: [TapeStep] = []
        var errors: [TapeError] = []
        for (offset, text) in lines(of: source).enumerated() {
            var parser = TapeLineParser(text, file: file, line: offset + 1)
            if let step = parser.parse() { steps.append(step) }
            errors.append(contentsOf: parser.errors)
        }
        return (steps, errors)
    }

    /// Splits on `\n` by Unicode scalar (so `\r\n` splits too) and drops a trailing `\r` from each
    /// line; a UTF-8 byte-order mark at the start of the text is skipped (editors on Windows save one).
    static func lines(of source: String) -> [Substring] {
        guard source.unicodeScalars.first == "\u{FEFF}" else { return TextLines.split(source) }
        return TextLines.split(String(source.unicodeScalars.dropFirst()))
    }
}
