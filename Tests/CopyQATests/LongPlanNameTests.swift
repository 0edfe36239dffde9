import CopyQA
import Foundation
import Testing
import TestSupport
import PaywallCore
import TerminalKit

/// A plan list is as wide as its longest name needs, where the screen has the room: a name is cut
/// only where the row truly cannot hold it (issue 36, item 3).
@Suite("Long plan names")
struct LongPlanNameTests {
    // Fixture 43 (Food Truck, Arabic): its plans are named "الموجز الاجتماعي + الباقة الشه" (30
    // characters) in ar; with the price and the badge that is more than the 56-column list holds.
    static let catalog = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/storekit/43-food-truck-ar-codeoffers-v2.storekit").path

    // Fixture 63 (calculus gacha, read in the file): "Pro Version - Learning History" (30 characters, line 59), a non-consumable.
    static let calculus = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/storekit/63-calculusgacha-long-names-ja-v3.storekit").path

    static func cutNames(size: TerminalSize, offer: OfferID = .A, catalog: String = catalog, locale: String = "ar") throws -> [String] {
        try names(size: size, offer: offer, catalog: catalog, locale: locale).filter(\.truncated).map { "\($0.state): \($0.text)" }
    }

    /// Every plan name drawn on the paywall's states: (state, text, cut, lines drawn).
    static func names(size: TerminalSize, offer: OfferID, catalog: String, locale: String) throws
        -> [(state: String, text: String, truncated: Bool, lines: [String])] {
        let matrix = SweepMatrix(locales: [locale], themes: ["dark"], sizes: [size], offers: [offer])
        var names: [(state: String, text: String, truncated: Bool, lines: [String])] = []
        try CopyQAInputs(storekitPath: catalog, matrix: matrix).sweep().render(matrix.combinations) { _, state, screen in
            guard state.screen == "paywall" else { return }
            names += screen.drawn.filter { $0.slot == .planName }.map { (state.state, $0.text, $0.truncated, $0.lines) }
        }
        return names
    }

    @Test func aLongNameOnACardWrapsOntoASecondLine() throws {
        let names = try Self.names(size: TerminalSize(width: 100, height: 30), offer: .B, catalog: Self.catalog, locale: "ar")
        #expect(!names.isEmpty && names.allSatisfy { !$0.truncated }, "\(names.filter(\.truncated).map(\.text))")
        #expect(names.contains { $0.lines.count == 2 }, "the 30-character names take two lines on a 24-column card")
        #expect(try Self.cutNames(size: TerminalSize(width: 80, height: 24), offer: .B).isEmpty)
    }

    @Test func aLongEnglishNameIsWholeInTheList() throws {
        let names = try Self.names(size: TerminalSize(width: 80, height: 24), offer: .A, catalog: Self.calculus, locale: "en")
        #expect(names.contains { $0.text == "Pro Version - Learning History" && !$0.truncated }, "\(names.map(\.text))")
        #expect(names.allSatisfy { !$0.truncated })
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
