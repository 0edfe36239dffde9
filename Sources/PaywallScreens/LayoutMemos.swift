import CopyDeck
import Foundation
import TerminalKit

/// The layout memos a renderer draws with, one per (deck content, locale, glyph set, time zone).
///
/// Injected into `ScreenRenderer.render`: a live app and a sweep share `shared`; a benchmark passes
/// a fresh instance to start cold (as a new process does) or `LayoutMemos(reusing: false)` to
/// measure the naive way, every frame laying out its copy from scratch. All a memo holds is a pure
/// function's results, so which instance draws a frame never changes the frame.
public final class LayoutMemos: @unchecked Sendable {
    /// The process's memos: what every render uses unless it is handed others.
    public static let shared = LayoutMemos()

    /// Memos kept at most (a 40-locale sweep uses 80, a few locales at a time).
    static let registryLimit = 64

    private struct Registration: Hashable { var deck: UInt64; var locale: String; var glyphs: GlyphSet; var timeZone: String }

    /// False: every call makes a new memo, so nothing is reused between frames.
    public let reusing: Bool
    private let lock = NSLock()
    private var registry: [Registration: LayoutMemo] = [:]
    /// The registry's keys, oldest first: a full registry lets its oldest memo go.
    private var registered: [Registration] = []

    /// Empty memos; with `reusing` false none is kept.
    public init(reusing: Bool = true) {
        self.reusing = reusing
    }

    /// The memo for this deck, locale, glyph set and time zone, made on first use.
    func memo(deck: CopyDeck, locale: String, glyphs: GlyphSet, timeZone: TimeZone) -> LayoutMemo {
        guard reusing else { return LayoutMemo(deck: deck, locale: locale, glyphs: glyphs, timeZone: timeZone) }
        let key = Registration(deck: deck.contentID, locale: locale, glyphs: glyphs, timeZone: timeZone.identifier)
        lock.lock()
        defer { lock.unlock() }
        if let memo = registry[key] { return memo }
        // The oldest goes, not all: emptying the registry dropped the memos in use with the rest.
        while registry.count >= Self.registryLimit, !registered.isEmpty { registry[registered.removeFirst()] = nil }
        let memo = LayoutMemo(deck: deck, locale: locale, glyphs: glyphs, timeZone: timeZone)
        registry[key] = memo
        registered.append(key)
        return memo
    }
}
