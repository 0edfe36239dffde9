import Foundation
import PaywallFoundation
import Testing
@testable import Tapes

/// A tape without `--state` plays in a scratch directory of its own (in memory when the machine
/// has /dev/shm and TMPDIR is unset), written without fsync, and removed when the tape ends.
@Suite("A tape's own state directory")
struct TapeScratchDirectoryTests {
    @Test func aTapePlaysInAScratchDirectoryAndLeavesNothingBehind() throws {
        let source = "Set Start paywall\nKey Enter\nKey Enter\nWait /Welcome to Premium/\nExpectEntitled yes\n"
        let tape = try TapeParser.parse(source: source, file: "scratch.tape").get()
        let player = TapePlayer(tape: tape)
        let directory = player.stateDirectory
        #expect(player.workspace.durability == .throwaway, "its writes skip their fsyncs")
        #expect(directory.deletingLastPathComponent().path == ScratchDirectory.root().path)
        #expect(directory.lastPathComponent.hasPrefix("paywall-sim-tape-"))
        let result = player.play().result
        #expect(result.status == .passed, "\(result.failures)")
        #expect(!FileManager.default.fileExists(atPath: directory.path), "removed when the tape ends")
    }

    @Test func aStateDirectoryTheUserGivesIsKept() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tape-kept-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let tape = try TapeParser.parse(source: "Set Start paywall\nExpectState paywall\n", file: "kept.tape").get()
        let player = TapePlayer(tape: tape, options: TapePlayer.Options(stateDirectory: directory))
        #expect(player.workspace.durability == .durable, "a state that outlives the tape is written durably")
        let result = player.play().result
        #expect(result.status == .passed, "\(result.failures)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("store/store-ledger.json").path))
    }
}
