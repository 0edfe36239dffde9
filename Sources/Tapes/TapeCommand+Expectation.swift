import Foundation
import PaywallFoundation

/// Uniform wording of what a checking command expects, for `TapeFailure.expected`.
extension TapeCommand {
    /// What the command expects, e.g. `the screen shows "Yearly"`; nil for commands that check nothing.
    public var expectation: String? {
        switch self {
        case .expect(let matcher): return "the screen shows \(matcher)"
        case .expectNot(let matcher): return "the screen does not show \(matcher)"
        case .wait(let matcher, let timeout):
            return "the screen shows \(matcher) within \(SimDuration.format(milliseconds: timeout))"
        case .expectState(let name): return "flow state \(name)"
        case .expectEntitled(let entitled): return entitled ? "entitled" : "not entitled"
        case .expectStatus(let group, let state): return "subscription group \(group) \(state)"
        case let .expectEvent(name, properties): return "an analytics event \(name)\(TapeCommand.written(properties))"
        case let .expectNotEvent(name, properties): return "no analytics event \(name)\(TapeCommand.written(properties))"
        case let .expectStoreError(error, command): return "Store \(command.control.rawValue) refused with \(error)"
        case .expectQuota(let left): return "\(left) free message\(left == 1 ? "" : "s") left today"
        case .snapshot(let name): return "the screen matches golden \(name)"
        case .screenshot(let name): return "the screen is written to \(name)"
        case .output(let name): return "the recording matches \(name)"
        default: return nil
        }
    }

    /// ` with plan=yearly offer=A` (keys sorted), or nothing.
    static func written(_ properties: [String: String]) -> String {
        properties.isEmpty ? "" : " with " + properties.keys.sorted().map { "\($0)=\(properties[$0] ?? "")" }.joined(separator: " ")
    }
}

extension TapeCommand {
    /// Whether the line makes a file (`Output`, `Screenshot`) that `play` writes and `play --check` compares.
    public var makesFile: Bool {
        switch self {
        case .output, .screenshot: return true
        default: return false
        }
    }
}
