import Foundation
import PaywallFoundation
import Testing

/// One `Diagnostic` says where every located error is, in one form, and keeps the error it wraps.
@Suite("Diagnostic")
struct DiagnosticTests {
    struct Located: LocatedError, Equatable {
        var diagnostic: Diagnostic { Diagnostic(file: "a.json", line: 3, column: 7, jsonPath: "items[2].name", "wrong type, expected a string") }
        static func == (_: Located, _: Located) -> Bool { true }
    }

    @Test func everyPartOfThePlaceIsShownOnlyWhenKnown() {
        #expect(Diagnostic(file: "f", line: 3, column: 7, jsonPath: "a.b", "m").description == "f:3:7: at a.b: m")
        #expect(Diagnostic(file: "f", line: 3, "m").description == "f:3: m")
        #expect(Diagnostic(file: "f", column: 7, "m").description == "f: m", "a column without its line is not shown")
        #expect(Diagnostic(file: "f", jsonPath: "", "m").description == "f: m", "an empty path is the document itself")
        #expect(Diagnostic(file: "f", "m").description == "f: m")
        #expect(Diagnostic("m").description == "m")
    }

    @Test func wrappingALocatedErrorKeepsItsPlaceAndItsValue() {
        let wrapped = Diagnostic(wrapping: Located())
        #expect(wrapped.file == "a.json" && wrapped.line == 3 && wrapped.column == 7 && wrapped.jsonPath == "items[2].name")
        #expect(wrapped.description == "a.json:3:7: at items[2].name: wrong type, expected a string")
        #expect(wrapped.underlying as? Located == Located())
        #expect(Located().description == wrapped.description, "the error prints through its diagnostic")
    }

    @Test func wrappingAnyOtherErrorKeepsItsWords() {
        struct Plain: Error, CustomStringConvertible { var description: String { "plain words" } }
        let wrapped = Diagnostic(wrapping: Plain())
        #expect(wrapped.file == nil && wrapped.description == "plain words")
        #expect(wrapped.underlying is Plain)
    }
}
