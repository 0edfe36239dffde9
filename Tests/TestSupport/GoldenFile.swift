import Foundation
import PaywallFoundation

/// The tests' goldens: `Golden` (the one comparison, diff and write, shared with tapes' goldens)
/// on a file, with one switch to rewrite: `PAYWALLSIM_UPDATE_GOLDENS=1 swift test`.
///
/// With the switch on, a missing or different golden is written and still reported once, so
/// updating is always an explicit step that is then reviewed with `git diff`.
public enum GoldenFile {
    /// The environment variable that turns updating on.
    public static let updateVariable = "PAYWALLSIM_UPDATE_GOLDENS"

    /// Whether this run rewrites goldens.
    public static var updating: Bool { ProcessInfo.processInfo.environment[updateVariable] == "1" }

    /// nil when `actual` matches the file (see `Golden` for which whitespace counts); otherwise
    /// what differs (a line diff), or what was written.
    public static func problem(_ actual: String, golden url: URL) -> String? {
        let name = url.lastPathComponent
        switch Golden.check(actual, file: url, update: updating) {
        case .matched:
            return nil
        case .written:
            return "\(name): written; review it (git diff) and run again without \(updateVariable)"
        case .writeFailed(let path, let reason):
            return "\(path): cannot write the golden: \(reason)"
        case .missing:
            return "\(name): missing; record it with \(updateVariable)=1 after checking the screen:\n\(actual)"
        case .mismatch(_, let diff):
            return "\(name) differs (- golden, + actual; \(updateVariable)=1 rewrites it):\n\(diff)"
        }
    }
}
