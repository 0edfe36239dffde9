import Foundation
import Testing
import TestSupport

/// At the fastest time rate the first verification can answer after the 2-second period ended:
/// the app must not stay on "Subscription not active yet" once the renewal makes it premium.
@Suite("A purchase at oneRenewalEveryTwoSeconds")
struct FastRatePurchaseTests {
    @Test func theScreenRecoversWhenTheEntitlementArrives() throws {
        let dir = PaywallSimProcess.tempStateDirectory()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let tape = dir.appendingPathComponent("fast.tape")
        let toPaywall = TestPaths.packageRoot.appendingPathComponent("Scripts/tapes/_to-paywall.tape").path
        try Data("""
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

        """.utf8).write(to: tape)
        let run = try PaywallSimProcess.run(["play", tape.path])
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
    }
}
