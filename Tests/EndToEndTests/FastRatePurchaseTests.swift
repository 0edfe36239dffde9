import Foundation
import Testing
import TestSupport

/// At the fastest time rate the first verification can answer after the 2-second period ended:
/// the app must not stay on "Subscription not active yet" once the renewal makes it premium.
@Suite("A purchase at oneRenewalEveryTwoSeconds")
struct FastRatePurchaseTests {
    @Test func theScreenRecoversWhenTheEntitlementArrives() async throws {
        let toPaywall = TestPaths.packageRoot.appendingPathComponent("Scripts/tapes/_to-paywall.tape").path
        let tape = try PaywallSimProcess.scratchFile("fast.tape", """
        Set Size 80x24
        Set Store TimeRate oneRenewalEveryTwoSeconds
        Include \(toPaywall)
        Key Enter
        ExpectState purchasing
        Key Enter
        Sleep 3s
        ExpectState purchased
        Expect "Welcome to Premium"
        ExpectNot "not active yet"

        """)
        let run = await InProcessCommandLine.run(["play", tape.path])
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
    }
}
