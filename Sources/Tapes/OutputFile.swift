import Foundation
import PaywallFoundation

/// A file an `Output` or `Screenshot` line makes: written where the line says (a plain `play`,
/// folders made), or compared with the file already there (`play --check`), never both.
struct OutputFile {
    /// What the file holds: text (written in `Golden`'s normal form, compared line by line) or bytes (GIF, PNG).
    enum Content {
        case text(String)
        case bytes([UInt8])
    }

    /// What delivering it did.
    enum Outcome: Equatable {
        case written
        case matched
        case missing
        case different(String)
        case failed(String)
    }

    let url: URL
    let content: Content

    /// Writes the file (`compare` false) or compares it with what is on disk (`compare` true).
    func deliver(compare: Bool) -> Outcome {
        compare ? self.compare() : write()
    }

    private var bytes: Data {
        switch content {
        case .text(let text): return Data(utf8: Golden.normalize(text))
        case .bytes(let bytes): return Data(bytes)
        }
    }

    private func write() -> Outcome {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: url, options: .atomic)
            return .written
        } catch {
            return .failed(FileErrorText.reason(error))
        }
    }

    private func compare() -> Outcome {
        guard let stored = FileManager.default.contents(atPath: url.path) else { return .missing }
        switch content {
        case .text(let text):
            switch Golden.compare(text, stored: String(decoding: stored, as: UTF8.self)) {
            case .matched: return .matched
            case .missing: return .missing
            case .different(let diff): return .different("(- on disk, + played):\n" + diff)
            }
        case .bytes:
            let played = bytes
            guard played != stored else { return .matched }
            let first = zip(played, stored).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(played.count, stored.count)
            return .different("(\(stored.count) bytes on disk, \(played.count) played, the first difference at byte \(first))")
        }
    }
}
