import TerminalKit
import CopyDeck
import Foundation
import PaywallCore

/// The app's main screen: header with the allowance, transcript, notice, input line, hints.
extension ScreenLayout {
    /// Draws the chat filling `rect`: the transcript takes the rows the rest leaves.
    func drawChat(in rect: Rect, canvas: inout Canvas) {
        let quota: TextItem
        if let left = model.messagesLeft(in: context.flowContext) {
            quota = writer.copy("chat.quota", [.integer(left), .integer(model.config.dailyMessageLimit)],
                                role: left == 0 ? .warning : .muted, slot: .value)
        } else {
            quota = writer.copy("chat.quota.premium", role: .success, bold: true, slot: .value)
        }
        let titleItem = writer.copy("chat.title", role: .title, bold: true, slot: .title)
        let titleWidth = min(DisplayWidth.of(titleItem.text), width / 3)
        var header = writer.columns([(titleItem, 0, titleWidth, .left), (quota, titleWidth + 2, width - titleWidth - 2, .right)])
        header.append(Block(rows: [[Piece(text: String(repeating: writer.glyphs.horizontal, count: width), x: 0, style: TextStyle(.border))]]))

        var bottom = Block(rows: [[]])
        if let notice = notice() { bottom.append(notice) }
        bottom.append(inputBox())
        let footer = hints([chatHintKey])

        canvas.draw(header, x: rect.x, y: rect.y)
        let transcriptTop = rect.y + header.height
        let transcriptBottom = rect.y + rect.height - footer.height - bottom.height
        canvas.draw(transcript(rows: max(0, transcriptBottom - transcriptTop)), x: rect.x, y: transcriptTop, bottom: transcriptBottom)
        canvas.draw(bottom, x: rect.x, y: transcriptBottom)
        canvas.draw(footer, x: rect.x, y: rect.y + rect.height - footer.height)
    }

    /// The chat's hint line: Tab opens the paywall for a free user, the plan change for a
    /// subscriber, and nothing for a premium user with no subscription (a lifetime unlock).
    var chatHintKey: String {
        guard model.entitlement.isPremium else { return "chat.hint" }
        return model.currentSubscriptionPlan != nil ? "chat.hint.changePlan" : "chat.hint.premium"
    }

    /// The newest messages that fit in `rows`, bottom-aligned (older ones scroll away, not truncated).
    func transcript(rows: Int) -> Block {
        let you = writer.copy("chat.you", role: .muted, bold: true, slot: .label)
        let nova = writer.copy("chat.assistant", role: .accent, bold: true, slot: .label)
        let labelWidth = max(DisplayWidth.of(you.text), DisplayWidth.of(nova.text))
        let textWidth = max(1, width - labelWidth - 2)
        var messages: [Block] = []
        let all = [ChatMessage(author: .assistant, text: "chat.welcome")] + model.transcript
        for message in all.reversed() {
            let label = message.author == .user ? you : nova
            let body: TextItem = message.author == .user
                ? writer.data(message.text, role: .text, slot: .chatLine)
                : writer.copy(message.text, role: .text, slot: .chatLine)
            var block = Block.beside([(writer.columns([(label, 0, labelWidth, .right)]), 0),
                                      (writer.paragraph(body, width: textWidth, align: .left), labelWidth + 2)])
            block.append(Block(rows: [[]]))
            let used = messages.map(\.height).reduce(0, +)
            if used + block.height - 1 > rows { break }
            messages.insert(block, at: 0)
        }
        var stacked = Block.stack(messages)
        if stacked.height > 0 { stacked.rows.removeLast() }
        return Block.stack([Block(rows: Array(repeating: [], count: max(0, rows - stacked.height))), stacked])
    }

    /// The framed input line: what is typed and a cursor, or the placeholder.
    func inputBox() -> Block {
        let inner = width - 4
        let prompt = writer.data(writer.glyphs.pointer, role: .accent, bold: true, slot: .value)
        var line: Block
        if context.input.isEmpty {
            line = writer.columns([(prompt, 0, 1, .left), (writer.copy("chat.placeholder", role: .dim, slot: .input), 3, inner - 3, .left)])
            line.rows[0].append(Piece(text: " ", x: 2, style: TextStyle(.text, reverse: true)))
        } else {
            // Show the end of a long input so the cursor stays visible.
            var shown = context.input
            while DisplayWidth.of(shown) > inner - 3, !shown.isEmpty { shown.removeFirst() }
            line = writer.columns([(prompt, 0, 1, .left), (writer.data(shown, role: .text, slot: .input), 2, inner - 3, .left)])
            line.rows[0].append(Piece(text: " ", x: 2 + DisplayWidth.of(shown), style: TextStyle(.text, reverse: true)))
        }
        return line.framed(width: width, padding: 1, style: TextStyle(.border))
    }
}
