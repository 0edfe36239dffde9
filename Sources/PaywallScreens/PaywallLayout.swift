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

    /// The whole paywall for `offer` in `rows` rows (nil: as tall as it needs).
    ///
    /// What the App Store asks of a paywall always fits: the call to action, Restore, Terms, Privacy
    /// and the selected plan's complete price, trial and renewal terms. When the screen is short,
    /// the benefits go first, then the promise, then the plan list turns to compact rows (only the
    /// selected plan keeps its second line), then it scrolls to keep the selection in view with
    /// "↑ 2 more plans" / "↓ 3 more plans" lines, and last the title goes.
    func paywall(_ offer: Offer, rows: Int? = nil) -> [Block] {
        let selected = selectedPlan(in: offer)
        // A subscriber opens the paywall to change plan: nothing is "unlocked" for them.
        let changingPlan = model.entitlement.isPremium
        let promiseKey = changingPlan ? "paywall.promise.changePlan"
            : offer.personalPromiseKey ?? (model.paywallReason == .messageLimit ? "paywall.promise.limit" : "paywall.promise.default")
        let promiseArgs: [CopyArgument] = promiseKey == "paywall.promise.limit" ? [.integer(model.config.dailyMessageLimit)] : []
        let promise = writer.paragraph(writer.copy(promiseKey, promiseArgs, role: .accent, slot: .subtitle), width: textWidth)
            .shifted(by: (width - textWidth) / 2)
        let heading = title(changingPlan ? "paywall.title.changePlan" : "paywall.title")
        let benefits = benefitGrid(width: min(width, 64))
        var terms: [Block] = []
        if let selected {
            for item in writer.terms(selected, now: context.now) {
                terms.append(writer.paragraph(item, width: textWidth).shifted(by: (width - textWidth) / 2))
            }
        }
        var actions = [writer.button(writer.cta(selected), width: width)]
        if let extra = context.paywallButton {
            actions.append(writer.line(writer.copy(extra.copyKey, role: .accent, bold: true, slot: .body), width: width))
        }
        let links = writer.flow([
            writer.copy("paywall.restore", role: .link, slot: .restore),
            writer.copy("paywall.termsOfUse", role: .link, slot: .terms),
            writer.copy("paywall.privacy", role: .link, slot: .privacy),
            writer.copy("paywall.notNow", role: .muted, slot: .notNow),
        ], width: width)
        let notice = notice()

        // What must fit, without spacers (they collapse first anyway).
        let essential = (terms + actions + [links] + [notice].compactMap { $0 }).map(\.height).reduce(0, +)
        var showHeading = true, showPromise = true, showBenefits = true
        func head() -> Int { (showHeading ? heading.height : 0) + (showPromise ? promise.height : 0) + (showBenefits ? benefits.height : 0) }
        var planBlock = plans(offer, selected: selected, maxHeight: nil)
        if let rows {
            if essential + head() + planBlock.height > rows { showBenefits = false }
            if essential + head() + planBlock.height > rows { showPromise = false }
            if essential + head() + planBlock.height > rows {
                planBlock = plans(offer, selected: selected, maxHeight: rows - essential - head())
                if essential + head() + planBlock.height > rows {
                    showHeading = false
                    planBlock = plans(offer, selected: selected, maxHeight: rows - essential)
                }
            }
        }

        var blocks: [Block] = []
        if showHeading { blocks.append(heading) }
        if showPromise { blocks.append(promise) }
        if showBenefits { blocks += [.spacer(1, priority: 3), benefits] }
        blocks += [.spacer(1, priority: 4), planBlock, .spacer(1, priority: 2)]
        blocks += terms
        blocks.append(.spacer(1, priority: 5))
        blocks += actions
        blocks += [.spacer(1, priority: 1), links]
        if let notice {
            blocks.append(.spacer(1, priority: 0))
            blocks.append(notice)
        }
        return blocks
    }

    /// The plans in the offer's layout, in at most `maxHeight` rows; cards fall back to a list when
    /// they would be too narrow or too tall.
    func plans(_ offer: Offer, selected: Plan?, maxHeight: Int?) -> Block {
        switch offer.layoutVariant {
        case .list: return planList(offer.plans, selected: selected, preferSaving: false, maxHeight: maxHeight)
        case .cards:
            if let cards = planCards(offer.plans, selected: selected), cards.height <= maxHeight ?? Int.max { return cards }
            return planList(offer.plans, selected: selected, preferSaving: false, maxHeight: maxHeight)
        case .focus: return planFocus(offer.plans, selected: selected, maxHeight: maxHeight)
        }
    }

    /// A: one row per plan (radio, name, billed price, badge) with the equivalent and trial below.
    /// Too tall for `maxHeight`: compact rows (only the selected plan keeps its second line), then a
    /// window around the selected plan with a line for the plans above and below it.
    func planList(_ plans: [Plan], selected: Plan?, preferSaving: Bool, maxHeight: Int? = nil) -> Block {
        let names = plans.map { writer.data($0.displayName, role: .text, bold: $0.id == selected?.id, slot: .planName) }
        let prices = plans.map(writer.price)
        let badges = plans.map { writer.badge($0, among: plans, preferSaving: preferSaving) }
        let badgeWidth = badges.compactMap { $0.map { DisplayWidth.of($0.text) } }.max() ?? 0
        let priceWidth = prices.map { DisplayWidth.of($0.text) }.max() ?? 0
        let radioWidth = max(DisplayWidth.of(writer.glyphs.radioOn), DisplayWidth.of(writer.glyphs.radioOff))
        let nameX = 2 + radioWidth + 1
        // 56 columns, wider when the longest name needs it and the screen has the room: a name is
        // cut only where the row truly cannot hold it.
        let widestName = names.map { DisplayWidth.of($0.text) }.max() ?? 0
        let listWidth = min(width, max(56, nameX + widestName + priceWidth + badgeWidth + 4))
        let left = (width - listWidth) / 2
        let nameWidth = max(8, listWidth - nameX - priceWidth - badgeWidth - 4)
        let priceX = nameX + nameWidth + 2
        func row(_ index: Int, withDetails: Bool) -> Block {
            let plan = plans[index]
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
            if withDetails, !extras.isEmpty {
                row.append(writer.flow(extras, width: listWidth - nameX, align: .left).shifted(by: left + nameX))
            }
            return row
        }
        var full = Block()
        for index in plans.indices {
            if index > 0 && plans.count <= 3 { full.append(.spacer(1, priority: 0)) }
            full.append(row(index, withDetails: true))
        }
        guard let maxHeight, full.height > maxHeight else { return full }
        let selectedIndex = plans.firstIndex { $0.id == selected?.id } ?? 0
        let compactRows = plans.indices.map { row($0, withDetails: $0 == selectedIndex) }
        if compactRows.map(\.height).reduce(0, +) <= maxHeight { return Block.stack(compactRows) }
        // Scroll: the widest window around the selection that fits with its "more" lines.
        var low = selectedIndex, high = selectedIndex + 1
        func height(_ low: Int, _ high: Int) -> Int {
            compactRows[low..<high].map(\.height).reduce(0, +) + (low > 0 ? 1 : 0) + (high < plans.count ? 1 : 0)
        }
        var grew = true
        while grew {
            grew = false
            if high < plans.count, height(low, high + 1) <= maxHeight { high += 1; grew = true }
            if low > 0, height(low - 1, high) <= maxHeight { low -= 1; grew = true }
        }
        var block = Block()
        if low > 0 { block.append(scrollLine("paywall.plans.above", hidden: plans[..<low].map(\.id), x: left + nameX, width: listWidth - nameX)) }
        for index in low..<high { block.append(compactRows[index]) }
        if high < plans.count {
            block.append(scrollLine("paywall.plans.below", hidden: plans[high...].map(\.id), x: left + nameX, width: listWidth - nameX))
        }
        return block
    }

    /// "↑ 2 more plans" / "↓ 3 more plans": the plans a scrolled list does not show on that side.
    func scrollLine(_ key: String, hidden: [String], x: Int, width: Int) -> Block {
        var item = writer.copy(key, [.integer(hidden.count)], role: .muted, slot: .planScroll)
        item.hiddenPlanIDs = hidden
        return writer.line(item, width: width, align: .left).shifted(by: x)
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
            // A long name wraps onto a second line rather than being cut (the cards share one height).
            var name = writer.paragraph(writer.data(plan.displayName, role: .text, bold: isSelected, slot: .planName),
                                        width: inner - radioWidth, maxLines: 2)
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
    /// Too tall for `maxHeight`: the other plans' lines scroll, with a line for those not shown.
    func planFocus(_ plans: [Plan], selected: Plan?, maxHeight: Int? = nil) -> Block {
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
        let others = plans.filter { $0.id != selected.id }
        var shown = lines.count
        if let maxHeight, block.height + lines.map(\.height).reduce(0, +) > maxHeight {
            // Keep the lines that fit with the "more" line under them.
            shown = 0
            var used = block.height + 1
            while shown < lines.count, used + lines[shown].height <= maxHeight { used += lines[shown].height; shown += 1 }
        }
        for line in lines.prefix(shown) { block.append(line.shifted(by: max(0, (width - widest) / 2))) }
        if shown < lines.count {
            block.append(scrollLine("paywall.plans.below", hidden: others[shown...].map(\.id), x: max(0, (width - widest) / 2),
                                    width: width - max(0, (width - widest) / 2)))
        }
        return block
    }
}

extension Block {
    /// Puts a badge on the top edge of a framed block, centred, with a space either side.
    mutating func putOnTopEdge(_ badge: TextItem, width: Int, writer: ScreenWriter) {
        let slot = width - 6
        let cut = writer.memo.truncate(badge.text, width: slot)
        let x = TextLayout.offset(of: cut.text, in: width, alignment: .center)
        guard !rows.isEmpty else { return }
        rows[0] += [Piece(text: " ", x: x - 1, style: TextStyle(.border)), Piece(text: cut.text, x: x, style: badge.style),
                    Piece(text: " ", x: x + DisplayWidth.of(cut.text), style: TextStyle(.border))]
        drawn.append(writer.record(badge, lines: [cut.text], x: x, y: 0, slotWidth: slot, truncated: cut.truncated))
    }
}
