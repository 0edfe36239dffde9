import TerminalKit
import CopyDeck
import Foundation
import PaywallCore

/// The account overlay (with its Manage Subscriptions and Redeem a Code sheets) and Xcode's
/// Transaction Manager, drawn as framed cards over the screen.
extension ScreenLayout {
    /// The account's menu, or the sheet it opened.
    func accountOverlay() -> Block {
        let boxWidth = min(width + 2, 64)
        let inner = boxWidth - 4
        let info = context.account
        let titleKey = ["menu": "account.title", "manage": "manage.title", "redeem": "redeem.title"][info.page.rawValue] ?? "account.title"
        var blocks: [Block] = [writer.line(writer.copy(titleKey, role: .title, bold: true, slot: .title), width: inner, align: .left),
                               Block(rows: [[]])]
        if info.page != .redeem { blocks += subscriptionLines(info, width: inner) }
        var hints: [String]
        switch info.page {
        case .menu:
            blocks.append(Block(rows: [[]]))
            for key in ["account.manage", "account.refund", "account.redeem"] {
                blocks.append(writer.paragraph(writer.copy(key, role: .text, slot: .body), width: inner, align: .left))
            }
            hints = ["help.close"]
        case .manage, .redeem:
            blocks.append(Block(rows: [[Piece(text: String(repeating: writer.glyphs.horizontal, count: inner), x: 0, style: TextStyle(.border))]]))
            if info.choices.isEmpty {
                blocks.append(writer.paragraph(writer.copy(info.page == .manage ? "manage.none" : "redeem.none", role: .muted, slot: .body),
                                               width: inner, align: .left))
            }
            for (index, choice) in info.choices.enumerated() {
                blocks.append(choiceRow(choice, selected: index == info.selected, width: inner))
            }
            hints = info.page == .manage
                ? (info.choices.isEmpty ? [] : ["manage.hint"]) + (info.product == nil ? [] : [info.renews ? "manage.cancel" : "manage.resubscribe"]) + ["account.back"]
                : (info.choices.isEmpty ? [] : ["redeem.hint"]) + ["account.back"]
        }
        blocks += noteLines(info.note, width: inner)
        blocks.append(Block(rows: [[]]))
        blocks.append(writer.hints(hints, width: inner))
        return Block.stack(blocks).framed(width: boxWidth, padding: 1, style: TextStyle(.accent, bold: true), fill: TextStyle(.surface))
    }

    /// The entitled product and how long it lasts, or "No subscription".
    private func subscriptionLines(_ info: AccountInfo, width: Int) -> [Block] {
        guard let product = info.product else {
            return [writer.paragraph(writer.copy("account.none", role: .muted, slot: .body), width: width, align: .left)]
        }
        var lines = [writer.paragraph(writer.data(product, role: .accent, bold: true, slot: .value), width: width, align: .left)]
        switch info.term {
        case .renews(let date)?: lines.append(writer.paragraph(writer.copy("purchased.renews", [.string(writer.date(date))], role: .text, slot: .body), width: width, align: .left))
        case .ends(let date)?: lines.append(writer.paragraph(writer.copy("purchased.until", [.string(writer.date(date))], role: .text, slot: .body), width: width, align: .left))
        case .lifetime?: lines.append(writer.paragraph(writer.copy("purchased.lifetime", role: .text, slot: .body), width: width, align: .left))
        case nil: break
        }
        return lines
    }

    /// A sheet's choice: a radio mark, its name, then its details or "Current".
    private func choiceRow(_ choice: AccountInfo.Choice, selected: Bool, width: Int) -> Block {
        let mark = selected ? writer.glyphs.radioOn : writer.glyphs.radioOff
        let markWidth = DisplayWidth.of(mark) + 1
        let nameWidth = min(24, (width - markWidth) / 2)
        let detail = choice.current ? writer.copy("manage.current", role: .success, bold: true, slot: .badge)
            : choice.starts.map { writer.copy("manage.starts", [.string(writer.date($0))], role: .accent, slot: .body) }
            ?? writer.data(choice.detail, role: .muted, slot: .value)
        var row = writer.columns([(writer.data(choice.title, role: selected ? .accent : .text, bold: selected, slot: .planName), markWidth, nameWidth, .left),
                                  (detail, markWidth + nameWidth + 1, width - markWidth - nameWidth - 1, .left)])
        row.rows[0].append(Piece(text: mark, x: 0, style: TextStyle(selected ? .accent : .muted, bold: selected)))
        return row
    }

    /// The last action's sentence, after a gap (none: nothing).
    private func noteLines(_ note: OverlayNote?, width: Int) -> [Block] {
        guard let note else { return [] }
        return [Block(rows: [[]]), writer.paragraph(writer.data(note.text, role: note.isError ? .warning : .success, slot: .notice),
                                                     width: width, align: .left, maxLines: 3)]
    }

    /// Xcode's Transaction Manager: waiting requests and the newest transactions, the selected
    /// one's actions as hints.
    func transactionManagerOverlay() -> Block {
        let boxWidth = min(width + 2, 80)
        let inner = boxWidth - 4
        let info = context.manager
        var blocks: [Block] = [writer.line(writer.copy("manager.title", role: .title, bold: true, slot: .title), width: inner, align: .left),
                               Block(rows: [[]])]
        if info.rows.isEmpty {
            blocks.append(writer.paragraph(writer.copy("manager.empty", role: .muted, slot: .body), width: inner, align: .left))
        }
        // Rows that fit: the overlay keeps its title, note and hints on the smallest screen.
        let fit = max(3, height - 12 - (info.note == nil ? 0 : 3))
        let first = min(max(0, info.selected - fit + 1), max(0, info.rows.count - fit))
        // Every line in the same form: the widest each line fits in, narrowed for the longest.
        let room = inner - DisplayWidth.of(writer.glyphs.radioOn) - 1
        let form = info.rows.map { row in Self.rowForms(row).firstIndex { DisplayWidth.of($0) <= room } ?? 2 }.max() ?? 0
        for index in info.rows.indices.dropFirst(first).prefix(fit) {
            blocks.append(managerRow(info.rows[index], form: form, selected: index == info.selected, width: inner))
        }
        let hidden = info.older + max(0, info.rows.count - first - fit)
        if hidden > 0 {
            blocks.append(writer.paragraph(writer.copy("manager.older", [.integer(hidden)], role: .muted, slot: .body), width: inner, align: .left))
        }
        blocks += noteLines(info.note, width: inner)
        blocks.append(Block(rows: [[]]))
        var hints: [String] = info.rows.isEmpty ? [] : ["manager.select"]
        switch info.rows.indices.contains(info.selected) ? info.rows[info.selected].kind : nil {
        case .askToBuy?: hints += ["manager.approve", "manager.decline"]
        case .interrupted?: hints += ["manager.resolve"]
        case .subscription?: hints += ["manager.refund", "manager.expire", "manager.renew", "manager.delete"]
        case .purchase?: hints += ["manager.refund", "manager.delete"]
        case nil: break
        }
        blocks.append(writer.hints(hints + ["help.close"], width: inner))
        return Block.stack(blocks).framed(width: boxWidth, padding: 1, style: TextStyle(.accent, bold: true), fill: TextStyle(.surface))
    }

    /// A line's texts, widest first: id, product, day and status; then without the day; then with single spaces.
    static func rowForms(_ row: TransactionManagerInfo.Row) -> [String] {
        ["\(row.id)  \(row.productID)  \(row.day)  \(row.status)", "\(row.id)  \(row.productID)  \(row.status)",
         "\(row.id) \(row.productID) \(row.status)"]
    }

    /// One request or transaction: its mark, then its text in `form` (an index of `rowForms`).
    private func managerRow(_ row: TransactionManagerInfo.Row, form: Int, selected: Bool, width: Int) -> Block {
        let mark = selected ? writer.glyphs.radioOn : writer.glyphs.radioOff
        let markWidth = DisplayWidth.of(mark) + 1
        let text = Self.rowForms(row)[form]
        var block = writer.columns([(writer.data(text, role: selected ? .accent : .text, bold: selected, slot: .value), markWidth, width - markWidth, .left)])
        block.rows[0].append(Piece(text: mark, x: 0, style: TextStyle(selected ? .accent : .muted, bold: selected)))
        return block
    }
}
