import Foundation

/// A key press, named as tapes and the key map name it (`Enter`, `Up`, `Ctrl+C`, `q`).
public enum Key: Hashable, Sendable, CustomStringConvertible {
    case enter, escape, tab, backspace, space
    case up, down, left, right
    case home, end, pageUp, pageDown
    /// F1 … F12.
    case function(Int)
    /// Ctrl plus a letter, lower-case: `.control("c")` is Ctrl+C.
    case control(Character)
    /// A printable character (one grapheme), including CJK and emoji.
    case character(Character)
    /// The terminal changed size (ncurses `KEY_RESIZE`).
    case resize

    /// The names `Key NAME` accepts in tapes, without the one-character form.
    public static let namedKeys: [String: Key] = {
        var map: [String: Key] = [
            "Enter": .enter, "Esc": .escape, "Escape": .escape, "Tab": .tab, "Backspace": .backspace,
            "Space": .space, "Up": .up, "Down": .down, "Left": .left, "Right": .right,
            "Home": .home, "End": .end, "PageUp": .pageUp, "PageDown": .pageDown,
        ]
        for n in 1...12 { map["F\(n)"] = .function(n) }
        return map
    }()

    /// Parses a tape key name: a named key, `Ctrl+X`, or one character.
    public init?(name: String) {
        if let key = Key.namedKeys[name] {
            self = key
        } else if name.lowercased().hasPrefix("ctrl+"), name.count == 6, let c = name.last, c.isLetter, c.isASCII {
            self = .control(Character(c.lowercased()))
        } else if name.count == 1, let c = name.first {
            self = c == " " ? .space : .character(c)
        } else {
            return nil
        }
    }

    /// The key's tape name (`Enter`, `Ctrl+C`, `q`).
    public var description: String {
        switch self {
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backspace: return "Backspace"
        case .space: return "Space"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PageUp"
        case .pageDown: return "PageDown"
        case .function(let n): return "F\(n)"
        case .control(let c): return "Ctrl+\(c.uppercased())"
        case .character(let c): return String(c)
        case .resize: return "Resize"
        }
    }
}
