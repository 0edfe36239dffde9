import CopyQA
import Foundation
import Testing
import TestSupport
import TerminalKit

/// A plan whose `.storekit` display name is empty is a 3.1.2 finding: the customer sees no title.
@Suite("copy check: a plan with no name")
struct EmptyPlanNameTests {
    @Test func aRealCatalogWithAnEmptyDisplayNameIsFlagged() throws {
        // Fixture 18 (CulinaChef): its one subscription's en_US displayName is "" (line 60).
        let file = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/storekit/18-culinachef-deu-de-v4.storekit").path
        let matrix = SweepMatrix(locales: ["en"], themes: ["dark"], sizes: [TerminalSize(width: 80, height: 24)], offers: [.A])
        let report = try CopyQAInputs(storekitPath: file, matrix: matrix).check()
        let missing = report.findings.filter { $0.kind == .planNameMissing }
        #expect(!missing.isEmpty)
        #expect(missing.allSatisfy { $0.severity == .error && $0.message.contains("com.moritzserrin.culinachef.unlimited.subscription has no name in en") },
                "\(missing.map(\.message))")
        // Fixture 44 (hocalingo): two subscriptions with no localizations at all are shown with
        // an empty name as StoreKit gives it, never their reference names, and flagged the same way.
        let unnamed = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/storekit/44-hocalingo-no-localizations-v4.storekit").path
        let noLocalizations = try CopyQAInputs(storekitPath: unnamed, matrix: matrix).check()
        let flagged = Set(noLocalizations.findings.filter { $0.kind == .planNameMissing }.map(\.message))
        #expect(flagged == ["3.1.2: hocalingo_premium_weekly has no name in en: its .storekit displayName is empty, so the customer sees no title for what they buy",
                            "3.1.2: hocalingo_premium_yearly has no name in en: its .storekit displayName is empty, so the customer sees no title for what they buy"],
                "\(flagged)")
        #expect(!noLocalizations.findings.contains { $0.text.contains("Weekly Premium") || $0.text.contains("Yearly Premium") })
        // The shipped catalog names every plan.
        let shipped = try CopyQAInputs(matrix: matrix).check()
        #expect(!shipped.findings.contains { $0.kind == .planNameMissing })
    }
}
