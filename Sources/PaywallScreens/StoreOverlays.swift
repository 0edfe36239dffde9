import TerminalKit
import CopyDeck
import Foundation
import PaywallCore

/// The account overlay (with its Manage Subscriptions, Redeem a Code and Country or Region sheets) and Xcode's
/// Transaction Manager, drawn as framed cards over the screen.
extension ScreenLayout {
    /// The account's menu, or the sheet it opened.
    func accountOverlay() -> Block {
        let boxWidth = min(width + 2, 64)
        let inner = boxWidth - 4
        let info = context.account
        let titleKey = ["menu": "account.title", "manage": "manage.title", "redeem": "redeem.title",
                        "storefront": "storefront.title"][info.page.rawValue] ?? "account.title"
        var blocks: [Block] = [writer.line(writer.copy(titleKey, role: .title, bold: true, slot: .title), width: inner, align: .left),
                               Block(rows: [[]])]
        if info.page == .menu || info.page == .manage { blocks += subscriptionLines(info, width: inner) }
        var hints: [String]
        switch info.page {
        case .menu:
            blocks.append(Block(rows: [[]]))
            for key in ["account.manage", "account.refund", "account.redeem", "account.storefront"] {
                blocks.append(writer.paragraph(writer.copy(key, role: .text, slot: .body), width: inner, align: .left))
            }
            hints = ["help.close"]
        case .manage, .redeem, .storefront:
            blocks.append(Block(rows: [[Piece(text: String(repeating: writer.glyphs.horizontal, count: inner), x: 0, style: TextStyle(.border))]]))
            if info.choices.isEmpty {
                blocks.append(writer.paragraph(writer.copy(info.page == .manage ? "manage.none" : "redeem.none", role: .muted, slot: .body),
                                               width: inner, align: .left))
            }
            for (index, choice) in info.choices.enumerated() {
                blocks.append(choiceRow(choice, selected: index == info.selected, width: inner,
                                        currentKey: info.page == .storefront ? "storefront.current" : "manage.current"))
            }
            switch info.page {
            case .manage:
                hints = (info.choices.isEmpty ? [] : ["manage.hint"]) + (info.product == nil ? [] : [info.renews ? "manage.cancel" : "manage.resubscribe"]) + ["account.back"]
            case .storefront: hints = ["storefront.hint", "account.back"]
            default: hints = (info.choices.isEmpty ? [] : ["redeem.hint"]) + ["account.back"]
            }
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

    /// A sheet's choice: a radio mark, its name, then its details or what marks the current one
    /// (`currentKey`: the plan the customer has, or the account's country).
    private func choiceRow(_ choice: AccountInfo.Choice, selected: Bool, width: Int, currentKey: String) -> Block {
        let mark = selected ? writer.glyphs.radioOn : writer.glyphs.radioOff
        let markWidth = DisplayWidth.of(mark) + 1
        let nameWidth = min(24, (width - markWidth) / 2)
        let detail = choice.current ? writer.copy(currentKey, role: .success, bold: true, slot: .badge)
            : choice.starts.map { writer.copy("manage.starts", [.string(writer.date($0))], role: .accent, slot: .body) }
            ?? choice.period.map { writer.copy("paywall.plan.price", [.string(choice.detail), .string(writer.unitText($0))], role: .muted, slot: .price) }
            ?? writer.data(choice.detail, role: .muted, slot: .value)
        var row = writer.columns([(writer.data(choice.title, role: selected ? .accent : .text, bold: selected, slot: .planName), markWidth, nameWidth, .left),
                                  (detail, markWidth + nameWidth + 1, width - markWidth - nameWidth - 1, .left)])
        row.rows[0].append(Piece(text: mark, x: 0, style: TextStyle(selected ? .accent : .muted, bold: selected)))
        return row
    }

    /// The last action's sentence, after a gap (none: nothing).
    private func noteLines(_ note: OverlayNote?, width: Int) -> [Block] {
        guard let note else { return [] }
        let role: StyleRole = note.isError ? .warning : .success
        let arguments = note.arguments + (note.date.map { [CopyArgument.string(writer.date($0))] } ?? [])
        let item = note.key.map { writer.copy($0, arguments, role: role, slot: .notice) } ?? writer.data(note.text, role: role, slot: .notice)
        return [Block(rows: [[]]), writer.paragraph(item, width: width, align: .left, maxLines: 3)]
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
        // Columns lined up: ids, products padded to the longest, the day where every line has room
        // for it; a status too long for its line goes on to a second one.
        let room = inner - DisplayWidth.of(writer.glyphs.radioOn) - 1
        let idWidth = info.rows.map { DisplayWidth.of($0.id) }.max() ?? 0
        let productWidth = info.rows.map { DisplayWidth.of($0.productID) }.max() ?? 0
        let withDay = info.rows.allSatisfy { idWidth + productWidth + DisplayWidth.of($0.day) + DisplayWidth.of($0.status) + 6 <= room }
        let lines = info.rows.indices.map { index -> Block in
            let row = info.rows[index]
            let text = [Self.padded(row.id, idWidth), Self.padded(row.productID, productWidth)] + (withDay ? [row.day] : []) + [row.status]
            return managerRow(text.joined(separator: "  "), selected: index == info.selected, width: inner)
        }
        // The lines that fit with the title, note and hints on the smallest screen, the selected one among them.
        let budget = max(3, height - 12 - (info.note == nil ? 0 : 3))
        func linesHeight(_ range: ClosedRange<Int>) -> Int { lines[range].reduce(0) { $0 + $1.height } }
        var hidden = info.older
        if !lines.isEmpty {
            let selected = min(max(0, info.selected), lines.count - 1)
            var start = 0
            while start < selected, linesHeight(start...selected) > budget { start += 1 }
            var end = selected
            while end + 1 < lines.count, linesHeight(start...(end + 1)) <= budget { end += 1 }
            blocks += lines[start...end]
            hidden += lines.count - 1 - end
        }
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
        case .revoked?: hints += (info.rows[info.selected].reversible ? ["manager.reverse"] : []) + ["manager.delete"]
        case nil: break
        }
        // A refund request waiting for Apple: a and d answer it as Apple, c as the team's server.
        if info.rows.indices.contains(info.selected), info.rows[info.selected].refundRequested {
            hints += ["manager.approve", "manager.decline", "manager.consumption"]
        }
        // A transaction's product can be removed from sale (App Store Connect) and put back.
        if info.rows.indices.contains(info.selected), [.subscription, .purchase, .revoked].contains(info.rows[info.selected].kind) {
            hints += [info.rows[info.selected].offSale ? "manager.onSale" : "manager.removeFromSale"]
        }
        blocks.append(writer.hints(hints + ["help.close"], width: inner))
        return Block.stack(blocks).framed(width: boxWidth, padding: 1, style: TextStyle(.accent, bold: true), fill: TextStyle(.surface))
    }

    /// `text` with spaces after it to `width` columns.
    static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
    }

    /// One request or transaction: its mark, then its columns, on at most two lines.
    private func managerRow(_ text: String, selected: Bool, width: Int) -> Block {
        let mark = selected ? writer.glyphs.radioOn : writer.glyphs.radioOff
        let markWidth = DisplayWidth.of(mark) + 1
        var block = writer.paragraph(writer.data(text, role: selected ? .accent : .text, bold: selected, slot: .value),
                                     width: width - markWidth, align: .left, maxLines: 2).shifted(by: markWidth)
        block.rows[0].append(Piece(text: mark, x: 0, style: TextStyle(selected ? .accent : .muted, bold: selected)))
        return block
    }
}
