import TerminalKit
import CopyDeck
import Foundation
import PaywallCore

/// Builds the blocks of the screen for one context inside the content area.
struct ScreenLayout: Sendable {
    let context: ScreenContext
    let writer: ScreenWriter
    /// Content columns and rows (inside the frame).
    let width: Int
    let height: Int

    var model: FlowModel { context.model }

    /// A readable measure for running text.
    var textWidth: Int { min(width, 64) }

    /// Draws the current screen into `rect` and returns its name.
    func draw(in rect: Rect, canvas: inout Canvas) -> ScreenName {
        switch model.state {
        case .idle, .configReady:
            canvas.place(body: loading(), footer: hints(["hint.quit"]), in: rect)
            return .loading
        case .onboarding:
            canvas.place(body: onboarding(), footer: onboardingHints(), in: rect)
            return .onboarding
        case .valuePreview:
            canvas.place(body: valuePreview(), footer: hints(["hint.continue", "hint.back", "hint.help", "hint.quit"]), in: rect)
            return .valuePreview
        case .proof:
            canvas.place(body: proof(), footer: hints(["hint.continue", "hint.back", "hint.help", "hint.quit"]), in: rect)
            return .proof
        case .paywall(let offer):
            let keys = offer.layoutVariant == .cards ? ["paywall.hint.cards", "hint.help", "hint.quit"]
                : ["paywall.hint", "hint.back", "hint.help", "hint.quit"]
            let footer = hints(keys)
            canvas.place(body: paywall(offer, rows: rect.height - footer.height), footer: footer, in: rect)
            return .paywall
        case .purchasing(let plan):
            if model.purchasePhase == .awaitingConfirmation {
                let offer = model.offer ?? Offer(id: .A, layoutVariant: .list, plans: [plan], defaultPlanID: plan.id)
                // The sheet says its own keys; the row below keeps only what works everywhere.
                let footer = hints(["hint.help", "hint.quit"])
                canvas.place(body: paywall(offer, rows: rect.height - footer.height), footer: footer, in: rect)
                canvas.modal(sheet(plan), in: Rect(x: rect.x - 3, y: rect.y - 1, width: rect.width + 6, height: rect.height + 2))
                return .sheet
            }
            canvas.place(body: purchasing(plan), footer: hints(["hint.help", "hint.quit"]), in: rect)
            return .purchasing
        case .purchased(let entitlement):
            canvas.place(body: purchased(entitlement), footer: hints(["purchased.continue", "hint.help", "hint.quit"]), in: rect)
            return .purchased
        case .skipped:
            canvas.place(body: skipped(), footer: hints(["skipped.continue", "hint.help", "hint.quit"]), in: rect)
            return .skipped
        case .error(let message):
            // Nothing to sell is no failure: nothing to retry, and no screen before it to go back to.
            let retries = model.retryTarget != nil || message != FlowMachine.nothingToSellMessage
            canvas.place(body: errorScreen(message), footer: hints((retries ? ["error.hint"] : []) + ["hint.help", "hint.quit"]), in: rect)
            return .error
        case .chat:
            drawChat(in: rect, canvas: &canvas)
            return .chat
        }
    }

    /// Key hints on the bottom row(s).
    func hints(_ keys: [String]) -> Block { writer.hints(keys, width: width) }

    /// A screen title, centred in `width` columns (default: the content width).
    func title(_ key: String, _ args: [CopyArgument] = [], role: StyleRole = .title, width: Int? = nil) -> Block {
        writer.paragraph(writer.copy(key, args, role: role, bold: true, slot: .title), width: width ?? self.width)
    }

    /// The inner width of a card (see `card`).
    var cardInner: Int { min(width, 62) - 8 }

    /// Blocks laid out `cardInner` wide, in a centred frame with a blank row above and below.
    func card(_ blocks: [Block], border: StyleRole = .border) -> Block {
        let boxWidth = min(width, 62)
        let framed = Block.stack([Block(rows: [[]])] + blocks + [Block(rows: [[]])])
            .framed(width: boxWidth, padding: 3, style: TextStyle(border))
        return framed.shifted(by: (width - boxWidth) / 2)
    }

    /// The notice line for `model.notice`, coloured by what it says; nil when there is none.
    func notice() -> Block? {
        guard let notice = model.notice else { return nil }
        let role: StyleRole
        switch notice.key {
        case "notice.restored", "notice.alreadyPremium": role = .success
        case "notice.pendingApproval", "notice.restoring", "notice.cachedEntitlement", "chat.limitReached": role = .warning
        default: role = .error
        }
        let args: [CopyArgument] = notice.arguments.map { Int($0).map(CopyArgument.integer) ?? .string($0) }
        return writer.paragraph(writer.copy(notice.key, args, role: role, bold: true, slot: .notice), width: textWidth)
            .shifted(by: (width - textWidth) / 2)
    }

    /// Startup: the app's name, a spinner and "Loading…".
    func loading() -> [Block] {
        let spinner = spinnerGlyph()
        let label = writer.copy("loading", role: .muted, slot: .body)
        let line = writer.flow([writer.data(spinner, role: .accent, slot: .spinner), label], width: width, separator: " ")
        return [title("app.name", role: .accent), .spacer(), line]
    }

    /// The spinner glyph for the current frame.
    func spinnerGlyph() -> String {
        let frames = writer.glyphs.spinner
        guard !frames.isEmpty else { return "" }
        return frames[((context.spinnerFrame % frames.count) + frames.count) % frames.count]
    }

    /// The premium benefits as "✓ name" items, two per row when they fit.
    func benefitGrid(width: Int) -> Block {
        writer.memo.block(.benefits(width: width, screenWidth: self.width)) { makeBenefitGrid(width: width) }
    }

    private func makeBenefitGrid(width: Int) -> Block {
        let items = Self.benefitKeys.map { writer.copy($0, role: .text, slot: .benefit) }
        let check = writer.glyphs.check
        let cell = (items.map { DisplayWidth.of($0.text) }.max() ?? 0) + DisplayWidth.of(check) + 1
        let perRow = cell * 2 + 4 <= width ? 2 : 1
        let rowWidth = perRow == 2 ? cell * 2 + 4 : cell
        let left = max(0, (self.width - min(rowWidth, width)) / 2)
        var block = Block()
        for start in stride(from: 0, to: items.count, by: perRow) {
            var columns: [(item: TextItem, x: Int, width: Int, align: TextAlignment)] = []
            var marks: [Piece] = []
            for (offset, item) in items[start..<min(items.count, start + perRow)].enumerated() {
                let x = left + offset * (cell + 4)
                marks.append(Piece(text: check, x: x, style: TextStyle(.success, bold: true)))
                columns.append((item, x + DisplayWidth.of(check) + 1, min(cell, width) - DisplayWidth.of(check) - 1, .left))
            }
            var row = writer.columns(columns)
            row.rows[0] += marks
            block.append(row)
        }
        return block
    }

    /// The benefit copy keys, in display order.
    static let benefitKeys = ["benefit.unlimited", "benefit.model", "benefit.images", "benefit.files"]
}
