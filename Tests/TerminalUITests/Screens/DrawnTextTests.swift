import Testing
@testable import PaywallScreens
@testable import TerminalKit

/// `DrawnText` keeps its strings in a shared box: copies must still behave as values.
@Suite struct DrawnTextTests {
    static func sample() -> DrawnText {
        var text = DrawnText(key: "paywall.cta", copy: nil, text: "Start free trial", lines: ["Start free trial"],
                             rect: Rect(x: 3, y: 17, width: 16, height: 1), role: .accent, bold: true,
                             slot: .cta, slotWidth: 20, truncated: false)
        text.planID = "yearly"
        return text
    }

    @Test func changingACopyLeavesTheOriginal() {
        let original = Self.sample()
        var changed = original
        changed.lines = ["Start free…"]
        changed.text = "Start"
        changed.key = nil
        changed.planID = "weekly"
        changed.hiddenPlanIDs = ["lifetime"]
        changed.rect.x += 1
        #expect(original.lines == ["Start free trial"])
        #expect(original.text == "Start free trial")
        #expect(original.key == "paywall.cta")
        #expect(original.planID == "yearly")
        #expect(original.hiddenPlanIDs.isEmpty)
        #expect(original.rect.x == 3)
        #expect(changed.lines == ["Start free…"] && changed.text == "Start" && changed.key == nil)
        #expect(changed.planID == "weekly" && changed.hiddenPlanIDs == ["lifetime"] && changed.rect.x == 4)
    }

    @Test func equalityComparesContentNotSharing() {
        let one = Self.sample()
        let two = Self.sample()   // a separate box with the same content
        #expect(one == two)
        var other = two
        #expect(other == one)
        other.hiddenPlanIDs = ["weekly"]
        #expect(other != one)
        other.hiddenPlanIDs = []
        #expect(other == one)
        other.truncated = true
        #expect(other != one)
        var retitled = one
        retitled.planID = nil
        #expect(retitled != one)
    }
}
