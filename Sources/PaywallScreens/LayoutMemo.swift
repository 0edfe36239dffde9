import CopyDeck
import Foundation
import TerminalKit

/// Copy lookups, wraps, cuts, dates and blocks already worked out for one (deck, locale, glyph set, time zone).
///
/// Every frame of a screen asks for the same copy wrapped to the same widths; the memo answers
/// those from the first frame's work, so a frame costs its drawing, not its text layout. All it
/// holds is a pure function's results (same inputs, same answer), so a reused answer is the answer.
/// Each table is emptied when it passes `limit` entries, which bounds the memory a long session or
/// a copy sweep over many sizes can hold.
final class LayoutMemo: @unchecked Sendable {
    /// Entries per table before it is emptied.
    static let limit = 4096

    private struct CopyKey: Hashable { var key: String; var args: [CopyArgument] }
    private struct WrapKey: Hashable { var text: String; var width: Int; var maxLines: Int }
    private struct Registration: Hashable { var deck: UInt64; var locale: String; var glyphs: GlyphSet; var timeZone: String }

    /// A laid-out block by what it was laid out from (the `ScreenWriter` call and its inputs).
    enum BlockKey: Hashable {
        case paragraph(TextItem, width: Int, align: TextAlignment, maxLines: Int?)
        case flow([TextItem], width: Int, separator: String?, align: TextAlignment)
        case columns([Column])
        case button(TextItem, width: Int, labelWidth: Int, fill: StyleRole)
    }

    /// One column of a `ScreenWriter.columns` row.
    struct Column: Hashable {
        var item: TextItem
        var x: Int
        var width: Int
        var align: TextAlignment
    }

    private let lock = NSLock()
    private let deck: CopyDeck
    private let locale: String
    private let ellipsis: String
    private let timeZone: TimeZone
    private var copies: [CopyKey: ResolvedCopy] = [:]
    private var wraps: [WrapKey: WrappedText] = [:]
    private var balancedWraps: [WrapKey: WrappedText?] = [:]
    private var cuts: [WrapKey: (text: String, truncated: Bool)] = [:]
    private var dates: [Date: String] = [:]
    private var blocks: [BlockKey: Block] = [:]

    private init(deck: CopyDeck, locale: String, glyphs: GlyphSet, timeZone: TimeZone) {
        self.deck = deck
        self.locale = locale
        self.ellipsis = glyphs.ellipsis
        self.timeZone = timeZone
    }

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var registry: [Registration: LayoutMemo] = [:]
    nonisolated(unsafe) fileprivate static var reuse = true

    /// The memo for this deck, locale, glyph set and time zone, made on first use.
    static func shared(deck: CopyDeck, locale: String, glyphs: GlyphSet, timeZone: TimeZone) -> LayoutMemo {
        let key = Registration(deck: deck.contentID, locale: locale, glyphs: glyphs, timeZone: timeZone.identifier)
        registryLock.lock()
        defer { registryLock.unlock() }
        guard reuse else { return LayoutMemo(deck: deck, locale: locale, glyphs: glyphs, timeZone: timeZone) }
        if let memo = registry[key] { return memo }
        if registry.count >= 64 { registry.removeAll(keepingCapacity: true) }
        let memo = LayoutMemo(deck: deck, locale: locale, glyphs: glyphs, timeZone: timeZone)
        registry[key] = memo
        return memo
    }

    /// `deck.resolve(key, locale:, args)`.
    func resolve(_ key: String, _ args: [CopyArgument]) -> ResolvedCopy {
        let memoKey = CopyKey(key: key, args: args)
        if let hit = locked({ copies[memoKey] }) { return hit }
        let made = deck.resolve(key, locale: locale, args)
        locked { store(made, at: memoKey, in: &copies) }
        return made
    }

    /// `TextLayout.wrap(text, width:, maxLines:, ellipsis:)`.
    func wrap(_ text: String, width: Int, maxLines: Int?) -> WrappedText {
        let memoKey = WrapKey(text: text, width: width, maxLines: maxLines ?? -1)
        if let hit = locked({ wraps[memoKey] }) { return hit }
        let made = TextLayout.wrap(text, width: width, maxLines: maxLines, ellipsis: ellipsis)
        locked { store(made, at: memoKey, in: &wraps) }
        return made
    }

    /// The answer of `make` for the balanced wrap of `text` in `width` columns and `lines` lines.
    func balanced(_ text: String, width: Int, lines: Int, make: () -> WrappedText?) -> WrappedText? {
        let memoKey = WrapKey(text: text, width: width, maxLines: lines)
        if let hit = locked({ balancedWraps[memoKey] }) { return hit }
        let made = make()
        locked { store(made, at: memoKey, in: &balancedWraps) }
        return made
    }

    /// `TextLayout.truncate(text, width:, ellipsis:)`.
    func truncate(_ text: String, width: Int) -> (text: String, truncated: Bool) {
        let memoKey = WrapKey(text: text, width: width, maxLines: 1)
        if let hit = locked({ cuts[memoKey] }) { return hit }
        let made = TextLayout.truncate(text, width: width, ellipsis: ellipsis)
        locked { store(made, at: memoKey, in: &cuts) }
        return made
    }

    /// The block `make` lays out for `key`.
    func block(_ key: BlockKey, make: () -> Block) -> Block {
        if let hit = locked({ blocks[key] }) { return hit }
        let made = make()
        locked { store(made, at: key, in: &blocks) }
        return made
    }

    /// The answer of `make` for `date` (a long date in this locale and time zone).
    func date(_ date: Date, make: () -> String) -> String {
        if let hit = locked({ dates[date] }) { return hit }
        let made = make()
        locked { store(made, at: date, in: &dates) }
        return made
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private func store<K: Hashable, V>(_ value: V, at key: K, in table: inout [K: V]) {
        if table.count >= Self.limit { table.removeAll(keepingCapacity: true) }
        table[key] = value
    }
}

/// Whether frames reuse earlier frames' text layout (on by default); `paywall-bench` turns it off
/// to measure the naive way, each frame laying out its copy from scratch.
public enum LayoutReuse {
    /// Turns reuse on or off for every later render (and forgets what was kept when off).
    public static func set(_ enabled: Bool) {
        LayoutMemo.setReuse(enabled)
    }
}

extension LayoutMemo {
    fileprivate static func setReuse(_ enabled: Bool) {
        registryLock.lock()
        defer { registryLock.unlock() }
        reuse = enabled
        if !enabled { registry.removeAll() }
    }
}
