import TerminalKit
import CopyDeck
import Foundation
import PaywallCore

/// The paywall: title, promise, benefits, the offer's plans in its layout, terms, CTA and links.
extension ScreenLayout {
    /// The selected plan of `offer` (the model's selection, else the offer's default, else the first).
    func selectedPlan(in offer: Offer) -> Plan? {
        let id = model.selectedPlanID ?? offer.defaultPlanID
        return offer.plans.first { $0.id == id } ?? offer.plans.first { $0.id == offer.defaultPlanID } ?? offer.plans.first
    }

    /// The whole paywall for `offer`.
    func paywall(_ offer: Offer) -> [Block] {
        let selected = selectedPlan(in: offer)
        let promiseKey = offer.personalPromiseKey ?? (model.paywallReason == .messageLimit ? "paywall.promise.limit" : "paywall.promise.default")
        let promiseArgs: [CopyArgument] = promiseKey == "paywall.promise.limit" ? [.integer(model.config.dailyMessageLimit)] : []
        let promise = writer.paragraph(writer.copy(promiseKey, promiseArgs, role: .accent, slot: .subtitle), width: textWidth)
            .shifted(by: (width - textWidth) / 2)
        var blocks: [Block] = [title("paywall.title"), promise, .spacer(1, priority: 3), benefitGrid(width: min(width, 64)), .spacer(1, priority: 4)]
        blocks.append(plans(offer, selected: selected))
        blocks.append(.spacer(1, priority: 2))
        if let selected {
            for item in writer.terms(selected, now: context.now) {
                blocks.append(writer.paragraph(item, width: textWidth).shifted(by: (width - textWidth) / 2))
            }
        }
        blocks.append(.spacer(1, priority: 5))
        blocks.append(writer.button(writer.cta(selected), width: width))
        if let extra = context.paywallButton {
            blocks.append(writer.line(writer.copy(extra.copyKey, role: .accent, bold: true, slot: .body), width: width))
        }
        blocks.append(.spacer(1, priority: 1))
        blocks.append(writer.flow([
            writer.copy("paywall.restore", role: .link, slot: .restore),
            writer.copy("paywall.termsOfUse", role: .link, slot: .terms),
            writer.copy("paywall.privacy", role: .link, slot: .privacy),
            writer.copy("paywall.notNow", role: .muted, slot: .notNow),
        ], width: width))
        if let notice = notice() {
            blocks.append(.spacer(1, priority: 0))
            blocks.append(notice)
        }
        return blocks
    }

    /// The plans in the offer's layout; cards fall back to a list when they would be too narrow.
    func plans(_ offer: Offer, selected: Plan?) -> Block {
        switch offer.layoutVariant {
        case .list: return planList(offer.plans, selected: selected, preferSaving: false)
        case .cards: return planCards(offer.plans, selected: selected) ?? planList(offer.plans, selected: selected, preferSaving: false)
        case .focus: return planFocus(offer.plans, selected: selected)
        }
    }

    /// A: one row per plan (radio, name, billed price, badge) with the equivalent and trial below.
    func planList(_ plans: [Plan], selected: Plan?, preferSaving: Bool) -> Block {
        let listWidth = min(width, 56)
        let left = (width - listWidth) / 2
        let names = plans.map { writer.data($0.displayName, role: .text, bold: $0.id == selected?.id, slot: .planName) }
        let prices = plans.map(writer.price)
        let badges = plans.map { writer.badge($0, among: plans, preferSaving: preferSaving) }
        let badgeWidth = badges.compactMap { $0.map { DisplayWidth.of($0.text) } }.max() ?? 0
        let priceWidth = prices.map { DisplayWidth.of($0.text) }.max() ?? 0
        let radioWidth = max(DisplayWidth.of(writer.glyphs.radioOn), DisplayWidth.of(writer.glyphs.radioOff))
        let nameX = 2 + radioWidth + 1
        let nameWidth = max(8, listWidth - nameX - priceWidth - badgeWidth - 4)
        let priceX = nameX + nameWidth + 2
        var block = Block()
        for (index, plan) in plans.enumerated() {
            let isSelected = plan.id == selected?.id
            var columns: [(item: TextItem, x: Int, width: Int, align: TextAlignment)] = [
                (names[index], left + nameX, nameWidth, .left),
                (prices[index], left + priceX, priceWidth, .right),
            ]
            if let badge = badges[index] { columns.append((badge, left + listWidth - badgeWidth, badgeWidth, .right)) }
            var row = writer.columns(columns)
            row.rows[0].append(Piece(text: isSelected ? writer.glyphs.pointer : " ", x: left, style: TextStyle(.accent, bold: true)))
            row.rows[0].append(Piece(text: isSelected ? writer.glyphs.radioOn : writer.glyphs.radioOff, x: left + 2,
                                     style: TextStyle(isSelected ? .accent : .muted, bold: isSelected)))
            let extras = [writer.equivalent(plan), writer.trialOffer(plan)].compactMap { $0 }
            if !extras.isEmpty {
                row.append(writer.flow(extras, width: listWidth - nameX, align: .left).shifted(by: left + nameX))
            }
            if index > 0 && plans.count <= 3 { block.append(.spacer(1, priority: 0)) }
            block.append(row)
        }
        return block
    }

    /// B: plans side by side as cards with the badge on the top edge; nil when cards would be too narrow.
    func planCards(_ plans: [Plan], selected: Plan?) -> Block? {
        guard !plans.isEmpty else { return nil }
        let gap = 2
        let total = min(width, 30 * plans.count + gap * (plans.count - 1))
        let cardWidth = (total - gap * (plans.count - 1)) / plans.count
        guard cardWidth >= 18 else { return nil }
        let inner = cardWidth - 4
        var contents: [Block] = []
        for plan in plans {
            let isSelected = plan.id == selected?.id
            let radio = isSelected ? writer.glyphs.radioOn : writer.glyphs.radioOff
            let radioWidth = DisplayWidth.of(radio) + 1
            var name = writer.line(writer.data(plan.displayName, role: .text, bold: isSelected, slot: .planName), width: inner - radioWidth)
            name = name.shifted(by: radioWidth)
            name.rows[0].insert(Piece(text: radio, x: 0, style: TextStyle(isSelected ? .accent : .muted, bold: isSelected)), at: 0)
            var content = Block.stack([name, writer.line(writer.price(plan), width: inner)])
            for extra in [writer.equivalent(plan), writer.trialOffer(plan)].compactMap({ $0 }) {
                content.append(writer.paragraph(extra, width: inner))
            }
            contents.append(content)
        }
        // Cards share one height so their frames line up.
        let height = contents.map(\.height).max() ?? 0
        var parts: [(block: Block, x: Int)] = []
        for (index, plan) in plans.enumerated() {
            let isSelected = plan.id == selected?.id
            var content = contents[index]
            content.rows += Array(repeating: [], count: height - content.height)
            var card = content.framed(width: cardWidth, padding: 1, style: TextStyle(isSelected ? .accent : .border, bold: isSelected))
            if let badge = writer.badge(plan, among: plans, preferSaving: false) {
                card.putOnTopEdge(badge, width: cardWidth, writer: writer)
            }
            parts.append((card, index * (cardWidth + gap)))
        }
        return Block.beside(parts).shifted(by: (width - total) / 2)
    }

    /// C: the selected plan large in a frame (badge on its edge), the others as compact lines.
    func planFocus(_ plans: [Plan], selected: Plan?) -> Block {
        guard let selected else { return Block() }
        let boxWidth = min(width, 44)
        let inner = boxWidth - 4
        var content = Block.stack([
            writer.line(writer.data(selected.displayName, role: .title, bold: true, slot: .planName), width: inner),
            writer.line(writer.price(selected), width: inner),
        ])
        let extras = [writer.equivalent(selected), writer.trialOffer(selected)].compactMap { $0 }
        if !extras.isEmpty { content.append(writer.flow(extras, width: inner)) }
        var box = content.framed(width: boxWidth, padding: 1, style: TextStyle(.accent, bold: true))
        if let badge = writer.badge(selected, among: plans, preferSaving: true) {
            box.putOnTopEdge(badge, width: boxWidth, writer: writer)
        }
        var block = box.shifted(by: (width - boxWidth) / 2)
        // The other plans as compact lines, left-aligned together under the box.
        var lines: [Block] = []
        for plan in plans where plan.id != selected.id {
            let radio = writer.data(writer.glyphs.radioOff, role: .muted, slot: .value)
            let name = writer.data(plan.displayName, role: .muted, slot: .planName)
            lines.append(writer.flow([radio, name, writer.price(plan)] + [writer.equivalent(plan)].compactMap { $0 },
                                     width: width, separator: "  ", align: .left))
        }
        let widest = lines.flatMap { $0.drawn }.map { $0.rect.x + $0.rect.width }.max() ?? 0
        for line in lines { block.append(line.shifted(by: max(0, (width - widest) / 2))) }
        return block
    }
}

extension Block {
    /// Puts a badge on the top edge of a framed block, centred, with a space either side.
    mutating func putOnTopEdge(_ badge: TextItem, width: Int, writer: ScreenWriter) {
        let slot = width - 6
        let cut = TextLayout.truncate(badge.text, width: slot, ellipsis: writer.glyphs.ellipsis)
        let x = TextLayout.offset(of: cut.text, in: width, alignment: .center)
        guard !rows.isEmpty else { return }
        rows[0] += [Piece(text: " ", x: x - 1, style: TextStyle(.border)), Piece(text: cut.text, x: x, style: badge.style),
                    Piece(text: " ", x: x + DisplayWidth.of(cut.text), style: TextStyle(.border))]
        drawn.append(writer.record(badge, lines: [cut.text], x: x, y: 0, slotWidth: slot, truncated: cut.truncated))
    }
}
