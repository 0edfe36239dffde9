import CopyDeck
import Foundation
import PaywallCore
import Testing
import TerminalKit
@testable import CopyQA

@Suite("Findings grouped into defects, read in runs and merged, give the report they gave one by one")
struct GroupTallyTests {
    /// The report's groups as they were made before `GroupTally`: every finding copied into its
    /// group, and each dimension, state and count taken from all of a group's findings. Kept as
    /// the reference the tally must agree with.
    struct ReferenceGroup: Equatable {
        var severity: Severity, kind: FindingKind, screen: String, screens: [String], key: String?, message: String
        var findings: [Finding]
    }

    static func referenceGroups(_ report: CheckReport) -> [ReferenceGroup] {
        var index: [CheckReport.GroupID: Int] = [:]
        var out: [ReferenceGroup] = []
        for finding in report.findings {
            let id = CheckReport.GroupID(key: finding.key, screen: finding.key == nil ? finding.screen : "", kind: finding.kind, message: finding.message)
            let at = index[id] ?? out.count
            if at == out.count {
                index[id] = at
                out.append(ReferenceGroup(severity: finding.severity, kind: finding.kind, screen: finding.screen, screens: [],
                                          key: finding.key, message: finding.message, findings: []))
            }
            if !out[at].screens.contains(finding.screen) { out[at].screens.append(finding.screen) }
            out[at].findings.append(finding)
        }
        for at in out.indices {
            out[at].screens.sort { report.screenOrder($0) < report.screenOrder($1) }
            out[at].screen = out[at].screens.first ?? out[at].screen
        }
        return out
    }

    static func referenceSummary(_ findings: [Finding]) -> String {
        func unique<T: Hashable>(_ values: [T]) -> [T] {
            var seen = Set<T>()
            return values.filter { seen.insert($0).inserted }
        }
        let c = findings.map(\.combination)
        let dims = [unique(c.map(\.locale)), unique(c.map(\.theme)), unique(c.map { "\($0.width)x\($0.height)" }),
                    unique(c.map(\.offer.rawValue))].map { $0.joined(separator: ", ") }
        let states = unique(findings.map(\.state)).filter { !$0.isEmpty }
        let shownStates = states.prefix(4).joined(separator: "; ") + (states.count > 4 ? "; … (\(states.count) states)" : "")
        return dims.joined(separator: " × ") + (states.isEmpty ? "" : " · \(shownStates)") + " (\(findings.count)×)"
    }

    /// A sweep with defects in several locales, sizes and offers, as a report in parts (one per combination).
    static let report: CheckReport = {
        let deck = Support.deck {
            $0.set("paywall.cta.trial", "en", "Start your completely free seven day trial now")
            $0.set("paywall.badge.save", "ko", "YOU SAVE AN INCREDIBLE %lld%% EVERY SINGLE YEAR")
            $0.set("paywall.title", "zh-Hans", "%@ %@")
        }
        let matrix = SweepMatrix(locales: ["en", "ko", "zh-Hans", "fr"], themes: ["dark", "mono"],
                                 sizes: [TerminalSize(width: 80, height: 24), TerminalSize(width: 60, height: 22)])
        return CopyCheck.run(CopySweep(defaults: deck), matrix: matrix)
    }()

    @Test("one run: each group has the reference's severity, screens, key, message, first text and summary")
    func oneRunMatchesReference() {
        let report = Self.report
        let reference = Self.referenceGroups(report)
        let groups = report.groups(runs: 1)
        #expect(report.findingCount > 1_000)
        #expect(groups.count == reference.count && groups.count > 20)
        for (group, expected) in zip(groups, reference) {
            #expect(group.severity == expected.severity && group.kind == expected.kind && group.key == expected.key)
            #expect(group.message == expected.message && group.screen == expected.screen && group.screens == expected.screens)
            #expect(group.text == expected.findings[0].text && group.count == expected.findings.count)
            #expect(report.summary(of: group) == Self.referenceSummary(expected.findings))
        }
    }

    @Test("read in 2, 3 and 7 runs (each of whole combinations; a group spans runs), the groups are those of one run", arguments: [2, 3, 7])
    func runsMerge(runs: Int) {
        let report = Self.report
        let one = report.groups(runs: 1)
        let split = report.groups(runs: runs, shortestRun: 1)
        #expect(report.text(groups: split) == report.text(groups: one))
        #expect(split.map(\.combinations) == one.map(\.combinations))
        #expect(split.map(\.states) == one.map(\.states))
        #expect(split.map(\.count) == one.map(\.count))
    }

    @Test("the report in parts and the same findings in one array read the same")
    func partsAndWhole() {
        let report = Self.report
        let whole = CheckReport(combinations: report.combinations, screensRendered: report.screensRendered, findings: report.findings)
        #expect(whole.text() == report.text())
        #expect(whole.findingCount == report.findingCount)
        #expect(whole.json() == report.json())
    }
}
