import CopyQA
import Foundation
import Testing
import TestSupport
import TerminalKit

/// Plans shown together with one display name cannot be told apart by the customer: a warning,
/// once per paywall and locale.
@Suite("copy check: plans with the same name")
struct PlanNamesAlikeTests {
    @Test func fixture65sFivePlansNamedLeftPocketProAreOneWarning() throws {
        // Fixture 65 (LeftPocket): the paywall shows the five "Left Pocket Pro" subscriptions, all
        // named "Left Pocket Pro" in en_US; two sizes and two themes give many states, one warning.
        let file = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/storekit/65-leftpocket-8-plans-winback-v4.storekit").path
        let matrix = SweepMatrix(locales: ["en"], themes: ["dark", "light"],
                                 sizes: [TerminalSize(width: 80, height: 24), TerminalSize(width: 100, height: 30)], offers: [.A])
        let report = try CopyQAInputs(storekitPath: file, matrix: matrix).check()
        let alike = report.findings.filter { $0.kind == .planNamesAlike }
        #expect(alike.count == 1, "\(alike.map(\.message))")
        let finding = try #require(alike.first)
        #expect(finding.severity == .warning)
        #expect(finding.screen == "paywall")
        #expect(finding.text == "Left Pocket Pro")
        #expect(finding.message == "5 plans are named “Left Pocket Pro” in en (lp_7999_1y, lp_999_1m, lp_299_1w, lp_4999_1y, lp_699_1m): "
                + "the customer cannot tell them apart by name (give each its own displayName in the .storekit)", "\(finding.message)")
        // A second locale is its own warning (the names fall back to en_US there too).
        let two = try CopyQAInputs(storekitPath: file, matrix: SweepMatrix(locales: ["en", "de"], themes: ["dark"],
                                                                            sizes: [TerminalSize(width: 80, height: 24)], offers: [.A])).check()
        #expect(two.findings.filter { $0.kind == .planNamesAlike }.map(\.combination.locale) == ["en", "de"])
    }

    @Test func plansWithTheirOwnNamesAreNotFlagged() throws {
        // The shipped catalog and fixture 66 (two plans, monthly and yearly, each named) have none.
        let matrix = SweepMatrix(locales: ["en"], themes: ["dark"], sizes: [TerminalSize(width: 80, height: 24)], offers: [.A])
        let shipped = try CopyQAInputs(matrix: matrix).check()
        #expect(!shipped.findings.contains { $0.kind == .planNamesAlike })
        let file = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/storekit/66-itri-sau-hand-written-v3.storekit").path
        let itri = try CopyQAInputs(storekitPath: file, matrix: matrix).check()
        #expect(!itri.findings.contains { $0.kind == .planNamesAlike })
    }
}
