import PaywallFoundation
import Foundation

/// Formats tape results for people (the default output of `play`) and for machines (`--json`).
public enum TapeReportFormatter {
    /// One line per tape (`PASS`/`FAIL`/`INVALID`), then each failure with its location, command,
    /// expectation and the screen at that moment, then a summary line.
    public static func human(_ results: [TapeResult]) -> String {
        var out: [String] = []
        for result in results {
            switch result.status {
            case .passed:
                out.append("PASS \(result.tape) (\(JSONText.seconds(result.virtualMilliseconds))s virtual)")
            case .failed:
                out.append("FAIL \(result.tape): \(result.failures.count) failure\(result.failures.count == 1 ? "" : "s")")
            case .invalid:
                out.append("INVALID \(result.tape)")
                out += result.errors.map { "  " + $0 }
            }
            for path in result.goldensWritten { out.append("  wrote \(path)") }
            for failure in result.failures { out.append(describe(failure)) }
        }
        let passed = results.filter(\.passed).count
        let failed = results.filter { $0.status == .failed }.count
        let invalid = results.filter { $0.status == .invalid }.count
        out.append("\(results.count) tape\(results.count == 1 ? "" : "s"): \(passed) passed, \(failed) failed, \(invalid) invalid")
        return out.joined(separator: "\n") + "\n"
    }

    /// One failure as a readable block, the screen framed by a rule.
    public static func describe(_ failure: TapeFailure) -> String {
        var lines = ["  \(failure.location): \(failure.command)", "    expected: \(indent(failure.expected))",
                     "    actual:   \(indent(failure.actual))", "    screen:"]
        let rule = "    +" + String(repeating: "-", count: 40)
        lines.append(rule)
        for row in LineDiff.split(Golden.normalize(failure.screen)) {
            lines.append("    |" + LineDiff.visible(row))
        }
        lines.append(rule)
        return lines.joined(separator: "\n")
    }

    /// The results as one JSON document `{"passed": …, "exitCode": …, "tapes": [ … ]}` with sorted keys.
    public static func json(_ results: [TapeResult]) -> String {
        struct Document: Encodable {
            var passed: Bool
            var exitCode: Int32
            var tapes: [TapeResult]
        }
        let document = Document(passed: results.allSatisfy(\.passed), exitCode: TapeResult.exitCode(for: results),
                                tapes: results)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Continuation lines of a multi-line value indented under the first.
    private static func indent(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: "\n              ")
    }
}
