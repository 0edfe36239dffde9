import Foundation

/// A tape's recorded frames in one of the formats a recording is kept in: an animated SVG, an
/// asciicast or a transcript (`play --svg`/`--cast`/`--transcript`, a tape's `Output PATH.svg|.cast|.txt`).
public enum TapeRecording: String, Sendable, CaseIterable {
    case svg, cast, txt

    /// The format a file name asks for by its extension; nil for any other.
    public init?(fileName: String) {
        guard let format = Self.allCases.first(where: { fileName.hasSuffix("." + $0.rawValue) }) else { return nil }
        self = format
    }

    /// What an `Output` line of this format writes.
    func content(_ frames: [RecordedFrame], tape: Tape, settings: TapeSettings) -> OutputFile.Content {
        .text(text(frames, tape: tape, settings: settings))
    }

    /// `frames` of `tape`, in this format: `settings` give the size and the last screen's hold (`Set Pause`).
    public func text(_ frames: [RecordedFrame], tape: Tape, settings: TapeSettings) -> String {
        switch self {
        case .svg:
            return AnimatedSVGWriter(title: tape.name).render(frames, holdingLast: settings.pauseMilliseconds)
        case .cast:
            let start = Int64((TapeSettings.initial(for: tape).now ?? TapePlayer.defaultStart).timeIntervalSince1970)
            return AsciicastWriter(width: settings.width, height: settings.height, timestamp: start, title: tape.name)
                .render(frames, holdingLast: settings.pauseMilliseconds)
        case .txt:
            return TranscriptWriter(width: settings.width).render(frames)
        }
    }
}
