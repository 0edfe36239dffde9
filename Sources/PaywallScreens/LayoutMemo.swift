import CopyDeck
import Foundation
import PaywallFoundation
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

    /// A laid-out block by what it was laid out from (the `ScreenWriter` call and its inputs).
    ///
    /// Texts are compared and hashed by their UTF-8 bytes (hashing a `String` normalizes it,
    /// which was a tenth of a copy sweep); equal bytes are equal text, so a hit is always right.
    struct BlockKey: Hashable {
        enum Kind: UInt8 { case paragraph, flow, columns, button, benefits }
        var kind: Kind
        var items: [TextItem]
        /// Widths, offsets, alignments and limits, in the call's order.
        var numbers: [Int]
        var separator: String?
        var fill: StyleRole?

        static func paragraph(_ item: TextItem, width: Int, align: TextAlignment, maxLines: Int?) -> BlockKey {
            BlockKey(kind: .paragraph, items: [item], numbers: [width, align.code, maxLines ?? -1])
        }

        static func flow(_ items: [TextItem], width: Int, separator: String?, align: TextAlignment) -> BlockKey {
            BlockKey(kind: .flow, items: items, numbers: [width, align.code], separator: separator)
        }

        static func columns(_ columns: [(item: TextItem, x: Int, width: Int, align: TextAlignment)]) -> BlockKey {
            BlockKey(kind: .columns, items: columns.map(\.item), numbers: columns.flatMap { [$0.x, $0.width, $0.align.code] })
        }

        static func button(_ item: TextItem, width: Int, labelWidth: Int, fill: StyleRole) -> BlockKey {
            BlockKey(kind: .button, items: [item], numbers: [width, labelWidth], fill: fill)
        }

        /// The benefit grid: its copy and glyphs are the memo's own (one deck, locale and glyph
        /// set), so the widths are all it varies by.
        static func benefits(width: Int, screenWidth: Int) -> BlockKey {
            BlockKey(kind: .benefits, items: [], numbers: [width, screenWidth])
        }

        static func == (a: BlockKey, b: BlockKey) -> Bool {
            guard a.kind == b.kind, a.numbers == b.numbers, a.fill == b.fill, a.items.count == b.items.count,
                  BytewiseText.same(a.separator, b.separator) else { return false }
            return zip(a.items, b.items).allSatisfy { x, y in
                BytewiseText.same(x.text, y.text) && BytewiseText.same(x.key, y.key) && x.style == y.style && x.slot == y.slot
                    && x.planID == y.planID && x.hiddenPlanIDs == y.hiddenPlanIDs && sameCopy(x.copy, y.copy)
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(numbers)
            hasher.combine(fill)
            BytewiseText.combine(separator, into: &hasher)
            for item in items {
                BytewiseText.combine(item.text, into: &hasher)
                BytewiseText.combine(item.key, into: &hasher)
                hasher.combine(item.style)
                hasher.combine(item.slot)
            }
        }

        /// Resolved copy compared as `==` does, but its text by bytes: `==` on text that is not
        /// ASCII normalizes both sides. Once the bytes match, `a` takes `b`'s text (the same
        /// storage, which `==` sees at once) and every other field is compared as before.
        private static func sameCopy(_ a: ResolvedCopy?, _ b: ResolvedCopy?) -> Bool {
            switch (a, b) {
            case (nil, nil): return true
            case (var x?, let y?):
                guard BytewiseText.same(x.text, y.text) else { return false }
                x.text = y.text
                return x == y
            default: return false
            }
        }

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
    private var dates: [Int: String] = [:]
    private var blocks: [BlockKey: Block] = [:]

    init(deck: CopyDeck, locale: String, glyphs: GlyphSet, timeZone: TimeZone) {
        self.deck = deck
        self.locale = locale
        self.ellipsis = glyphs.ellipsis
        self.timeZone = timeZone
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

    /// The answer of `make` for `date` (a long date in this locale and time zone, which names the
    /// day only): kept by the local day, so a live clock's every instant of one day reuses it.
    func date(_ date: Date, make: () -> String) -> String {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        let day = Int((local / 86_400).rounded(.down))
        if let hit = locked({ dates[day] }) { return hit }
        let made = make()
        locked { store(made, at: day, in: &dates) }
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

extension TextAlignment {
    /// A small number for a memo key.
    var code: Int {
        switch self {
        case .left: return 0
        case .center: return 1
        case .right: return 2
        }
    }
}
