import CopyDeck
import PaywallFoundation
import Foundation
import Testing
import TerminalKit
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
        #expect(team.shown == CopySweep().appKeys.intersection(catalog.keys).count)
        if team.shown == 0 {
            // Their keys are not the screens' keys: one line says so, and nothing about the built-in copy is reported.
            #expect(text.contains("none of its \(catalog.entries.count) key(s) is a key the screens show"))
            #expect(!text.contains("key(s) the app uses are missing"))
            #expect(report.findings.allSatisfy { $0.key == nil || catalog.entries[$0.key ?? ""] != nil }, "\(report.findings.prefix(3))")
        } else {
            #expect(text.contains("key(s) the app does not use (unused)"))
            #expect(text.contains("key(s) the app uses are missing"))
        }
        // The team's own file is linted for the languages swept (en here).
        let lint = try #require(report.teamLint)
        #expect(lint.keys == catalog.entries.count)
        #expect(lint.findings.allSatisfy { $0.language == nil || LocaleCode.language(of: $0.language ?? "") == "en" })
        // It says so when the file has more languages than the sweep, and counts only the swept ones.
        if lint.catalogLanguages.count > lint.languages.count {
            #expect(text.contains("lint of \(path) (copy lint, the swept languages only):"))
            #expect(text.contains("\(lint.languages.count) of its \(lint.catalogLanguages.count) languages linted (\(lint.languages.joined(separator: ", ")))"))
        } else {
            #expect(text.contains("lint of \(path) (copy lint):"))
        }
        #expect(lint.languages.allSatisfy { LocaleCode.language(of: $0) == "en" })
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
        #expect(throws: Diagnostic.self) { try CopyQAInputs(copyPath: file.path).sweep() }
        do { _ = try CopyQAInputs(copyPath: file.path).sweep() } catch {
            #expect("\(error)".contains("Team.xcstrings:3:"))
        }
    }

    @Test("a profile's copyKeys put the team's own keys on screen slots: their text is drawn and swept, mapped keys are used, an absent one is named")
    func copyKeys() throws {
        let dir = Support.tempDirectory("copykeys")
        let profile = dir.appendingPathComponent("team.json")
        try Data("""
        { "name": "paywallkit", "copyKeys": { "paywall.title": "paywall_title", "paywall.restore": "paywall_restore_button",
          "paywall.notNow": "no_such_key" } }
        """.utf8).write(to: profile)
        let file = Support.fixtures.appendingPathComponent("06-paywallkit-keyed-6-langs.xcstrings").path
        let inputs = CopyQAInputs(copyPath: file, profile: profile.path, matrix: Support.small(["de"]))
        let sweep = try inputs.sweep()
        var drawn: [String: Set<String>] = [:]
        sweep.render(inputs.matrix.combinations) { _, state, screen in
            guard state.screen == "paywall" else { return }
            for text in screen.drawn { if let key = text.key { drawn[key, default: []].insert(text.text) } }
        }
        #expect(drawn["paywall.title"] == ["Premium werden"], "the de text of their paywall_title")
        #expect(drawn["paywall.restore"]?.allSatisfy { $0.contains("Käufe wiederherstellen") } == true)
        let report = CopyCheck.run(sweep, matrix: inputs.matrix, origin: file)
        let team = try #require(report.teamCatalog)
        #expect(team.shown == 2)
        #expect(!team.unused.contains("paywall_title") && team.unused.contains("paywall_subtitle"))
        #expect(team.unmapped == ["no_such_key"])
        #expect(report.text().contains("copyKeys names 1 key(s) the file does not have: “no_such_key”"))
    }

    @Test("copyKeys naming a key no screen shows is refused at its line, with the closest key")
    func copyKeysUnknownScreenKey() throws {
        let dir = Support.tempDirectory("copykeys-bad")
        let profile = dir.appendingPathComponent("team.json")
        try Data("{\n  \"name\": \"x\",\n  \"copyKeys\": { \"paywall.titel\": \"title\" }\n}\n".utf8).write(to: profile)
        do {
            _ = try CopyQAInputs(profile: profile.path, matrix: Support.small()).sweep()
            Issue.record("accepted an unknown screen key")
        } catch {
            #expect("\(error)".contains("team.json:3:34: at copyKeys.paywall.titel: no screen shows the key \"paywall.titel\""), "\(error)")
            #expect("\(error)".contains("did you mean 'paywall.title'?"))
        }
    }
}

/// The sweep runs in parts on every core; its findings are those of one pass, in the same order.
@Suite("Copy sweep in parts")
struct SweepInPartsTests {
    @Test func thePartsFindWhatOnePassFindsInTheSameOrder() {
        var team = StringCatalog(sourceLanguage: "en")
        team.set("paywall.title", "en", "Go Pro, and keep going with every feature we will ever ship")
        team.set("paywall.cta.subscribe", "en", "Subscribe")
        let sweep = CopySweep(team: team)
        let combinations = SweepMatrix(locales: ["en", "ko", "zh-Hans"], themes: ["dark", "light"],
                                       sizes: [TerminalSize(width: 80, height: 24), TerminalSize(width: 60, height: 22)],
                                       offers: [.A, .B, .C]).combinations
        // One pass, as the sweep ran before it was split: render in order, check, keep first of each.
        let checker = ScreenChecker(lint: LintIndex(primary: sweep.primary, fallback: sweep.fallback), skipsFallbackCopy: !sweep.checksBuiltInCopy)
        var expected: [Finding] = []
        var seen = Set<String>()
        var screens = 0
        let dates = DateTexts()
        sweep.render(combinations) { combination, state, screen in
            screens += 1
            for finding in checker.check(screen, state: state, combination: combination, deck: sweep.deck(locale: combination.locale), dates: dates) {
                let id = "\(finding.kind)|\(finding.key ?? "")|\(finding.screen)|\(finding.state)|\(finding.combination)|\(finding.message)"
                if seen.insert(id).inserted { expected.append(finding) }
            }
        }
        let inParts = sweep.runCounting(combinations)
        #expect(inParts.screens == screens)
        #expect(!expected.isEmpty, "the team's catalog has findings to compare")
        #expect(Array(inParts.findings.prefix(expected.count)) == expected)
    }
}
