import Foundation
import Testing
@testable import CopyDeck

@Suite("Broken catalogs are refused with file, line and column")
struct CatalogErrorTests {
    private func refusal(_ json: String, origin: String = "team.xcstrings") -> CatalogError? {
        do {
            _ = try Fixtures.decode(json, origin: origin)
            return nil
        } catch {
            return error
        }
    }

    @Test("a truncated real catalog names the file and the end of the data")
    func truncated() throws {
        let url = try Fixtures.url("08")
        let data = try Data(contentsOf: url)
        let cut = data.prefix(1000)
        let lines = String(decoding: cut, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        do {
            _ = try StringCatalog.decode(cut, origin: "cut.xcstrings")
            Issue.record("a truncated catalog decoded")
        } catch {
            #expect(error.file == "cut.xcstrings")
            #expect(error.line == lines.count)
            #expect(error.column == (lines.last?.count ?? 0) + 1)
            #expect(error.message.contains("truncated"))
            #expect(error.description.hasPrefix("cut.xcstrings:\(lines.count):"))
        }
    }

    @Test("a file that is not JSON points at the first bad character")
    func notJSON() throws {
        let error = try #require(refusal("sourceLanguage = en\n"))
        #expect(error.line == 1 && error.column == 1)
        #expect(error.message.contains("expected a value"))
        let second = try #require(refusal("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : { ,}\n}"))
        #expect(second.line == 3)
        #expect(second.column == 17)
        #expect(second.message.contains("expected a key in double quotes"))
        #expect(second.description == "team.xcstrings:3:17: " + second.message)
    }

    @Test("a missing comma says what was expected")
    func missingComma() throws {
        let error = try #require(refusal("{\n  \"sourceLanguage\" : \"en\"\n  \"strings\" : {}\n}"))
        #expect(error.line == 3 && error.column == 3)
        #expect(error.message.contains("expected ',' or '}'"))
    }

    @Test("an empty file is refused")
    func emptyFile() throws {
        let error = try #require(refusal("  \n"))
        #expect(error.message.contains("empty"))
    }

    @Test("strings that is not an object is refused at its value")
    func stringsNotObject() throws {
        let error = try #require(refusal("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : [],\n  \"version\" : \"1.0\"\n}"))
        #expect(error.line == 3 && error.column == 15)
        #expect(error.jsonPath == "strings")
        #expect(error.message.contains("found an array; expected an object"))
        #expect(error.description.hasPrefix("team.xcstrings:3:15: at strings: found an array"), "the one located form: file:line:col: at path: message")
    }

    @Test("wrong types deep inside are refused with the JSON path")
    func wrongTypes() throws {
        let version = try #require(refusal("{ \"sourceLanguage\" : \"en\", \"strings\" : {}, \"version\" : 1.0 }"))
        #expect(version.jsonPath == "version")
        #expect(version.column == 56)
        #expect(version.message.contains("the number 1.0; expected a string"))

        let value = try #require(refusal("""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Restore" : {
              "localizations" : {
                "ja" : { "stringUnit" : { "state" : "translated", "value" : 42 } }
              }
            }
          }
        }
        """))
        #expect(value.line == 6)
        #expect(value.jsonPath == "strings[\"Restore\"].localizations[\"ja\"].stringUnit.value")
        #expect(value.message.contains("expected a string"))

        let flag = try #require(refusal("{\"sourceLanguage\":\"en\",\"strings\":{\"•\":{\"shouldTranslate\":\"no\"}}}"))
        #expect(flag.jsonPath == "strings[\"•\"].shouldTranslate")
        #expect(flag.message.contains("expected true or false"))
        #expect(flag.column == 58, "columns count characters, not bytes (• is 3 bytes)")
    }

    @Test("unknown plural category and missing value are refused")
    func badVariations() throws {
        let category = try #require(refusal("""
        {"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{"variations":{"plural":{"lots":{"stringUnit":{"state":"new","value":"x"}}}}}}}}}
        """))
        #expect(category.message.contains("unknown plural category \"lots\""))
        #expect(category.message.contains("zero, one, two, few, many, other"))
        let noValue = try #require(refusal("""
        {"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{"stringUnit":{"state":"new"}}}}}}
        """))
        #expect(noValue.message.contains("without \"value\""))
    }

    @Test("missing sourceLanguage or strings are refused; a duplicate key is a warning and the last one wins")
    func missingFields() throws {
        #expect(refusal("{\"strings\":{}}")?.message.contains("sourceLanguage") == true)
        #expect(refusal("{\"sourceLanguage\":\"en\"}")?.message.contains("missing \"strings\"") == true)
        // Xcode and Foundation accept a key given twice and keep the last: so does the simulator, with a warning.
        let json = "{\"sourceLanguage\":\"en\",\"strings\":{\"a\":{},\"a\":{\"comment\":\"second\"}}}"
        #expect(refusal(json) == nil)
        let catalog = try StringCatalog.decode(Data(json.utf8), origin: "dup.xcstrings")
        #expect(catalog.entries["a"]?.comment == "second")
        #expect(catalog.keys == ["a"])
        #expect(catalog.warnings == ["dup.xcstrings:1:42: warning: at strings: the key \"a\" is given twice; the last one is used (as Xcode and Foundation read it)"])
    }

    /// Fixture 10 (Whisky, 1,152 keys) has `tab.processes` twice: it loads, with one warning.
    @Test("the real catalog with a duplicated key loads with a warning")
    func realDuplicate() throws {
        let url = try Fixtures.allURLs().first { $0.lastPathComponent.hasPrefix("10-") }
        let catalog = try StringCatalog.load(contentsOf: try #require(url))
        #expect(catalog.warnings.count == 1 && catalog.warnings[0].contains("the key \"tab.processes\" is given twice"), "\(catalog.warnings)")
    }

    @Test("a missing file names the file")
    func missingFile() {
        do {
            _ = try StringCatalog.load(contentsOf: URL(fileURLWithPath: "/nonexistent/deck.xcstrings"))
            Issue.record("a missing file loaded")
        } catch {
            #expect(error.file == "/nonexistent/deck.xcstrings")
            #expect(error.description.hasPrefix("/nonexistent/deck.xcstrings: cannot read"))
        }
    }

    @Test("UTF-16 and invalid UTF-8 are refused")
    func encodings() throws {
        let utf16 = try #require("{\"sourceLanguage\":\"en\",\"strings\":{}}".data(using: .utf16))
        do {
            _ = try StringCatalog.decode(utf16, origin: "wide.xcstrings")
            Issue.record("UTF-16 decoded")
        } catch {
            #expect(error.message.contains("UTF-16"))
        }
        var bytes = Array("{\"sourceLanguage\":\"en\",\n\"strings\":{\"a\":{\"comment\":\"x".utf8)
        bytes += [0xC3, 0x28] + Array("\"}}}".utf8)
        do {
            _ = try StringCatalog.decode(Data(bytes), origin: "bad.xcstrings")
            Issue.record("invalid UTF-8 decoded")
        } catch {
            #expect(error.message.contains("invalid UTF-8"))
            #expect(error.line == 2)
            #expect(error.column == 29)
        }
    }

    @Test("garbage never crashes the parser")
    func garbage() {
        let inputs = ["{", "[", "\"", "{\"a\"", "{\"a\":", "{\"a\":tru", "{\"a\":\"\\u12\"}", "{\"a\":-}", "{\"a\":1e}",
                      "{\"a\":\"\u{01}\"}", "{\"a\":\"\\x\"}", String(repeating: "[", count: 10_000), "{}{}", "\u{FEFF}{}"]
        for input in inputs {
            #expect(refusal(input) != nil, "refused: \(input.prefix(20))")
        }
    }
}
