import Foundation
import Testing
@testable import PaywallCore

/// Inputs on which Foundation's `JSONDecoder` traps instead of throwing (found by the libFuzzer
/// config harness): they must be refused before they reach it.
@Suite("JSON that crashes Foundation is refused first")
struct FoundationTrapTests {
    /// 513 `[` and nothing after them: `JSONDecoder` traps computing the error's location.
    static let trap = Data(repeating: UInt8(ascii: "["), count: 513)

    @Test func theSyntaxCheckNamesThePlace() throws {
        let problem = try #require(JSONErrorDescription.syntaxProblem(in: Self.trap))
        #expect(problem.hasPrefix("1:"))
        #expect(problem.contains("nesting deeper than 256 levels"))
        #expect(JSONErrorDescription.syntaxProblem(in: Data("{\"a\":[1,2]}".utf8)) == nil)
    }

    @Test func aRemoteConfigOfDeepBracketsIsAnError() {
        #expect(throws: RemoteConfigError.self) { _ = try RemoteConfig.decode(from: Self.trap, path: "deep.json") }
    }
}
