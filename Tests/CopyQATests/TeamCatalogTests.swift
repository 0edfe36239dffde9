import CopyDeck
import Foundation
import Testing
@testable import CopyQA

@Suite("Team catalogs layered over the default deck")
struct TeamCatalogTests {
    static let fixtureNames = (try? FileManager.default.contentsOfDirectory(atPath: Support.fixtures.path))?
        .filter { $0.hasSuffix(".xcstrings") }.sorted() ?? []

    @Test("the fixture catalogs are there")
    func fixturesExist() {
        #expect(Self.fixtureNames.count >= 25, "the corpus of real String Catalogs (Tests/Fixtures/SOURCES.md)")
    }

    @Test("every fixture catalog loads and its missing and unused keys are listed", arguments: TeamCatalogTests.fixtureNames)
    func fixtureKeys(name: String) throws {
        let path = Support.fixtures.appendingPathComponent(name).path
        let inputs = CopyQAInputs(copyPath: path, matrix: Support.small())
        let report = try inputs.check()
        let team = try #require(report.teamCatalog)
        let catalog = try StringCatalog.load(contentsOf: URL(fileURLWithPath: path))
        #expect(team.origin == path)
        #expect(!team.unused.isEmpty)
        #expect(Set(team.unused) == Set(catalog.keys).subtracting(CopySweep().appKeys))
        // (One real catalog, fixture 20, happens to use the app's key paywall.title itself.)
        #expect(team.missing.contains("paywall.title") == (catalog.entries["paywall.title"] == nil))
        #expect(Set(team.missing) == CopySweep().appKeys.subtracting(catalog.keys))
        let text = report.text()
        #expect(text.contains("team catalog \(path):"))
        #expect(text.contains("key(s) the app does not use (unused)"))
        #expect(text.contains("key(s) the app uses are missing"))
        let json = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
        let teamJSON = try #require(json?["teamCatalog"] as? [String: Any])
        #expect((teamJSON["unused"] as? [String])?.count == team.unused.count)
    }

    @Test("a team catalog with an app key replaces the default text; the rest falls back")
    func layering() throws {
        var team = StringCatalog(sourceLanguage: "en")
        team.set("paywall.title", "en", "Go Pro")
        team.set("Promo", "en", "Promo")
        let sweep = CopySweep(team: team)
        var titles: [String] = []
        sweep.render(Support.small().combinations) { _, state, screen in
            if state.screen == "paywall" { titles += screen.drawn.filter { $0.key == "paywall.title" }.map(\.text) }
        }
        #expect(Set(titles) == ["Go Pro"])
        let keys = TeamCatalogKeys(team: team, origin: "team", appKeys: sweep.appKeys)
        #expect(keys.unused == ["Promo"])
        #expect(!keys.missing.contains("paywall.title") && keys.missing.contains("paywall.restore"))
        // Only English in the team's catalog: Korean screens report the missing translation.
        let findings = sweep.run(Support.small(["ko"]))
        #expect(findings.contains { $0.kind == .missingTranslation && $0.key == "paywall.title" })
    }

    @Test("a broken catalog is refused with its file and line")
    func brokenCatalog() throws {
        let dir = Support.tempDirectory("broken")
        let file = dir.appendingPathComponent("Team.xcstrings")
        try Data("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : [ ]\n}".utf8).write(to: file)
        #expect(throws: CopyQAError.self) { try CopyQAInputs(copyPath: file.path).sweep() }
        do { _ = try CopyQAInputs(copyPath: file.path).sweep() } catch {
            #expect("\(error)".contains("Team.xcstrings:3:"))
        }
    }
}
