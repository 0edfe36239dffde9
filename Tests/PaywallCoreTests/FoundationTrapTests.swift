import Foundation
import Testing
@testable import PaywallCore

/// Inputs on which Foundation's `JSONDecoder` traps instead of throwing (found by the libFuzzer
/// config harness): the one reader refuses them with the place, and no outside input reaches
/// `JSONDecoder` any more.
@Suite("JSON that crashes Foundation is refused first")
struct FoundationTrapTests {
    /// 513 `[` and nothing after them: `JSONDecoder` traps computing the error's location.
    static let trap = Data(repeating: UInt8(ascii: "["), count: 513)

    @Test func theReaderNamesThePlace() throws {
        #expect { _ = try RemoteConfig.decode(from: Self.trap, path: "deep.json") } throws: { error in
            "\(error)".hasPrefix("deep.json:1:257: invalid JSON, nesting deeper than 256 levels")
        }
    }

    @Test func aRemoteConfigOfDeepBracketsIsAnError() {
        #expect(throws: RemoteConfigError.self) { _ = try RemoteConfig.decode(from: Self.trap, path: "deep.json") }
    }
}
