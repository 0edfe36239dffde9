import CopyDeck
import Foundation
import PaywallCore
import Testing
@testable import CopyQA

@Suite("Exports, screen files and deck diffs")
struct ExportTests {
    let matrix = SweepMatrix(locales: ["en", "ko"], themes: ["dark"], sizes: [.init(width: 80, height: 24)], offers: [.A])

    @Test("rows list every string per screen and locale")
    func rows() {
        let rows = CopyExport.rows(CopySweep(), matrix: matrix)
        #expect(rows.contains { $0.screen == "paywall" && $0.locale == "en" && $0.key == "paywall.cta.trial" && $0.text == "Start free trial" })
        #expect(rows.contains { $0.screen == "paywall" && $0.locale == "ko" && $0.key == "paywall.cta.trial" && $0.text == "무료 체험 시작" })
        #expect(rows.contains { $0.screen == "error" && $0.state == "error.purchaseFailed" && $0.text.contains("networkError") })
        #expect(rows.contains { $0.screen == "onboarding" && $0.key == "onboarding.3.title" })
        #expect(Set(rows.map(\.locale)) == ["en", "ko"])
        #expect(Set(rows).count == rows.count)
    }

    @Test("csv: header, one line per row, quoting")
    func csv() throws {
        let rows = CopyExport.rows(CopySweep(), matrix: matrix)
        let csv = CopyExport.csv(rows)
        let lines = csv.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "screen,state,locale,key,text")
        #expect(lines.count == rows.count + 2)
        #expect(csv.contains("paywall,A list · plan yearly_59_99,en,paywall.cta.trial,Start free trial\n"))
        #expect(CopyExport.csv([.init(screen: "s", state: "", locale: "en", key: "k", text: "a, \"b\"")]).hasSuffix("s,,en,k,\"a, \"\"b\"\"\"\n"))
    }

    @Test("md: by screen, a table per state with a column per locale")
    func markdown() {
        let md = CopyExport.markdown(CopyExport.rows(CopySweep(), matrix: matrix))
        #expect(md.contains("## paywall"))
        #expect(md.contains("| key | en | ko |"))
        #expect(md.contains("| `paywall.cta.trial` | Start free trial | 무료 체험 시작 |"))
        let onboarding = md.range(of: "## onboarding")?.lowerBound
        let paywall = md.range(of: "## paywall")?.lowerBound
        #expect(onboarding != nil && paywall != nil && onboarding! < paywall!)
    }

    @Test("xcstrings: the keys on screen as a catalog that loads again")
    func xcstrings() throws {
        let sweep = CopySweep()
        let text = CopyExport.render(CopyExport.rows(sweep, matrix: matrix), format: .xcstrings, sweep: sweep)
        let catalog = try StringCatalog.decode(Data(text.utf8), origin: "export")
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog["paywall.cta.trial"]?.localizations.keys.sorted() == ["en", "ko"])
        #expect(catalog["period.year"] == nil)
        #expect(catalog.keys.count > 50)
    }

    @Test("screens: one file per screen and combination")
    func screenFiles() {
        let files = ScreenFiles.files(CopySweep(), matrix: matrix)
        let paths = Set(files.map(\.path))
        #expect(paths.contains("paywall/en-dark-A-80x24.txt"))
        #expect(paths.contains("onboarding/ko-dark-A-80x24.txt"))
        let paywall = files.first { $0.path == "paywall/en-dark-A-80x24.txt" }?.text ?? ""
        #expect(paywall.contains("── paywall · A list · plan yearly_59_99 ──"))
        #expect(paywall.contains("Start free trial"))
    }

    @Test("diff: a changed key shows on the screens that draw it, and only there")
    func diff() {
        var new = Support.shipped
        new.set("paywall.restore", "en", "Restore my purchases")
        let diff = DeckDiff(old: Support.shipped, new: new)
        #expect(diff.changedKeys == ["paywall.restore"])
        #expect(Set(diff.changedScreens).isSuperset(of: ["paywall", "sheet"]))
        #expect(Set(diff.changedScreens).isSubset(of: ["paywall", "sheet", "help"]))
        #expect(diff.changes.allSatisfy { $0.locale == "en" })
        #expect(diff.changes.contains { $0.lines.contains { $0.hasPrefix("+ ") && $0.contains("Restore my purchases") } })
        #expect(diff.changes.contains { $0.lines.contains { $0.hasPrefix("- ") && $0.contains("Restore Purchases") } })
        let text = diff.text()
        #expect(text.contains("== paywall"))
        #expect(!text.contains("== onboarding"))
        #expect(DeckDiff(old: Support.shipped, new: Support.shipped).text().contains("no screen changes"))
    }
}
