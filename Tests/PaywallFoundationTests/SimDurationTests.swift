import Testing
@testable import PaywallFoundation

/// The one duration grammar, as tapes and `store advance` read it.
@Suite("Durations")
struct SimDurationTests {
    @Test(arguments: [
        ("500ms", Int64(500)), ("0ms", 0), ("2s", 2_000), ("1.5s", 1_500), ("0.25s", 250), ("5m", 300_000),
        ("2h", 7_200_000), ("1d", 86_400_000), ("1.5m", 90_000), ("30d", 2_592_000_000), ("007s", 7_000),
        ("0.0004s", 0), ("0.0005s", 1), ("1w", 604_800_000), ("1y", 31_536_000_000), ("1.5y", 47_304_000_000),
        ("1d12h", 129_600_000), ("1h30m15s", 5_415_000), ("3700d", 319_680_000_000), ("36500d", 3_153_600_000_000),
        ("100y", 3_153_600_000_000),
    ])
    func parses(text: String, milliseconds: Int64) {
        #expect(SimDuration.parse(text) == milliseconds)
        #expect(SimDuration.problem(text) == nil)
    }

    @Test(arguments: ["", "5", "ms", "5x", "-1s", "1.s", ".5s", "1..5s", "1 s", "5S", "1D", "1e3ms", "１s",
                      "+1s", "3 fortnights", "1d 12h", "1dh", " 1d"])
    func rejects(text: String) {
        #expect(SimDuration.parse(text) == nil)
        #expect(SimDuration.problem(text) == "expected \(SimDuration.expected)")
    }

    @Test(arguments: ["99999999999999999999s", "36501d", "100y1ms", "100000w", "101y"])
    func refusesMoreThanTheMaximum(text: String) {
        #expect(SimDuration.parse(text) == nil)
        #expect(SimDuration.problem(text) == "longer than the maximum of 100 years (36500d)")
    }

    @Test(arguments: [(Int64(0), "0ms"), (500, "500ms"), (1_500, "1500ms"), (2_000, "2s"), (120_000, "2m"),
                      (7_200_000, "2h"), (172_800_000, "2d"), (90_000, "90s"), (604_800_000, "7d")])
    func formats(milliseconds: Int64, text: String) {
        #expect(SimDuration.format(milliseconds: milliseconds) == text)
        #expect(SimDuration.parse(text) == milliseconds)
    }
}
