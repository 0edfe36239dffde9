import Foundation
import Testing
import StoreSim
@testable import Tapes

/// Issue 14: the StoreKit Testing lines of the tape language parse, refuse bad values at their
/// place, and write back for `--record`.
@Suite("Tape language: StoreKit Testing controls")
struct StoreKitTapeCommandTests {
    func parse(_ source: String) -> Result<Tape, TapeErrors> { TapeParser.parse(source: source + "\n", file: "sk.tape") }

    func commands(_ source: String) throws -> [TapeCommand] { try parse(source).get().commands }

    func firstError(_ source: String) -> String? {
        guard case .failure(let errors) = parse(source) else { return nil }
        return errors.errors.first?.description
    }

    @Test func newLinesParse() throws {
        #expect(try commands("Set Store GracePeriod 28d") == [.setStoreGracePeriod(days: 28)])
        #expect(try commands("Set Store GracePeriod off") == [.setStoreGracePeriod(days: 0)])
        #expect(try commands("Set Store Interrupted on") == [.setStoreInterrupted(true)])
        #expect(try commands("Set Store Dialogs off") == [.setStoreDialogs(false)])
        #expect(try commands("ExpectStatus premium inGracePeriod") == [.expectStatus(group: "premium", state: "inGracePeriod")])
        #expect(try commands("Store Refund yearly_59_99 appIssue") == [.store(.refund("yearly_59_99", reason: .appIssue))])
        #expect(try commands("Store AutoRenew off premium") == [.store(.autoRenew(false, "premium"))])
        #expect(try commands("Store BillingIssue off") == [.store(.billingIssue(false, nil))])
        #expect(try commands("Store Resolve") == [.store(.resolve(nil))])
        #expect(try commands("Store Delete 1000000000000001") == [.store(.delete("1000000000000001"))])
    }

    @Test func badValuesAreRefusedWhereTheyStand() {
        #expect(firstError("Set Store GracePeriod 7d")?.hasPrefix("sk.tape:1:23:") == true, "\(firstError("Set Store GracePeriod 7d") ?? "")")
        #expect(firstError("Set Store GracePeriod 7d")?.contains("3d") == true)
        #expect(firstError("ExpectStatus premium grace")?.hasPrefix("sk.tape:1:22:") == true)
        #expect(firstError("ExpectStatus premium grace")?.contains("inGracePeriod") == true)
        #expect(firstError("Set Store Dialogs maybe") != nil)
    }

    @Test func recordedRunsWriteTheSwitchesBack() {
        var settings = TapeSettings()
        for command: TapeCommand in [.setStoreGracePeriod(days: 3), .setStoreInterrupted(true), .setStoreDialogs(false)] {
            _ = settings.apply(command)
        }
        let lines = settings.setLines()
        #expect(lines.contains("Set Store GracePeriod 3d"))
        #expect(lines.contains("Set Store Interrupted on"))
        #expect(lines.contains("Set Store Dialogs off"))
    }
}
