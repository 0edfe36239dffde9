import CopyQA
import Foundation
import Testing
import TerminalKit
import TestSupport

/// The Acme Notes example profile (Scripts/profiles/example-team.*) speaks of its own app: its
/// onboarding and value preview never describe the default deck's assistant, Nova.
@Suite("The example team profile's copy")
struct ExampleProfileCopyTests {
    @Test func onboardingAndValuePreviewAreAcmeNotesOwn() throws {
        let profile = TestPaths.packageRoot.appendingPathComponent("Scripts/profiles/example-team.profile.json").path
        let matrix = SweepMatrix(locales: ["en", "zh-Hans", "ko"], themes: ["dark"], sizes: [TerminalSize(width: 80, height: 24)], offers: [.A])
        let sweep = try CopyQAInputs(profile: profile, matrix: matrix).sweep()
        let rows = CopyExport.rows(sweep, matrix: matrix).filter { ["onboarding", "valuePreview"].contains($0.screen) }
        #expect(rows.count > 20, "\(rows.count) texts on the onboarding pages and the value preview")
        let nova = rows.filter { $0.text.contains("Nova") }
        #expect(nova.isEmpty, "\(nova.map { "\($0.locale) \($0.key): \($0.text)" })")
        #expect(rows.contains { $0.locale == "en" && $0.key == "onboarding.1.body" && $0.text.hasPrefix("Acme Notes keeps your notes") })
    }
}
