import Foundation
import PaywallFoundation

/// The one golden mechanism of the tests: a text file compared byte for byte, a line diff on a
/// difference, and one switch to rewrite: `PAYWALLSIM_UPDATE_GOLDENS=1 swift test`.
///
/// With the switch on, a missing or different golden is written and still reported once, so
/// updating is always an explicit step that is then reviewed with `git diff`.
public enum GoldenFile {
    /// The environment variable that turns updating on.
    public static let updateVariable = "PAYWALLSIM_UPDATE_GOLDENS"

    /// Whether this run rewrites goldens.
    public static var updating: Bool { ProcessInfo.processInfo.environment[updateVariable] == "1" }

    /// nil when `actual` equals the file; otherwise what differs (a line diff), or what was written.
    public static func problem(_ actual: String, golden url: URL) -> String? {
        let stored = try? String(contentsOf: url, encoding: .utf8)
        if stored == actual { return nil }
        if updating {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try actual.write(to: url, atomically: true, encoding: .utf8)
                return "\(url.lastPathComponent): written; review it (git diff) and run again without \(updateVariable)"
            } catch {
                return "\(url.path): cannot write the golden: \(error)"
            }
        }
        guard let stored else {
            return "\(url.lastPathComponent): missing; record it with \(updateVariable)=1 after checking the screen:\n\(actual)"
        }
        let diff = LineDiff.render(expected: stored, actual: actual)
        return "\(url.lastPathComponent) differs (- golden, + actual; \(updateVariable)=1 rewrites it):\n"
            + (diff.isEmpty ? "(only line ends or trailing whitespace differ)" : diff)
    }
}
