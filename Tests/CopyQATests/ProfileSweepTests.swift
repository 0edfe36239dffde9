import Foundation
import PaywallFoundation
import PaywallCore
import Testing
@testable import CopyQA

/// `copy check --profile NAME`: the profile's deck, catalog and config, plus its own screens, swept.
@Suite("Copy check of profiles")
struct ProfileSweepTests {
    static func screens(_ sweep: CopySweep, _ matrix: SweepMatrix) -> Set<String> {
        var names = Set<String>()
        sweep.render(matrix.combinations) { _, state, _ in names.insert(state.screen) }
        return names
    }

    @Test func chatSweepsItsScreensAndWarnsAboutApplePayForSubscriptions() throws {
        let matrix = Support.small(["en", "ko"], sizes: [.init(width: 80, height: 24), .init(width: 60, height: 22)])
        let inputs = CopyQAInputs(profile: "chat", matrix: matrix)
        let sweep = try inputs.sweep()
        #expect(Self.screens(sweep, matrix).isSuperset(of: ["memberStatus", "applePay", "profileMessage"]))
        let report = try inputs.check()
        let guideline = report.findings.filter { $0.kind == .guideline }
        #expect(guideline.count == 3, "one 3.1.1 warning per subscription the chat app sells")
        #expect(guideline.allSatisfy { $0.severity == .warning && $0.message.contains("3.1.1") })
        #expect(report.errorCount == 0, "\(report.findings.filter { $0.severity == .error })")
        #expect(report.teamCatalog == nil, "a built-in profile's deck is not a team catalog")
    }

    @Test(arguments: ["voip", "templates"])
    func otherProfilesSweepTheirScreensClean(name: String) throws {
        let matrix = Support.small(["en", "zh-Hans", "ko"], sizes: [.init(width: 80, height: 24), .init(width: 60, height: 22)])
        let inputs = CopyQAInputs(profile: name, matrix: matrix)
        let expected: Set<String> = name == "voip" ? ["featureGate", "usage", "interstitial", "rewardedAd"] : ["templates"]
        #expect(Self.screens(try inputs.sweep(), matrix).isSuperset(of: expected))
        let report = try inputs.check()
        #expect(report.findings.isEmpty, "\(report.findings.map { "\($0.screen) \($0.key ?? "") \($0.message)" })")
    }

    @Test func anUnknownProfileIsRefusedWithItsName() {
        #expect(throws: Diagnostic.self) { _ = try CopyQAInputs(profile: "nope", matrix: Support.small()).sweep() }
    }
}
