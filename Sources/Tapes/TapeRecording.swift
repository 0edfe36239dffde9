import Foundation
import TerminalKit

/// A tape's recorded frames in one of the formats a recording is kept in: an animated GIF, an
/// animated SVG, an asciicast or a transcript (`play --gif`/`--svg`/`--cast`/`--transcript`, a
/// tape's `Output PATH.gif|.svg|.cast|.txt`).
public enum TapeRecording: String, Sendable, CaseIterable {
    case gif, svg, cast, txt

    /// The format a file name asks for by its extension; nil for any other.
    public init?(fileName: String) {
        guard let format = Self.allCases.first(where: { fileName.hasSuffix("." + $0.rawValue) }) else { return nil }
        self = format
    }

    /// The file's bytes: `frames` of `tape` in this format (`settings` give the size and the last
    /// screen's hold, `Set Pause`).
    public func data(_ frames: [RecordedFrame], tape: Tape, settings: TapeSettings) -> Data {
        switch content(frames, tape: tape, settings: settings) {
        case .text(let text): return Data(text.utf8)
        case .bytes(let bytes): return Data(bytes)
        }
    }

    /// What an `Output` line of this format writes.
    func content(_ frames: [RecordedFrame], tape: Tape, settings: TapeSettings) -> OutputFile.Content {
        switch self {
        case .gif:
            let theme = frames.lazy.compactMap(\.theme).first ?? Theme.builtIn(Theme.defaultName) ?? Theme(name: "plain", roles: [:])
            return .bytes(AnimatedGIFWriter().render(frames, holdingLast: settings.pauseMilliseconds,
                                                     size: TerminalSize(width: settings.width, height: settings.height), theme: theme))
        case .svg:
            return .text(AnimatedSVGWriter(title: tape.name).render(frames, holdingLast: settings.pauseMilliseconds))
        case .cast:
            let start = Int64((TapeSettings.initial(for: tape).now ?? TapePlayer.defaultStart).timeIntervalSince1970)
            return .text(AsciicastWriter(width: settings.width, height: settings.height, timestamp: start, title: tape.name)
                .render(frames, holdingLast: settings.pauseMilliseconds))
        case .txt:
            return .text(TranscriptWriter(width: settings.width).render(frames))
        }
    }

    /// A text format's file (the transcript, the cast, the SVG); nil for the GIF.
    public func text(_ frames: [RecordedFrame], tape: Tape, settings: TapeSettings) -> String? {
        switch content(frames, tape: tape, settings: settings) {
        case .text(let text): return text
        case .bytes: return nil
        }
    }
}
