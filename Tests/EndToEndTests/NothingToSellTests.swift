import Foundation
import Testing
import TestSupport

/// A catalog with nothing a paywall can sell is no failure: the screen says so, offers no retry.
@Suite("Nothing to sell")
struct NothingToSellTests {
    @Test func aConsumablesOnlyCatalogSaysSoWithoutARetry() async throws {
        let tape = try PaywallSimProcess.scratchFile("nothing.tape", """
        Set Size 80x24
        Sleep 2s
        ExpectState error
        Expect "Nothing to sell"
        Expect "it has 9 consumables"
        ExpectNot "Something went wrong"
        ExpectNot "Try again"
        ExpectNot "Esc Back"
        Expect "? Help"

        """)
        // Fixture 46 (JoPlate): nine consumables and nothing else.
        let catalog = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/storekit/46-joplate-9-consumables-v4.storekit").path
        let run = await InProcessCommandLine.run(["play", tape.path, "--storekit", catalog])
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
    }
}
