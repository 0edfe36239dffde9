import Foundation
import TerminalKit

/// Writes frames as an asciicast v2 recording (playable with `asciinema play`).
///
/// Frames appear at their presentation time (`showMilliseconds`: the tape's `Set TypingSpeed` and
/// `Set Pause`), else their virtual time. A frame with cells is written in the theme's colours
/// (SGR). The first screen frame clears the terminal and draws every row; later screen frames
/// redraw only the rows that changed (cursor to row, text, erase to end of line). Byte frames are
/// written as they are. The recording ends with the cursor on a new line below the frame, so the
/// shell's prompt does not overwrite its bottom border.
public struct AsciicastWriter: Sendable {
    public var width: Int
    public var height: Int
    /// Unix time of the recording's start (use the tape's virtual `Set Now` for stable output).
    public var timestamp: Int64
    public var term: String
    public var title: String?

    public init(width: Int, height: Int, timestamp: Int64, term: String = "xterm-256color", title: String? = nil) {
        self.width = width
        self.height = height
        self.timestamp = timestamp
        self.term = term
        self.title = title
    }

    /// The header line: `{"version": 2, "width": …, "height": …, "timestamp": …, "env": {"TERM": …}}`,
    /// with the tape's `theme` (its page's colours and xterm's 16-colour palette, as asciicast v2's
    /// `theme` holds them) when the frames were drawn in one.
    public func header(theme: Theme? = nil) -> String {
        var fields = [
            "\"version\": 2", "\"width\": \(width)", "\"height\": \(height)", "\"timestamp\": \(timestamp)",
        ]
        if let title { fields.append("\"title\": \(JSONText.quote(title))") }
        if let theme {
            let page = theme.resolve(TextStyle(.background), depth: .full256)
            let fg = XtermPalette.css(page.foreground) ?? "#e5e5e5", bg = XtermPalette.css(page.background) ?? "#101010"
            let palette = (0..<16).compactMap { XtermPalette.css($0) }.joined(separator: ":")
            fields.append("\"theme\": {\"fg\": \"\(fg)\", \"bg\": \"\(bg)\", \"palette\": \"\(palette)\"}")
        }
        fields.append("\"env\": {\"TERM\": \(JSONText.quote(term)), \"SHELL\": \"/bin/sh\"}")
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// The whole recording: the header and one `[time, "o", data]` line per frame that changes the screen,
    /// each line ending in a newline. Times never go backwards. The last screen stays up for
    /// `holdingLast` milliseconds (the tape's `Set Pause`) before the closing line.
    public func render(_ frames: [RecordedFrame], holdingLast: Int64 = 0) -> String {
        var out = header(theme: frames.lazy.compactMap(\.theme).first) + "\n"
        var previousRows: [String]?
        var lastTime: Int64 = 0
        for frame in frames {
            lastTime = max(lastTime, frame.showMilliseconds ?? frame.timeMilliseconds)
            let data: String
            switch frame.content {
            case .bytes(let bytes):
                data = String(decoding: bytes, as: UTF8.self)
                previousRows = nil
            case .screen(let text):
                let rows: [String]
                if let grid = frame.grid, let theme = frame.theme {
                    rows = fitted(SGRText.rows(of: grid, theme: theme))
                } else {
                    rows = self.rows(of: text)
                }
                data = output(from: previousRows, to: rows)
                previousRows = rows
            }
            guard !data.isEmpty else { continue }
            out += "[\(JSONText.seconds(lastTime)), \"o\", \(JSONText.quote(data))]\n"
        }
        // The cursor below the frame: the prompt after playback starts on a line of its own.
        out += "[\(JSONText.seconds(lastTime + max(0, holdingLast))), \"o\", \(JSONText.quote("\u{1B}[0m\u{1B}[\(max(1, height));1H\r\n"))]\n"
        return out
    }

    /// The terminal output that turns `old` rows (nil: unknown screen) into `new` rows.
    func output(from old: [String]?, to new: [String]) -> String {
        var data = old == nil ? "\u{1B}[H\u{1B}[2J" : ""
        for (index, row) in new.enumerated() where old == nil || old?[index] != row {
            if old == nil, row.isEmpty { continue }
            data += "\u{1B}[\(index + 1);1H" + row + "\u{1B}[K"
        }
        return data
    }

    /// Exactly `height` rows of styled text.
    func fitted(_ styled: [String]) -> [String] {
        var rows = Array(styled.prefix(max(0, height)))
        while rows.count < height { rows.append("") }
        return rows
    }

    /// Exactly `height` rows: extra lines dropped, missing ones empty, trailing spaces cut.
    func rows(of text: String) -> [String] {
        var rows = TapeParser.lines(of: text).prefix(max(0, height)).map { line -> String in
            var row = String(line)
            while row.last == " " { row.removeLast() }
            return row
        }
        while rows.count < height { rows.append("") }
        return rows
    }
}
