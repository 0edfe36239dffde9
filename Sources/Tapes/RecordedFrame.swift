import Foundation
import TerminalKit

/// One frame the player produced: when (virtual milliseconds since the tape started), what was
/// on screen, and the command or key that caused it.
public struct RecordedFrame: Hashable, Sendable {
    /// What a frame holds: the whole screen as text (one line per row), or raw terminal bytes.
    public enum Content: Hashable, Sendable {
        case screen(String)
        case bytes([UInt8])
    }

    public var timeMilliseconds: Int64
    public var content: Content
    /// What caused the frame, e.g. `Key Enter` or `Sleep 2s`; nil for the first frame.
    public var cause: String?
    /// When a cast or `--live` shows it (milliseconds since the start), paced by `Set TypingSpeed`
    /// and `Set Pause` instead of the virtual clock; nil: at `timeMilliseconds`.
    public var showMilliseconds: Int64?
    /// The screen's cells with their styles (for colours in casts and `--live`); nil for text only.
    public var grid: CellGrid?
    /// The theme the screen was drawn with.
    public var theme: Theme?

    public init(timeMilliseconds: Int64, content: Content, cause: String? = nil) {
        self.timeMilliseconds = timeMilliseconds
        self.content = content
        self.cause = cause
    }

    /// A frame holding a screen's text.
    public static func screen(_ text: String, at milliseconds: Int64, cause: String? = nil) -> RecordedFrame {
        RecordedFrame(timeMilliseconds: milliseconds, content: .screen(text), cause: cause)
    }
}

/// JSON string literals written by hand so output is byte-for-byte stable.
enum JSONText {
    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped; other
    /// characters kept as UTF-8.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Milliseconds as seconds with three decimals: `1500` → `1.500`.
    static func seconds(_ milliseconds: Int64) -> String {
        let ms = max(0, milliseconds)
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
