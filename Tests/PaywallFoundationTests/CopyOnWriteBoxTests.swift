import Testing
@testable import PaywallFoundation

/// `CopyOnWriteBox` shares one box between copies and copies it only when a shared one is changed.
@Suite struct CopyOnWriteBoxTests {
    struct Fields: Hashable, Sendable {
        var name: String
        var lines: [String]
    }

    @Test func aChangedCopyLeavesTheOthers() {
        let original = CopyOnWriteBox(Fields(name: "weekly", lines: ["$9.99", "per week"]))
        var copy = original
        #expect(copy.sharesBox(with: original))
        copy.value.lines.append("renews")
        #expect(!copy.sharesBox(with: original))
        #expect(original.value.lines == ["$9.99", "per week"])
        #expect(copy.value.lines == ["$9.99", "per week", "renews"])
        #expect(copy != original)
        copy.value.lines.removeLast()
        #expect(copy == original)   // equal values in different boxes are equal
        #expect(copy.hashValue == original.hashValue)
    }

    @Test func anUnsharedBoxIsChangedInPlace() {
        var only = CopyOnWriteBox(Fields(name: "yearly", lines: []))
        let box = ObjectIdentifier(only.storage)
        only.value.name = "lifetime"
        only.value.lines = ["$99.99"]
        #expect(ObjectIdentifier(only.storage) == box)
        #expect(only.value == Fields(name: "lifetime", lines: ["$99.99"]))
    }
}
