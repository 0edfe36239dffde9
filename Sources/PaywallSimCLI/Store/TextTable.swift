import PaywallScreens
import TerminalKit

/// A plain aligned table for the terminal: a header row, then rows, columns two spaces apart.
struct TextTable {
    var headers: [String]
    var rows: [[String]] = []

    init(_ headers: [String]) { self.headers = headers }

    mutating func add(_ row: [String]) { rows.append(row) }

    /// The table as lines; column widths follow display width (CJK takes two columns).
    func render() -> String {
        let all = [headers] + rows
        var widths = [Int](repeating: 0, count: headers.count)
        for row in all {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], DisplayWidth.of(cell))
            }
        }
        return all.map { row in
            var line = ""
            for (index, cell) in row.enumerated() where index < widths.count {
                line += cell
                if index < widths.count - 1 {
                    line += String(repeating: " ", count: widths[index] - DisplayWidth.of(cell) + 2)
                }
            }
            return String(line.reversed().drop(while: { $0 == " " }).reversed())
        }.joined(separator: "\n")
    }
}
