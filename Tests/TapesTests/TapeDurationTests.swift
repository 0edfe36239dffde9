import Testing
@testable import Tapes

@Suite("Durations")
struct TapeDurationTests {
    @Test(arguments: [
        ("500ms", Int64(500)), ("0ms", 0), ("2s", 2_000), ("1.5s", 1_500), ("0.25s", 250), ("5m", 300_000),
        ("2h", 7_200_000), ("1d", 86_400_000), ("1.5m", 90_000), ("30d", 2_592_000_000), ("007s", 7_000),
        ("0.0004s", 0), ("0.0005s", 1),
    ])
    func parses(text: String, milliseconds: Int64) {
        #expect(TapeDuration.parse(text) == milliseconds)
    }

    @Test(arguments: ["", "5", "ms", "5x", "-1s", "1.s", ".5s", "1..5s", "1 s", "5S", "1e3ms", "１s",
                      "99999999999999999999s", "3700d", "+1s"])
    func rejects(text: String) {
        #expect(TapeDuration.parse(text) == nil)
    }

    @Test(arguments: [(Int64(0), "0ms"), (500, "500ms"), (1_500, "1500ms"), (2_000, "2s"), (120_000, "2m"),
                      (7_200_000, "2h"), (172_800_000, "2d"), (90_000, "90s")])
    func formats(milliseconds: Int64, text: String) {
        #expect(TapeDuration.format(milliseconds: milliseconds) == text)
        #expect(TapeDuration.parse(text) == milliseconds)
    }
}
