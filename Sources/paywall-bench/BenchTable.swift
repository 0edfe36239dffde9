/// The printed table: one row per figure, with the naive way and the ratio where there is one.
struct BenchTable {
    struct Row {
        var name: String
        var figure: String
        var naive: String = ""
        var ratio: String = ""
    }

    private(set) var rows: [Row] = []
    /// Figures by name, in the units of their budgets (`Budget.all`), for `--check`.
    private(set) var figures: [String: Double] = [:]

    mutating func add(_ name: String, _ figure: String, naive: String = "", ratio: String = "") {
        rows.append(Row(name: name, figure: figure, naive: naive, ratio: ratio))
    }

    /// Records a figure a budget checks (a count, bytes, MiB or a ratio: never a time).
    mutating func record(_ figure: String, _ value: Double) {
        figures[figure] = value
    }

    /// `naive / fast` as `×N.N` (how many times faster the real way is).
    static func ratio(fast: Double, naive: Double) -> String {
        guard fast > 0, naive.isFinite else { return "" }
        return String(format: "×%.1f", naive / fast)
    }

    /// Markdown table text, so the output can go into the README as is.
    func render() -> String {
        var lines = ["| benchmark | figure | naive way | ratio |", "|---|---|---|---|"]
        for row in rows { lines.append("| \(row.name) | \(row.figure) | \(row.naive) | \(row.ratio) |") }
        return lines.joined(separator: "\n")
    }
}
