// paywall-bench: prints a table of timing figures. Never asserts a time.
//
//   swift build -c release --product paywall-bench && .build/release/paywall-bench
//   options: --check (compare with the budgets in Budgets.swift; exit 1 when one is missed), --quick (small counts), --presses N, --idle-presses N, --soak N, --naive-soak N, --per-ledger N, --tape PATH, --sweeps N, --rounds N, --long (the catch-up on to 100k transactions), --only catchup,counts,startup,keys,idle,tape,sweep,sweep40,process,soak
//   State directories go under $TMPDIR (TMPDIR=/dev/shm takes the disk's fsync cost out).
import Foundation
import PaywallFoundation
import PaywallScreens
import TerminalKit

struct BenchOptions {
    var presses = 2000
    /// Presses of the idle-key row, each after 40 ms of real sleep (200 take 8 s).
    var idlePresses = 200
    var startups = 50
    var tapeRuns = 20
    var sweeps = 5
    var soak = 10_000
    var naiveSoak = 500
    /// Days of the catch-up jump at a renewal every 30 s (7: 20,160 renewals).
    var catchUpDays = 7
    /// `--long`: the catch-up goes on to 100,000 transactions (about 75 s more), a last row each.
    var catchUpLong = false
    /// Operations per state directory in the soak (default: all 10,000 on one ledger).
    var perLedger = 10_000
    /// The demo tape the tape and process rows play.
    static let defaultTape = "Scripts/tapes/happy-path-yearly.tape"
    var tape = BenchOptions.defaultTape
    /// Rounds of whole `paywall-sim` processes (`--version`, `play`, `copy check`).
    var processRounds = 30
    /// Benchmarks to run (all when empty): catchup, counts, startup, keys, idle, tape, sweep, sweep40, process, soak.
    var only: Set<String> = []
    /// Compare the figures with the budgets (`Budget.all`) and exit 1 when one is missed.
    var check = false

    init(arguments: [String]) {
        var it = arguments.dropFirst().makeIterator()
        while let arg = it.next() {
            switch arg {
            case "--quick": presses = 200; idlePresses = 50; startups = 10; tapeRuns = 5; sweeps = 1; soak = 1_000; naiveSoak = 100; perLedger = 1_000; processRounds = 10; catchUpDays = 4
            case "--presses": presses = Int(it.next() ?? "") ?? presses
            case "--idle-presses": idlePresses = max(1, Int(it.next() ?? "") ?? idlePresses)
            case "--soak": soak = Int(it.next() ?? "") ?? soak
            case "--naive-soak": naiveSoak = Int(it.next() ?? "") ?? naiveSoak
            case "--per-ledger": perLedger = max(1, Int(it.next() ?? "") ?? perLedger)
            case "--tape": tape = it.next() ?? tape
            case "--rounds": processRounds = max(1, Int(it.next() ?? "") ?? processRounds)
            case "--sweeps": sweeps = max(1, Int(it.next() ?? "") ?? sweeps)
            case "--only": only.formUnion((it.next() ?? "").split(separator: ",").map(String.init))
            case "--check": check = true
            case "--long": catchUpLong = true
            default:
                FileHandle.standardError.write(Data("paywall-bench: unknown option \(arg); expected --check, --quick, --presses N, --idle-presses N, --soak N, --naive-soak N, --per-ledger N, --tape PATH, --sweeps N, --rounds N, --long, --only catchup,counts,startup,keys,idle,tape,sweep,sweep40,process,soak\n".utf8))
                exit(2)
            }
        }
    }
}

HeapTuning.apply()   // as paywall-sim does
// A piece of work alone, for valgrind to count (`CountBench`): no table.
if let status = Workload.runIfAsked(CommandLine.arguments) { exit(status) }
let options = BenchOptions(arguments: CommandLine.arguments)
#if DEBUG
let build = "debug build: figures are slow, use -c release"
#else
let build = "release build"
#endif
print("# paywall-bench (\(build)), \(ProcessInfo.processInfo.activeProcessorCount) cores")
print("$ " + CommandLine.arguments.joined(separator: " "))
print("")

var table = BenchTable()
var failed: String?
do {
    func wanted(_ name: String) -> Bool { options.only.isEmpty || options.only.contains(name) }
    // The instruction counts need valgrind; without it they are not made, and `--check` fails.
    let counter: InstructionCounter?
    switch InstructionCounter.make() {
    case let .success(made): counter = made
    case let .failure(unavailable):
        counter = nil
        if wanted("catchup") || wanted("counts") { table.add("instruction counts", "\(unavailable)"); failed = "\(unavailable)" }
    }
    // First: its peak-memory row is the process's peak so far.
    if wanted("catchup") { try CatchUpBench(days: options.catchUpDays, longest: options.catchUpLong ? 100_000 : nil, counter: counter).run(into: &table) }
    if wanted("counts"), let counter { try CountBench(counter: counter, tape: options.tape).run(into: &table) }
    if wanted("startup") { try StartupBench(runs: options.startups).run(into: &table) }
    if wanted("keys") {
        for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 200, height: 60)] {
            try KeyRenderBench(presses: options.presses).run(size: size, into: &table)
        }
    }
    if wanted("idle") { try IdleKeyBench(presses: options.idlePresses).run(size: TerminalSize(width: 80, height: 24), into: &table) }
    if wanted("tape") { TapeBench(path: options.tape, runs: options.tapeRuns).run(into: &table) }
    // The soak before the sweeps: its peak-memory row is the process's peak so far (`ru_maxrss`
    // cannot be started over), and the 40-locale sweep's peak is several times the soak's.
    if wanted("soak") { try StoreSoakBench(operations: options.soak, naiveOperations: options.naiveSoak).run(into: &table, perLedger: options.perLedger) }
    if wanted("sweep") { try SweepBench(runs: options.sweeps).run(into: &table) }
    if wanted("sweep40") { try SweepBench(runs: max(1, options.sweeps / 2)).runFortyLocales(into: &table) }
    if wanted("process") {
        ProcessBench(tape: options.tape, rounds: options.processRounds, fortyLocaleRounds: max(3, options.sweeps)).run(into: &table)
        ReleaseBinaryBench(tape: options.tape, rounds: options.processRounds).run(into: &table)
    }
} catch {
    table.add("error", "\(error)")
    failed = "\(error)"
}
table.add("peak memory (ru_maxrss)", String(format: "%.1f MiB", Timing.peakMemoryMiB()))
table.record("peakMemory", Timing.peakMemoryMiB())
print(table.render())
if options.check {
    let (budgets, passed) = Budget.check(table.figures)
    print("")
    print("Budgets (Sources/paywall-bench/Budgets.swift):")
    print("")
    print(budgets)
    print("")
    if let failed {
        print("paywall-bench --check: a benchmark failed: \(failed)")
        exit(1)
    }
    print(passed ? "paywall-bench --check: every budget measured was kept" : "paywall-bench --check: a budget was missed")
    exit(passed ? 0 : 1)
}
