import Foundation
import Testing
import PaywallCore
import PaywallFoundation

/// The syntax check every `JSONDecoder` of outside input runs first (the one reader, `LocatedJSONParser`).
@Suite struct SyntaxCheckTests {
    /// The reader's error for `data` as (line, column, message); nil when it is JSON.
    static func syntaxError(_ data: Data) -> (line: Int, column: Int, message: String)? {
        do { _ = try LocatedJSONParser.parse(data); return nil } catch {
            return (error.location.line, error.location.column, error.message)
        }
    }

    @Test func validJSONHasNoError() throws {
        for text in [#"{"a": [1, -2.5e3, true, false, null, "x\n\u00e9"]}"#, "[]", " 0 ", #""s""#,
                     String(data: try JSONEncoder().encode(RemoteConfig.default), encoding: .utf8) ?? ""] {
            #expect(Self.syntaxError(Data(text.utf8)) == nil, "\(text)")
        }
    }

    @Test func columnsCountCharactersNotBytes() {
        let error = Self.syntaxError(Data("{\"한국어\": x}".utf8))
        #expect(error?.line == 1 && error?.column == 9)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 10_000)
        let error = Self.syntaxError(Data(text.utf8))
        #expect(error?.message == "nesting deeper than 256 levels, expected at most 256")
        #expect(error?.column == 257)
    }

    @Test func randomBytesNeverCrashAndAgreeWithFoundation() {
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array("{}[]:,\"\\ 0123456789-.eEtruefalsn\nab".utf8)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0..<24, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0x20 }
            let data = Data(bytes)
            let scanner = Self.syntaxError(data)
            let foundationAccepts = (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
            if scanner == nil {
                #expect(foundationAccepts, "scanner accepts what Foundation rejects: \(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }
}
