import CopyQA
import Foundation
import Testing
import TestSupport
import TerminalKit

/// A plan list is as wide as its longest name needs, where the screen has the room: a name is cut
/// only where the row truly cannot hold it (issue 36, item 3).
@Suite("Long plan names")
struct LongPlanNameTests {
    // Fixture 43 (Food Truck, Arabic): its plans are named "الموجز الاجتماعي + الباقة الشه" (30
    // characters) in ar; with the price and the badge that is more than the 56-column list holds.
    static let catalog = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/storekit/43-food-truck-ar-codeoffers-v2.storekit").path

    static func cutNames(size: TerminalSize) throws -> [String] {
        let matrix = SweepMatrix(locales: ["ar"], themes: ["dark"], sizes: [size], offers: [.A])
        var cut: [String] = []
        try CopyQAInputs(storekitPath: Self.catalog, matrix: matrix).sweep().render(matrix.combinations) { _, state, screen in
            guard state.screen == "paywall" else { return }
            cut += screen.drawn.filter { $0.slot == .planName && $0.truncated }.map { "\(state.state): \($0.text)" }
        }
        return cut
    }

    @Test func aLongNameIsWholeWhereTheScreenHasRoom() throws {
        #expect(try Self.cutNames(size: TerminalSize(width: 100, height: 30)).isEmpty)
        #expect(try Self.cutNames(size: TerminalSize(width: 80, height: 24)).isEmpty)
    }

    @Test func copyCheckStillFlagsANameThatCannotFit() throws {
        // At the minimum size the row has 56 columns for radio, name, price and badge: the name is cut, and said so.
        let matrix = SweepMatrix(locales: ["ar"], themes: ["dark"], sizes: [TerminalSize(width: 60, height: 22)], offers: [.A])
        let report = try CopyQAInputs(storekitPath: Self.catalog, matrix: matrix).check()
        let cut = try Self.cutNames(size: TerminalSize(width: 60, height: 22))
        #expect(!cut.isEmpty, "60 columns cannot hold the name with its price and badge")
        #expect(report.findings.contains { $0.kind == .truncated && $0.screen == "paywall" }, "\(report.findings.map(\.message).prefix(5))")
    }
}
