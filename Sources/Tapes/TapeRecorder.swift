import PaywallFoundation
import Foundation
import PaywallScreens
import TerminalKit

/// Turns the keys a person pressed into tape text that replays them (`paywall-sim run --record`).
///
/// Runs of the same non-printable key become `Key Down 3`; runs of printable characters become
/// `Type "…"` (a single one `Key q`); a gap of at least `pauseThresholdMilliseconds` becomes
/// `Sleep`, rounded to `sleepGranularityMilliseconds`. A window resize becomes a `Set Size` step (the
/// last of several in a row; one to the size already set is left out).
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
    /// `size` is the size the header sets, so a resize back to it mid-recording is still written.
    /// `expectations` (what the screen showed at the end: `ExpectState`, `Expect "…"`) close the
    /// tape, before the last press when `endsWithQuit` (the quit key leaves the screen as it was, and
    /// a check after it would fail).
    public func record(_ presses: [Press], header: [String] = [], startMilliseconds: Int64? = nil, size: TerminalSize? = nil,
                       expectations: [String] = [], endsWithQuit: Bool = false) -> String {
        var lines = header
        var currentSize = size
        /// The index of a `Set Size` line with nothing after it yet: a resize right after replaces it.
        var openSizeLine: Int?
        var sizeBeforeOpenLine: TerminalSize?
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

        let kept = presses.filter { $0.key != .resize || $0.size != nil }
        let quit = endsWithQuit && !expectations.isEmpty && kept.last.map { $0.key != .resize } == true ? kept.last : nil
        for press in quit == nil ? kept : Array(kept.dropLast()) {
            let gap = press.timeMilliseconds - lastTime
            lastTime = max(lastTime, press.timeMilliseconds)
            if gap >= pauseThresholdMilliseconds {
                flush()
                let rounded = (gap + sleepGranularityMilliseconds / 2) / sleepGranularityMilliseconds
                    * sleepGranularityMilliseconds
                lines.append("Sleep " + SimDuration.format(milliseconds: min(rounded, SimDuration.maximumMilliseconds)))
                openSizeLine = nil
            }
            if press.key == .resize, let seen = press.size {
                flush()
                let tapeSize = Self.tapeSize(seen)
                if let open = openSizeLine {
                    lines.remove(at: open)
                    openSizeLine = nil
                    currentSize = sizeBeforeOpenLine
                }
                if tapeSize != currentSize {
                    lines.append("Set Size \(tapeSize.width)x\(tapeSize.height)")
                    openSizeLine = lines.count - 1
                    sizeBeforeOpenLine = currentSize
                }
                currentSize = tapeSize
                continue
            }
            openSizeLine = nil
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
        lines += expectations
        if let quit {
            if let character = Self.typedCharacter(quit.key) { pendingText.append(character) } else { pendingKey = (quit.key, 1) }
            flush()
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// A terminal size as `Set Size` accepts it (width 20–500, height 5–200); below 60×22 the app
    /// shows the same "Enlarge the window" screen at any size.
    static func tapeSize(_ size: TerminalSize) -> TerminalSize {
        TerminalSize(width: min(max(size.width, 20), 500), height: min(max(size.height, 5), 200))
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
