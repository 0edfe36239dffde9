import CopyQA
import Crypto
import Foundation
import PaywallCore
import PaywallScreens
import SimRuntime
import StoreSim
import TerminalKit

/// A piece of the benchmarks' work run alone in a process of its own, for valgrind to count:
/// `paywall-bench --workload NAME --units N` sets NAME up, does its unit N times and prints
/// nothing. Valgrind counts only the units (`counted`), and the count over the units is what one
/// costs (`InstructionCounter.perUnit`).
enum Workload: String, CaseIterable {
    /// One plan move on the paywall at 80×24: the session's clock 40 ms on, the key, render, diff.
    case key80
    /// The same at 200×60.
    case key200
    /// `AppHost.launch` on a fresh state directory and the first frame, cold layout memos.
    case startup
    /// The demo tape loaded and played headless.
    case tape
    /// The same, its frames recorded and made into the animated SVG.
    case tapeSVG = "tape-svg"
    /// The same, made into the animated GIF.
    case tapeGIF = "tape-gif"
    /// The copy sweep of the default matrix (81 combinations), cold layout memos.
    case sweep
    /// One soak operation (`StoreSoakBench.Stack.step`) on a durable ledger.
    case soak
    /// A later page of serve's notification history on the state in `--state`.
    case historyPage = "history-page"
    /// One renewal of `store advance` on the state in `--state` (a monthly subscription at a
    /// renewal every 30 s, `CatchUpBench`): the command opened as `paywall-sim store advance`
    /// opens it, then one advance of `units` × 30 s, its updates drained and the command committed.
    case advance
    /// One ES256 signature of a 1 KiB input with swift-crypto's P256, the signer `paywall-sim`
    /// links: the signing floor's unit (`SigningFloor`).
    case sign

    /// Whether its units run on several threads (the copy sweep runs on every core).
    var usesThreads: Bool { self == .sweep }

    /// The arguments that run `units` of this workload.
    func arguments(units: Int, tape: String, state: URL? = nil) -> [String] {
        ["--workload", rawValue, "--units", "\(units)", "--tape", tape] + (state.map { ["--state", $0.path] } ?? [])
    }

    /// Runs the workload when `arguments` ask for one (nil otherwise): its exit status.
    static func runIfAsked(_ arguments: [String]) -> Int32? {
        guard let index = arguments.firstIndex(of: "--workload") else { return nil }
        func value(_ flag: String) -> String? { arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil } }
        guard index + 1 < arguments.count, let workload = Workload(rawValue: arguments[index + 1]),
              let units = Int(value("--units") ?? ""), units >= 0 else {
            FileHandle.standardError.write(Data("paywall-bench: --workload expects one of \(allCases.map(\.rawValue).joined(separator: ", ")) and --units N\n".utf8))
            return 2
        }
        do {
            try workload.run(units: units, tape: value("--tape") ?? BenchOptions.defaultTape, state: value("--state").map { URL(fileURLWithPath: $0) })
            return 0
        } catch {
            FileHandle.standardError.write(Data("paywall-bench --workload \(workload.rawValue): \(error)\n".utf8))
            return 1
        }
    }

    /// The symbol of `counted`, which valgrind counts inside (`--toggle-collect`; the pattern
    /// also matches a copy the optimizer might specialize for a closure).
    static let countedSymbol = "*paywall_bench_counted*"

    /// Sets the workload up, then runs its `units` inside `counted`.
    func run(units: Int, tape: String, state: URL?) throws {
        switch self {
        case .key80: try keys(units, size: TerminalSize(width: 80, height: 24))
        case .key200: try keys(units, size: TerminalSize(width: 200, height: 60))
        case .startup:
            // Each start-up makes a state (and its keys): all of that is counted.
            try counted {
                for i in 0..<units {
                    let dir = BenchSession.freshDirectory("startup-\(i)")
                    defer { BenchSession.cleanUp(dir) }
                    guard try StartupBench.firstFrame(in: dir) > 0 else { throw BenchError("the first frame drew nothing") }
                }
            }
        case .tape, .tapeSVG, .tapeGIF:
            try counted {
                for _ in 0..<units {
                    let played = TapeBench.playOnce(path: tape, layouts: .shared, svg: self == .tapeSVG, gif: self == .tapeGIF)
                    guard played.status == "passed" else { throw BenchError("\(tape): \(played.status)") }
                }
            }
        case .sweep:
            let matrix = SweepMatrix()
            let sweep = try CopyQAInputs(matrix: matrix).sweep()
            try counted {
                for _ in 0..<units {
                    var run = sweep
                    run.layouts = LayoutMemos()
                    guard CopyCheck.run(run, matrix: matrix).screensRendered > 0 else { throw BenchError("the sweep drew no screen") }
                }
            }
        case .soak:
            let dir = BenchSession.freshDirectory("soak-count")
            defer { BenchSession.cleanUp(dir) }
            let stack = try StoreSoakBench.Stack(dir: dir, clock: ManualClock(Date(timeIntervalSince1970: 1_780_000_000)))
            try stack.start()
            try counted {
                for i in 0..<units { _ = try stack.step(i) }
                try stack.store.syncFinishes()
            }
        case .historyPage:
            guard let state else { throw BenchError("--workload history-page needs --state DIR") }
            let page = try CatchUpBench.historyPage(in: state)
            try page() // the first page, which reads every line's metadata, is set-up
            try counted { for _ in 0..<units { try page() } }
        case .advance:
            guard let state else { throw BenchError("--workload advance needs --state DIR (a subscription bought, CatchUpBench.advanceState)") }
            // As `paywall-sim store advance --state DIR --storekit CATALOG --yes` opens it (set-up).
            var request = StateWorkspace.CommandRequest()
            request.storekit = CatchUpBench.catalog
            request.confirmsLongCatchUps = true
            let command = try StateWorkspace.Command(workspace: StateWorkspace(root: state), request: request)
            let store = try command.openStore()
            let before = store.transactionCounts.all
            try counted {
                try command.advance(store, by: TimeInterval(units) * CatchUpBench.secondsPerRenewal)
                store.drainUpdates(withJWS: false) { _ in }
                _ = try command.commit()
            }
            guard store.transactionCounts.all - before == units else {
                throw BenchError("advance ran \(store.transactionCounts.all - before) renewals, not \(units)")
            }
        case .sign:
            let key = P256.Signing.PrivateKey()
            let input = SigningFloor.input
            try counted { for _ in 0..<units { _ = try key.signature(for: input) } }
        }
    }

    private func keys(_ presses: Int, size: TerminalSize) throws {
        let dir = BenchSession.freshDirectory("keys-count")
        defer { BenchSession.cleanUp(dir) }
        let controller = try BenchSession.controller(start: .paywall, directory: dir)
        var previous = controller.render(size: size).grid
        try counted {
            for i in 0..<presses { previous = KeyRenderBench.press(controller, i % 2 == 0 ? .down : .up, size: size, after: previous).grid }
        }
    }
}

/// The counted part of a workload: valgrind counts the instructions inside this function only
/// (`InstructionCounter.perUnit`), found by its fixed symbol, `Workload.countedSymbol`.
@_silgen_name("paywall_bench_counted")
@inline(never) @_optimize(none)
func counted(_ body: () throws -> Void) throws { try body() }
