import Foundation
import Testing

/// `run --record` writes a tape that replays the same app on the same clock: every option of the
/// run becomes a `Set` line.
@Suite("run --record keeps every setting", .serialized)
struct RecordSettingsTests {
    func record(_ options: String, waitFor text: String, then steps: (TmuxDriver) throws -> Void = { _ in }) throws -> String {
        let state = PaywallSimProcess.tempStateDirectory()
        let tape = state.appendingPathComponent("recorded.tape")
        defer { try? FileManager.default.removeItem(at: state) }
        let app = try TmuxDriver(command: "\(TmuxDriver.binary.path) --state \(state.path) \(options) --record \(tape.path)")
        try app.waitFor(text)
        try steps(app)
        try app.send("q")
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: tape.path) { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 0.1)
        let text = try String(contentsOf: tape, encoding: .utf8)
        let check = try PaywallSimProcess.run(["play", "--check", tape.path])
        #expect(check.exitCode == 0, "the recording parses: \(check.stdout)\(check.stderr)")
        return text
    }

    @Test(.enabled(if: TmuxDriver.isAvailable, "tmux is not installed (.ci/run installs it)"))
    func everyOptionOfTheRunBecomesASetLine() throws {
        let catalog = PaywallSimProcess.fixtures.appendingPathComponent("storekit/07-storehelper-sampleproducts-v2.storekit").path
        let tape = try record("--profile voip --storekit \(catalog) --now 2026-03-01T10:00:00Z --storefront KOR --locale ko "
                              + "--time-zone Asia/Seoul --offer B --start paywall --ask-to-buy --fail networkError --time-rate oneSecondIsOneDay --backend-down",
                              waitFor: "Restore")
        for line in ["Set Profile voip", "Set StoreKit \(catalog)", "Set Now 2026-03-01T10:00:00Z", "Set Storefront KOR",
                     "Set Locale ko", "Set TimeZone Asia/Seoul", "Set Offer B", "Set Start paywall", "Set Store AskToBuy on",
                     "Set Store Fail networkError", "Set Store TimeRate oneSecondIsOneDay", "Set Backend down"] {
            #expect(tape.contains(line + "\n"), "missing \(line) in:\n\(tape)")
        }
    }

    /// A window resized while recording is a `Set Size` step where it happened; the header keeps
    /// the size the run started at.
    @Test(.enabled(if: TmuxDriver.isAvailable, "tmux is not installed (.ci/run installs it)"))
    func aResizeWhileRecordingIsASetSizeStep() throws {
        let tape = try record("--now 2026-03-01T10:00:00Z", waitFor: "Step 1 of 3") { app in
            try app.send("Enter")
            _ = try app.waitFor("Step 2 of 3")
            try app.resize(width: 100, height: 30)
            _ = try app.waitFor { $0.split(separator: "\n").first.map { $0.count >= 100 } ?? false }
            try app.send("Enter")
            _ = try app.waitFor("Step 3 of 3")
        }
        let lines = tape.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("Sleep") }
        let sizes = lines.filter { $0.hasPrefix("Set Size") }
        #expect(sizes == ["Set Size 80x24", "Set Size 100x30"], "\(tape)")
        let resized = try #require(lines.firstIndex(of: "Set Size 100x30"))
        #expect(lines[resized - 1] == "Key Enter" && lines[resized + 1] == "Key Enter", "between the two Enters:\n\(tape)")
    }

    @Test(.enabled(if: TmuxDriver.isAvailable, "tmux is not installed (.ci/run installs it)"))
    func aRunWithoutNowRecordsTheInstantItStartedAt() throws {
        let before = Date().addingTimeInterval(-1)
        let tape = try record("", waitFor: "Step 1 of 3")
        let line = try #require(tape.split(separator: "\n").first { $0.hasPrefix("Set Now ") }, "no Set Now in:\n\(tape)")
        let formatter = ISO8601DateFormatter()
        let instant = try #require(formatter.date(from: String(line.dropFirst("Set Now ".count))))
        #expect(instant >= before && instant <= Date(), "the wall clock at the start of the run (no offset saved)")
    }
}
