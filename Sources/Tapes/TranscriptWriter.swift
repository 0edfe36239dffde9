import PaywallFoundation
import Foundation

/// Prints every frame as plain text under a header line with its virtual time and cause.
public struct TranscriptWriter: Sendable {
    /// Width of the header rule (the tape's terminal width is a good choice).
    public var width: Int

    public init(width: Int = 80) {
        self.width = width
    }

    /// `── frame 2 · 1.500s · Key Enter ───…` then the screen, for each frame; byte frames are shown
    /// with control characters escaped.
    public func render(_ frames: [RecordedFrame]) -> String {
        var out = ""
        for (index, frame) in frames.enumerated() {
            out += header(index: index + 1, frame: frame) + "\n"
            switch frame.content {
            case .screen(let text):
                out += Golden.normalize(text)
            case .bytes(let bytes):
                out += LineDiff.visible(String(decoding: bytes, as: UTF8.self)) + "\n"
            }
        }
        return out
    }

    /// The header line of one frame.
    func header(index: Int, frame: RecordedFrame) -> String {
        var label = "── frame \(index) · \(JSONText.seconds(frame.timeMilliseconds))s"
        if let cause = frame.cause { label += " · \(cause)" }
        label += " "
        let fill = max(3, width - label.count)
        return label + String(repeating: "─", count: fill)
    }
}
