import CopyDeck
import Foundation
import PaywallCore
import PaywallScreens
import Testing
import TerminalKit
@testable import CopyQA

/// Issue 13.2: a group with many plans at every supported size keeps the call to action, Restore,
/// Terms, Privacy and the selected plan's full terms on screen; the list goes compact, then scrolls.
@Suite("Many plans: the paywall keeps what the App Store asks for")
struct ManyPlansTests {
    /// A `.storekit` file with `count` monthly-to-yearly subscriptions in one group, every third with a free week.
    static func catalog(plans count: Int) throws -> String {
        let subscriptions = (0..<count).map { index in
            let intro = index % 3 == 0 ? #""introductoryOffer" : { "numberOfPeriods" : 1, "paymentMode" : "free", "subscriptionPeriod" : "P1W" },"# : ""
            return """
            { "displayPrice" : "\(index + 1).99", \(intro) "productID" : "com.example.plan\(index)", "recurringSubscriptionPeriod" : "\(index % 2 == 0 ? "P1M" : "P1Y")",
              "referenceName" : "Plan \(index)", "groupNumber" : \(index + 1), "subscriptionGroupID" : "G1", "type" : "RecurringSubscription", "localizations" : [] }
            """
        }
        let json = """
        { "products" : [], "settings" : { "_storefront" : "USA", "_locale" : "en_US" },
          "subscriptionGroups" : [ { "id" : "G1", "name" : "Pro", "localizations" : [], "subscriptions" : [ \(subscriptions.joined(separator: ",\n")) ] } ],
          "version" : { "major" : 3, "minor" : 0 } }
        """
        let url = Support.tempDirectory("many").appendingPathComponent("Many\(count).storekit")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    @Test("every offer, size and locale: no 3.1.2 error, nothing of the paywall cut", arguments: [7, 12])
    func noStoreErrors(plans: Int) throws {
        let matrix = SweepMatrix(locales: ["en", "ko", "zh-Hans"], themes: ["dark"],
                                 sizes: [TerminalSize(width: 60, height: 22), TerminalSize(width: 80, height: 24), TerminalSize(width: 100, height: 30)],
                                 offers: [.A, .B, .C])
        let report = try CopyQAInputs(storekitPath: Self.catalog(plans: plans), matrix: matrix).check()
        let paywall = report.findings.filter { $0.screen == "paywall" && $0.state.contains("plan") }
        let storeRules: Set<FindingKind> = [.pricePeriodMissing, .trialTermsIncomplete, .restoreMissing, .legalLinksMissing, .ctaMissing]
        #expect(paywall.filter { storeRules.contains($0.kind) }.isEmpty, "\(paywall.prefix(3).map(\.message))")
        #expect(paywall.filter { $0.kind == .truncated }.isEmpty, "\(paywall.prefix(3).map(\.message))")
    }

    /// 14 plans: with one comparison unit a month (monthly and yearly plans), a selected monthly
    /// plan has no second line and 12 compact rows just fit at 60x22; 14 never do.
    @Test("14 plans at 60x22: the list scrolls to the selection, and the \"more\" lines name every plan not shown")
    func scrolls() throws {
        let sweep = try CopyQAInputs(storekitPath: Self.catalog(plans: 14)).sweep()
        let matrix = SweepMatrix(locales: ["en"], themes: ["dark"], sizes: [TerminalSize(width: 60, height: 22)], offers: [.A])
        var checked = 0
        sweep.render(matrix.combinations) { _, state, screen in
            guard state.screen == "paywall", case .paywall(let offer) = state.context.model.state, state.context.overlay == .none,
                  let selected = state.context.model.selectedPlanID else { return }
            checked += 1
            let shown = Set(screen.drawn.filter { $0.slot == .price && !$0.truncated }.compactMap(\.planID))
            let hidden = screen.drawn.filter { $0.slot == .planScroll }.flatMap(\.hiddenPlanIDs)
            #expect(shown.contains(selected), "the selected plan is in view")
            #expect(Set(hidden).isDisjoint(with: shown))
            #expect(shown.union(hidden) == Set(offer.plans.map(\.id)), "every plan is shown or counted in a \"more\" line")
            #expect(!hidden.isEmpty, "14 plans do not fit at 60x22")
            for line in screen.drawn where line.slot == .planScroll {
                #expect(line.text.contains("\(line.hiddenPlanIDs.count) more plan"), "\(line.text)")
            }
            for slot in [TextSlot.cta, .restore, .terms, .privacy] {
                #expect(screen.drawn.contains { $0.slot == slot && !$0.truncated }, "\(slot) at 60x22 with plan \(selected)")
            }
        }
        #expect(checked == 14, "one state per plan")
    }

    @Test("the default three plans still draw in full: no compact rows or scrolling where they fit")
    func defaultsUnchanged() throws {
        let sweep = try CopyQAInputs().sweep()
        let matrix = SweepMatrix(locales: ["en"], themes: ["dark"], sizes: [TerminalSize(width: 60, height: 22)], offers: [.A, .C])
        sweep.render(matrix.combinations) { _, state, screen in
            guard state.screen == "paywall" else { return }
            #expect(!screen.drawn.contains { $0.slot == .planScroll })
        }
    }
}
