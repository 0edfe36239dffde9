import PaywallFoundation
import Foundation
import PaywallScreens
import TerminalKit

/// Turns the keys a person pressed into tape text that replays them (`paywall-sim run --record`).
///
/// Runs of the same non-printable key become `Key Down 3`; runs of printable characters become
/// `Type "…"` (a single one `Key q`); a gap of at least `pauseThresholdMilliseconds` becomes
/// `Sleep`, rounded to `sleepGranularityMilliseconds`. Resize events are left out.
public struct TapeRecorder: Sendable {
    /// One key press and when it happened.
    public typealias Press = KeyPress

    public var pauseThresholdMilliseconds: Int64
    public var sleepGranularityMilliseconds: Int64

    public init(pauseThresholdMilliseconds: Int64 = 500, sleepGranularityMilliseconds: Int64 = 100) {
        self.pauseThresholdMilliseconds = max(1, pauseThresholdMilliseconds)
        self.sleepGranularityMilliseconds = max(1, sleepGranularityMilliseconds)
    }

    /// The tape text: `header` lines first (e.g. `Set Size 80x24`), then the presses, newline-terminated.
    /// `startMilliseconds` is when recording began; a long wait before the first key becomes a `Sleep`.
    public func record(_ presses: [Press], header: [String] = [], startMilliseconds: Int64? = nil) -> String {
        var lines = header
        var pendingText = ""
        var pendingKey: (key: Key, count: Int)?
        var lastTime = startMilliseconds ?? presses.first?.timeMilliseconds ?? 0

        func flush() {
            if !pendingText.isEmpty {
                let run = pendingText
                if run.count == 1, let c = run.first, let line = singleKeyLine(c) {
                    lines.append(line)
                } else {
                    lines.append("Type " + TapeMatcher.quote(run))
                }
                pendingText = ""
            }
            if let (key, count) = pendingKey {
                let name = Self.keyArgument(key)
                if Self.readsBack(name, as: key) {
                    lines.append(count > 1 ? "Key \(name) \(count)" : "Key \(name)")
                } else {
                    lines.append("# key \(LineDiff.visible(key.description)) has no tape name, left out")
                }
                pendingKey = nil
            }
        }

        for press in presses where press.key != .resize {
            let gap = press.timeMilliseconds - lastTime
            lastTime = max(lastTime, press.timeMilliseconds)
            if gap >= pauseThresholdMilliseconds {
                flush()
                let rounded = (gap + sleepGranularityMilliseconds / 2) / sleepGranularityMilliseconds
                    * sleepGranularityMilliseconds
                lines.append("Sleep " + SimDuration.format(milliseconds: min(rounded, SimDuration.maximumMilliseconds)))
            }
            if let character = Self.typedCharacter(press.key) {
                if pendingKey != nil { flush() }
                pendingText.append(character)
            } else if let pending = pendingKey, pending.key == press.key, pending.count < TapeLineParser.maximumKeyCount {
                pendingKey = (pending.key, pending.count + 1)
            } else {
                flush()
                pendingKey = (press.key, 1)
            }
        }
        flush()
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The character a key types inside `Type "…"`, or nil for keys written as `Key NAME`.
    static func typedCharacter(_ key: Key) -> Character? {
        switch key {
        case .space: return " "
        case .character(let c):
            guard !c.unicodeScalars.contains(where: { $0.properties.generalCategory == .control
                || $0.properties.isWhitespace }) else { return nil }
            return c
        default: return nil
        }
    }

    /// The key's name as a `Key` argument, quoted when a bare word would not read back as the same key.
    static func keyArgument(_ key: Key) -> String {
        let name = key.description
        if case .character(let c) = key, Key(name: name) != key || c.isWhitespace || c == "#" || c == "\"" {
            return TapeMatcher.quote(name)
        }
        return name
    }

    /// Whether `Key NAME` parses back to this key.
    static func readsBack(_ name: String, as key: Key) -> Bool {
        guard case .success(let tape) = TapeParser.parse(source: "Key \(name)", file: "-"),
              case .key(let parsed, _)? = tape.commands.first else { return false }
        return parsed == key || (parsed == .space && key == .character(" "))
    }

    /// `Key q` for one character that reads well as a bare word; nil to use `Type "…"`.
    private func singleKeyLine(_ c: Character) -> String? {
        guard c != " ", c != "#", c != "\"", Key(name: String(c)) == .character(c) else { return nil }
        return "Key \(c)"
    }
}
