import Foundation
import Testing
import TestSupport

/// `copy check --copy FILE` sweeps the languages the team's catalog has, and reports each defect
/// of a planted German addition once; a code that is no language is refused as `run` refuses it.
@Suite("copy check: the team's own languages", .serialized)
struct TeamLanguageSweepTests {
    let narrow = ["--theme", "dark", "--size", "80x24", "--offer", "A"]
    let team = TestPaths.fixtures.appendingPathComponent("teams/Team-de.xcstrings").path

    @Test func theTeamsLanguagesAreSweptAndEachDefectIsReportedOnce() throws {
        let result = try Binary.run(["copy", "check", "--copy", team, "--format", "json"] + narrow)
        #expect(result.status == 1, "\(result.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let findings = report["findings"] as? [[String: Any]] ?? []
        let locales = Set(findings.compactMap { ($0["combination"] as? [String: Any])?["locale"] as? String })
        // en and de, the file's languages: nothing about zh-Hans or ko, which it does not have.
        #expect(report["combinations"] as? Int == 2)
        #expect(locales.isSubset(of: ["en", "de"]) && locales.contains("de"), "\(locales)")
        let lint = report["teamLint"] as? [String: Any]
        let lintFindings = lint?["findings"] as? [[String: Any]] ?? []
        #expect(lint?["languages"] as? [String] == ["de", "en"] || lint?["languages"] as? [String] == ["en", "de"])
        // The three planted defects, each once: the price read as a number and the missing plural
        // form by the lint (file and line), the long CTA on the screens.
        #expect(lintFindings.filter { $0["key"] as? String == "paywall.plan.price" }.count == 1, "\(lintFindings)")
        #expect(lintFindings.filter { $0["key"] as? String == "period.months" && $0["rule"] as? String == "pluralForms" }.count == 1)
        let screenKeys = Set(findings.filter { $0["severity"] as? String == "error" }.compactMap { $0["key"] as? String })
        #expect(screenKeys == ["paywall.cta.trial"], "\(screenKeys)")
        #expect(report["errors"] as? Int == 3, "\(report["errors"] ?? "")")
        // The readable report says the same.
        let text = try Binary.run(["copy", "check", "--copy", team] + narrow)
        #expect(text.output.hasPrefix("copy check: 2 combination(s)"), "\(text.output.prefix(200))")
        #expect(text.output.contains("\n3 error(s), 0 warning(s)"), "\(text.output)")
        #expect(!text.output.contains("zh-Hans") && !text.output.contains(" ko "), "\(text.output)")
        // Asked for one language, only that one is swept.
        let english = try Binary.run(["copy", "check", "--copy", team, "--locale", "en"] + narrow)
        #expect(english.output.hasPrefix("copy check: 1 combination(s)") && english.status == 0, "\(english.output)")
    }

    @Test(arguments: [("kr", " (did you mean 'ko'?)"), ("xx", "")])
    func aCodeThatIsNoLanguageIsRefusedAsRunRefusesIt(_ code: String, _ hint: String) throws {
        let expected = "--locale \(code): unknown language\(hint), expected one the copy deck has: en, ko, zh-Hans"
        let check = try Binary.run(["copy", "check", "--locale", code])
        #expect(check.status == 64 && check.error.contains(expected), "\(check.error)")
        let run = try Binary.run(["run", "--locale", code])
        #expect(run.status == 64 && run.error.contains(expected), "\(run.error)")
    }

    /// The HTML page's header counts defects as the command line does, for the same run.
    @Test func theHTMLHeaderCountsWhatTheCommandLineCounts() throws {
        let page = Support.tempDirectory("html-counts").appendingPathComponent("copy.html")
        let result = try Binary.run(["copy", "check", "--copy", team, "--html", page.path] + narrow)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(result.output.contains("\n3 error(s), 0 warning(s)"))
        #expect(html.contains("data-errors=\"3\" data-warnings=\"0\""), "\(html.prefix(3000))")
        #expect(html.contains("3 error(s), 0 warning(s), seen 10 time(s) across screens, states and combinations"))
    }
}
