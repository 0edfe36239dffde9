import TerminalKit
import CopyDeck
import Foundation

/// A text about to be laid out: copy (key + how it resolved) or data, with its style and slot.
struct TextItem: Sendable {
    var key: String?
    var copy: ResolvedCopy?
    var text: String
    var style: TextStyle
    var slot: TextSlot
    /// The plan the text belongs to, recorded with what is drawn (the 3.1.2 checks read each plan's row from it).
    var planID: String?
    /// For a scroll indicator: the plans it stands for.
    var hiddenPlanIDs: [String] = []
}

/// Turns copy keys and data into laid-out blocks for one render (deck, locale, theme).
struct ScreenWriter: Sendable {
    let deck: CopyDeck
    let locale: String
    let theme: Theme
    let timeZone: TimeZone
    /// What earlier frames already worked out for this deck, locale, glyphs and time zone.
    let memo: LayoutMemo

    init(deck: CopyDeck, locale: String, theme: Theme, timeZone: TimeZone, layouts: LayoutMemos) {
        // The screens show whole numbers as SwiftUI's Text does: grouped ("12,480 ratings").
        var deck = deck
        deck.groupsWholeNumbers = true
        self.deck = deck
        self.locale = locale
        self.theme = theme
        self.timeZone = timeZone
        memo = layouts.memo(deck: deck, locale: locale, glyphs: theme.glyphs, timeZone: timeZone)
    }

    var glyphs: GlyphSet { theme.glyphs }

    /// The copy for `key` as an item.
    func copy(_ key: String, _ args: [CopyArgument] = [], role: StyleRole = .text, bold: Bool = false, slot: TextSlot) -> TextItem {
        let resolved = memo.resolve(key, args)
        return TextItem(key: key, copy: resolved, text: resolved.text, style: TextStyle(role, bold: bold), slot: slot)
    }

    /// Data (a price, a date, an id, user text) as an item.
    func data(_ text: String, role: StyleRole = .text, bold: Bool = false, slot: TextSlot) -> TextItem {
        TextItem(key: nil, copy: nil, text: text, style: TextStyle(role, bold: bold), slot: slot)
    }

    /// The plain text of a key, for composing into another key's arguments.
    func text(_ key: String, _ args: [CopyArgument] = []) -> String {
        memo.resolve(key, args).text
    }

    /// A date as the locale writes it ("June 4, 2026", "2026年6月4日"), in the screen's time zone.
    /// Its spaces are no-break spaces, so wrapping never splits a date ("February 13, / 2026");
    /// the grid draws them as plain spaces.
    func date(_ date: Date) -> String {
        memo.date(date) {
            String(String.UnicodeScalarView(FormatterCache.shared.longDate(date, locale: locale, timeZone: timeZone).unicodeScalars.map { $0 == " " ? "\u{00A0}" : $0 }))
        }
    }

    /// A drawn-text record for `item`.
    func record(_ item: TextItem, lines: [String], x: Int, y: Int, slotWidth: Int, truncated: Bool) -> DrawnText {
        let width = lines.map(DisplayWidth.of).max() ?? 0
        // The record holds the text as drawn: no-break spaces (wrapping glue) are spaces on screen.
        let plain = { (text: String) in
            // 0xA0 is the no-break space's last UTF-8 byte: without it there is nothing to replace.
            guard text.utf8.contains(0xA0) else { return text }
            var spaced = String.UnicodeScalarView()
            for scalar in text.unicodeScalars { spaced.append(scalar == "\u{00A0}" ? " " : scalar) }
            return String(spaced)
        }
        var drawn = DrawnText(key: item.key, copy: item.copy, text: plain(item.text), lines: lines.map(plain),
                         rect: Rect(x: x, y: y, width: width, height: lines.count), role: item.style.role,
                         bold: item.style.bold, slot: item.slot, slotWidth: slotWidth, truncated: truncated)
        drawn.planID = item.planID
        drawn.hiddenPlanIDs = item.hiddenPlanIDs
        return drawn
    }

    /// `item` wrapped to `width` columns and aligned; cut with an ellipsis after `maxLines`.
    func paragraph(_ item: TextItem, width: Int, align: TextAlignment = .center, maxLines: Int? = nil) -> Block {
        memo.block(.paragraph(item, width: width, align: align, maxLines: maxLines)) {
            laidOutParagraph(item, width: width, align: align, maxLines: maxLines)
        }
    }

    private func laidOutParagraph(_ item: TextItem, width: Int, align: TextAlignment, maxLines: Int?) -> Block {
        var wrapped = memo.wrap(item.text, width: max(1, width), maxLines: maxLines)
        if align == .center, wrapped.lines.count > 1, !wrapped.truncated {
            wrapped = balanced(item.text, width: width, lines: wrapped.lines.count) ?? wrapped
        }
        var block = Block()
        var minX = width
        for line in wrapped.lines {
            let x = TextLayout.offset(of: line, in: width, alignment: align)
            minX = min(minX, x)
            block.rows.append([Piece(text: line, x: x, style: item.style)])
        }
        block.drawn = [record(item, lines: wrapped.lines, x: wrapped.lines.isEmpty ? 0 : minX, y: 0,
                              slotWidth: width, truncated: wrapped.truncated)]
        return block
    }

    /// The narrowest wrap (down to 60% of `width`) that needs no more lines: no lonely last word.
    func balanced(_ text: String, width: Int, lines: Int) -> WrappedText? {
        memo.balanced(text, width: width, lines: lines) { narrowestWrap(text, width: width, lines: lines) }
    }

    private func narrowestWrap(_ text: String, width: Int, lines: Int) -> WrappedText? {
        var low = max(1, width * 6 / 10), high = width
        var best: WrappedText?
        while low <= high {
            let mid = (low + high) / 2
            let attempt = memo.wrap(text, width: mid, maxLines: nil)
            if attempt.lines.count <= lines && !attempt.truncated {
                best = attempt
                high = mid - 1
            } else {
                low = mid + 1
            }
        }
        return best
    }

    /// One line of at most `width` columns.
    func line(_ item: TextItem, width: Int, align: TextAlignment = .center) -> Block {
        paragraph(item, width: width, align: align, maxLines: 1)
    }

    /// Items one after another separated by `separator`, on as many rows as they need.
    func flow(_ items: [TextItem], width: Int, separator: String? = nil, align: TextAlignment = .center) -> Block {
        memo.block(.flow(items, width: width, separator: separator, align: align)) {
            laidOutFlow(items, width: width, separator: separator, align: align)
        }
    }

    private func laidOutFlow(_ items: [TextItem], width: Int, separator: String?, align: TextAlignment) -> Block {
        let separator = separator ?? (glyphs.name == "ascii" ? " | " : " · ")
        let sepWidth = DisplayWidth.of(separator)
        var rowsOfItems: [[(TextItem, String, Bool)]] = [[]]
        var used = 0
        for item in items {
            let cut = memo.truncate(item.text, width: width)
            let w = DisplayWidth.of(cut.text)
            if !rowsOfItems[rowsOfItems.count - 1].isEmpty, used + sepWidth + w > width {
                rowsOfItems.append([])
                used = 0
            }
            used += (rowsOfItems[rowsOfItems.count - 1].isEmpty ? 0 : sepWidth) + w
            rowsOfItems[rowsOfItems.count - 1].append((item, cut.text, cut.truncated))
        }
        var block = Block()
        for (rowIndex, row) in rowsOfItems.enumerated() where !row.isEmpty {
            let total = row.map { DisplayWidth.of($0.1) }.reduce(0, +) + sepWidth * (row.count - 1)
            var x = align == .center ? max(0, (width - total) / 2) : (align == .right ? max(0, width - total) : 0)
            var pieces: [Piece] = []
            for (index, entry) in row.enumerated() {
                if index > 0 {
                    pieces.append(Piece(text: separator, x: x, style: TextStyle(.dim)))
                    x += sepWidth
                }
                pieces.append(Piece(text: entry.1, x: x, style: entry.0.style))
                block.drawn.append(record(entry.0, lines: [entry.1], x: x, y: rowIndex, slotWidth: width, truncated: entry.2))
                x += DisplayWidth.of(entry.1)
            }
            block.rows.append(pieces)
        }
        return block
    }

    /// Items at fixed columns of one row: each is cut to its own width.
    func columns(_ columns: [(item: TextItem, x: Int, width: Int, align: TextAlignment)]) -> Block {
        memo.block(.columns(columns)) {
            laidOutColumns(columns)
        }
    }

    private func laidOutColumns(_ columns: [(item: TextItem, x: Int, width: Int, align: TextAlignment)]) -> Block {
        var block = Block(rows: [[]])
        for column in columns {
            let cut = memo.truncate(column.item.text, width: max(0, column.width))
            let x = column.x + TextLayout.offset(of: cut.text, in: column.width, alignment: column.align)
            block.rows[0].append(Piece(text: cut.text, x: x, style: column.item.style))
            block.drawn.append(record(column.item, lines: [cut.text], x: x, y: 0, slotWidth: column.width, truncated: cut.truncated))
        }
        return block
    }

    /// A button: the label centred on a filled bar, the bar centred in `width` columns.
    func button(_ item: TextItem, width: Int, labelWidth: Int = 20, fill: StyleRole = .cta) -> Block {
        memo.block(.button(item, width: width, labelWidth: labelWidth, fill: fill)) {
            laidOutButton(item, width: width, labelWidth: labelWidth, fill: fill)
        }
    }

    private func laidOutButton(_ item: TextItem, width: Int, labelWidth: Int, fill: StyleRole) -> Block {
        let slot = min(labelWidth, max(1, width - 4))
        let cut = memo.truncate(item.text, width: slot)
        let barWidth = min(width, max(slot, DisplayWidth.of(cut.text)) + 4)
        let barX = max(0, (width - barWidth) / 2)
        let labelX = barX + TextLayout.offset(of: cut.text, in: barWidth, alignment: .center)
        var style = item.style
        style.role = fill == .cta ? .ctaText : item.style.role
        var block = Block(rows: [[Piece(text: cut.text, x: labelX, style: style)]])
        block.fills = [Fill(row: 0, x: barX, width: barWidth, style: TextStyle(fill, bold: true))]
        block.drawn = [record(item, lines: [cut.text], x: labelX, y: 0, slotWidth: slot, truncated: cut.truncated)]
        return block
    }

    /// Key hints, dimmed, separated by wide gaps.
    func hints(_ keys: [String], width: Int) -> Block {
        flow(keys.map { copy($0, role: .muted, slot: .hint) }, width: width, separator: "   ")
    }
}
