import Foundation
import Testing
import PaywallCore
@testable import Tapes

@Suite("Tape loader: Include")
struct TapeLoaderTests {
    @Test func includesAreFlattenedKeepingTheirOwnLocations() throws {
        let files = InMemoryFileSystem(files: [
            "Scripts/main.tape": "Set Size 80x24\nInclude common/setup.tape\nKey Enter\n",
            "Scripts/common/setup.tape": "# setup\nSet Offer A\nInclude ../parts/launch.tape\n",
            "Scripts/parts/launch.tape": "Set Start paywall\n",
        ])
        let tape = try TapeLoader(fileSystem: files).load(path: "Scripts/main.tape").get()
        #expect(tape.commands == [.setSize(width: 80, height: 24), .setOffer(.A), .setStart(.paywall),
                                  .key(.enter, count: 1)])
        #expect(tape.steps.map(\.location.description) == [
            "Scripts/main.tape:1:1", "Scripts/common/setup.tape:2:1", "Scripts/parts/launch.tape:1:1",
            "Scripts/main.tape:3:1",
        ])
        #expect(tape.file == "Scripts/main.tape")
    }

    @Test func theSameFileMayBeIncludedTwice() throws {
        let files = InMemoryFileSystem(files: [
            "a.tape": "Include b.tape\nInclude b.tape\n", "b.tape": "Key Up\n",
        ])
        let tape = try TapeLoader(fileSystem: files).load(path: "a.tape").get()
        #expect(tape.commands == [.key(.up, count: 1), .key(.up, count: 1)])
    }

    @Test func cycleIsReportedAtTheIncludeLine() {
        let files = InMemoryFileSystem(files: [
            "t/a.tape": "Key Enter\nInclude b.tape\n",
            "t/b.tape": "Key Up\n  Include ./a.tape\n",
        ])
        let result = TapeLoader(fileSystem: files).load(path: "t/a.tape")
        let messages = (try? result.get()).map { _ in [String]() } ?? failures(result)
        #expect(messages == [
            "t/b.tape:2:3: Include cycle a.tape -> b.tape -> a.tape, expected included tapes that do not include each other",
        ])
    }

    @Test func selfIncludeIsACycle() {
        let files = InMemoryFileSystem(files: ["x.tape": "Include x.tape\n"])
        #expect(failures(TapeLoader(fileSystem: files).load(path: "x.tape")).first?
            .hasPrefix("x.tape:1:1: Include cycle x.tape -> x.tape") == true)
    }

    @Test func missingIncludeIsReportedAtTheIncludeLine() {
        let files = InMemoryFileSystem(files: ["s/main.tape": "Key Enter\n\nInclude nope.tape # gone\n"])
        #expect(failures(TapeLoader(fileSystem: files).load(path: "s/main.tape")) == [
            "s/main.tape:3:1: file not found: s/nope.tape, expected an existing tape file"
                + " (relative paths start at the including tape's folder)",
        ])
    }

    @Test func missingTopLevelFile() {
        #expect(failures(TapeLoader(fileSystem: InMemoryFileSystem()).load(path: "gone.tape")) == [
            "gone.tape: cannot read the tape file, expected an existing readable file",
        ])
    }

    @Test func errorsInEveryFileAreCollected() {
        let files = InMemoryFileSystem(files: [
            "m.tape": "Sleep forever\nInclude i.tape\n", "i.tape": "Key Enter\nKye Up\n",
        ])
        let found = failures(TapeLoader(fileSystem: files).load(path: "m.tape")).map { $0.prefix(while: { $0 != " " }) }
        #expect(found == ["m.tape:1:7:", "i.tape:2:1:"])
    }

    @Test func loadsFromTheRealFileSystem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tapes-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let disk = LocalFileSystem()
        try disk.writeText("Include parts/one.tape\nSnapshot end\n", atPath: folder + "/main.tape")
        try disk.writeText("Type \"hi\"\n", atPath: folder + "/parts/one.tape")
        let tape = try TapeLoader().load(path: folder + "/main.tape").get()
        #expect(tape.commands == [.type("hi"), .snapshot("end")])
        #expect(tape.steps.first?.location.file == folder + "/parts/one.tape")
        #expect(disk.readText(atPath: folder + "/parts") == nil)
    }

    private func failures(_ result: Result<Tape, TapeErrors>) -> [String] {
        if case .failure(let errors) = result { return errors.errors.map(\.description) }
        return []
    }
}
