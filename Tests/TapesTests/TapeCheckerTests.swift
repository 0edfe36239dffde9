import Foundation
import Testing
import TestSupport
@testable import Tapes

@Suite("Checker (--check)")
struct TapeCheckerTests {
    @Test func referencedFilesMustExist() {
        let files = InMemoryFileSystem(files: [
            "S/ok.tape": "Set StoreKit store/Products.storekit\nSet Theme dark\nKey Enter\n",
            "S/store/Products.storekit": "{}",
            "S/bad.tape": "Set Copy Main.xcstrings\nSet Theme themes/x.json\nSet Config /nope.json\n",
            "S/broken.tape": "Sleep soon\n",
        ])
        let results = TapeChecker(fileSystem: files).check(paths: ["S/ok.tape", "S/bad.tape", "S/broken.tape", "S/gone.tape"])
        #expect(results.map(\.status) == [.passed, .invalid, .invalid, .invalid])
        #expect(results[1].errors == [
            "S/bad.tape:1:1: file not found: S/Main.xcstrings, expected an .xcstrings file (relative paths start at the tape's folder)",
            "S/bad.tape:2:1: file not found: S/themes/x.json, expected a theme file (relative paths start at the tape's folder)",
            "S/bad.tape:3:1: file not found: /nope.json, expected a remote-config JSON file (relative paths start at the tape's folder)",
        ])
        #expect(results[2].errors.first?.hasPrefix("S/broken.tape:1:7: bad duration 'soon'") == true)
        #expect(results[3].errors == ["S/gone.tape: cannot read the tape file, expected an existing readable file"])
        #expect(TapeResult.exitCode(for: results) == 2)
    }

    @Test func realFixturesAreFound() throws {
        let fixtures = TestPaths.fixtures.path
        let storekit = try #require(try? FileManager.default.contentsOfDirectory(atPath: fixtures + "/storekit")
            .sorted().first(where: { $0.hasSuffix(".storekit") }))
        let files = InMemoryFileSystem(files: [fixtures + "/demo.tape": "Set StoreKit storekit/\(storekit)\n"])
        let tape = try TapeParser.parse(source: "Set StoreKit \"storekit/\(storekit)\"", file: fixtures + "/demo.tape").get()
        #expect(TapeChecker().missingFiles(in: tape).isEmpty)
        #expect(TapeChecker(fileSystem: files).missingFiles(in: tape).count == 1)
    }
}
