import PaywallFoundation
import Foundation
import Testing
import TestSupport

@Suite("JSON parser")
struct JSONParserTests {
    @Test("values, escapes and locations")
    func values() throws {
        let text = "{\n  \"a\" : [1, -2.5e3, true, false, null],\n  \"s\" : \"\\u00e9\\n\\ud83d\\ude00 ¥\"\n}"
        let root = try LocatedJSONParser.parse(Data(text.utf8))
        guard case let .object(members) = root.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "s"])
        #expect(members[0].value.location == LineColumn(line: 2, column: 9))
        #expect(members[0].value.value == .array([
            LocatedJSON(value: .number("1"), location: LineColumn(line: 0, column: 0)),
            LocatedJSON(value: .number("-2.5e3"), location: LineColumn(line: 0, column: 0)),
            LocatedJSON(value: .bool(true), location: LineColumn(line: 0, column: 0)),
            LocatedJSON(value: .bool(false), location: LineColumn(line: 0, column: 0)),
            LocatedJSON(value: .null, location: LineColumn(line: 0, column: 0)),
        ]))
        #expect(members[1].value.value == .string("é\n😀 ¥"))
    }

    @Test("strict syntax", arguments: ["{\"a\":01}", "{\"a\":1,}", "[1 2]", "{'a':1}", "\"tab\there\"", "tru", "{} x", "1.", "\"\\x\""])
    func refuses(_ text: String) {
        #expect(throws: LocatedJSONSyntaxError.self) { try LocatedJSONParser.parse(Data(text.utf8)) }
    }

    @Test("every fixture parses: .storekit catalogs and String Catalogs")
    func fixturesParse() throws {
        let files = TestPaths.fixtureFiles("storekit") + TestPaths.fixtureFiles("xcstrings")
        for url in files {
            let root = try LocatedJSONParser.parse(Data(contentsOf: url))
            guard case .object = root.value else { Issue.record("\(url.lastPathComponent) is not an object"); continue }
        }
        #expect(TestPaths.fixtureFiles("storekit").count >= 40)
        #expect(TestPaths.fixtureFiles("xcstrings").count >= 25)
    }
}

/// Locations on one long line (a journal line, a minified catalog) are counted on from the last
/// one, not from the line's start; they must still be exact.
@Suite("JSON parser on one long line")
struct OneLineLocationTests {
    @Test func everyValueOnAOneLineDocumentHasItsColumn() throws {
        let values = (0..<500).map { "\"k\($0)\":[\($0),\"é\($0)\"]" }
        let text = "{" + values.joined(separator: ",") + "}"
        let root = try LocatedJSONParser.parse(Data(text.utf8))
        guard case let .object(members) = root.value else { Issue.record("not an object"); return }
        #expect(members.count == 500)
        let scalars = Array(text.unicodeScalars)
        for (index, member) in members.enumerated() where index % 37 == 0 || index == 499 {
            let column = member.value.location.column
            #expect(member.value.location.line == 1)
            #expect(scalars[column - 1] == "[", "member \(index) at column \(column)")
            guard case let .array(items) = member.value.value else { continue }
            #expect(scalars[items[1].location.column - 1] == "\"")
            let key = try #require(member.value.keyLocation)
            #expect(String(String.UnicodeScalarView(scalars[(key.column - 1)...].prefix(2 + String(index).count))) == "\"k\(index)")
        }
    }

    @Test func anErrorLateOnALongLineHasItsColumn() {
        let text = "[" + String(repeating: "1,", count: 3_000) + "x]"
        do {
            _ = try LocatedJSONParser.parse(Data(text.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.location == LineColumn(line: 1, column: 6_002))
        }
    }
}
