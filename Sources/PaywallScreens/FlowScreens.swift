import TerminalKit
import CopyDeck
import Foundation
import PaywallCore

/// Onboarding pages, the value preview and the proof screen.
extension ScreenLayout {
    /// The onboarding page's copy-key prefixes (from the config).
    var onboardingPages: [String] { model.config.onboardingPages }

    /// One onboarding page: title, body, progress dots and "Step 1 of 3".
    func onboarding() -> [Block] {
        let pages = onboardingPages
        let index = min(max(0, model.onboardingPage), max(0, pages.count - 1))
        let prefix = pages.isEmpty ? "onboarding.1" : pages[index]
        let count = max(1, pages.count)
        let dots = (0..<count).map { $0 == index ? writer.glyphs.dotFilled : writer.glyphs.dotEmpty }.joined(separator: " ")
        let boxWidth = min(width, 62)
        let inner = boxWidth - 8
        let card = Block.stack([
            Block(rows: [[]]),
            writer.paragraph(writer.copy("\(prefix).title", role: .title, bold: true, slot: .title), width: inner),
            Block(rows: [[]]),
            writer.paragraph(writer.copy("\(prefix).body", role: .text, slot: .body), width: inner),
            Block(rows: [[]]),
        ]).framed(width: boxWidth, padding: 3, style: TextStyle(.border))
        return [
            .spacer(1, priority: 0),
            card.shifted(by: (width - boxWidth) / 2),
            .spacer(2, priority: 1),
            writer.line(writer.data(dots, role: .accent, slot: .step), width: width),
            writer.line(writer.copy("onboarding.step", [.integer(index + 1), .integer(count)], role: .muted, slot: .step), width: width),
            .spacer(1, priority: 0),
        ]
    }

    /// Hints of an onboarding page (no "Back" on the first).
    func onboardingHints() -> Block {
        hints((model.onboardingPage > 0 ? ["hint.continue", "hint.back"] : ["hint.continue"]) + ["hint.skip", "hint.help", "hint.quit"])
    }

    /// What Premium gives, and a sample exchange.
    func valuePreview() -> [Block] {
        var rows: [Block] = []
        let names = Self.benefitKeys.map { writer.copy($0, role: .text, bold: true, slot: .benefit) }
        let details = Self.benefitKeys.map { writer.copy("\($0).detail", role: .muted, slot: .body) }
        let check = writer.glyphs.check
        let nameWidth = names.map { DisplayWidth.of($0.text) }.max() ?? 0
        let detailWidth = details.map { DisplayWidth.of($0.text) }.max() ?? 0
        let oneLine = 2 + nameWidth + 3 + detailWidth <= width
        let total = oneLine ? 2 + nameWidth + 3 + detailWidth : min(width, 2 + max(nameWidth, detailWidth + 2))
        let left = max(0, (width - total) / 2)
        for (name, detail) in zip(names, details) {
            var row = writer.columns([(name, left + 2, min(nameWidth, width - left - 2), .left)])
            row.rows[0].append(Piece(text: check, x: left, style: TextStyle(.success, bold: true)))
            if oneLine {
                let detailBlock = writer.columns([(detail, left + 2 + nameWidth + 3, detailWidth, .left)])
                row.rows[0] += detailBlock.rows[0]
                row.drawn += detailBlock.drawn
            } else {
                row.append(writer.paragraph(detail, width: max(1, width - left - 4), align: .left).shifted(by: left + 4))
            }
            rows.append(row)
        }
        return [
            title("value.title"),
            writer.paragraph(writer.copy("value.subtitle", role: .muted, slot: .subtitle), width: width),
            .spacer(1, priority: 3),
            Block.stack(rows),
            .spacer(1, priority: 2),
            sampleExchange(),
        ]
    }

    /// A framed two-line exchange: the user's question and the assistant's answer.
    func sampleExchange() -> Block {
        let boxWidth = min(width, 64)
        let you = writer.copy("chat.you", role: .muted, bold: true, slot: .label)
        let nova = writer.copy("chat.assistant", role: .accent, bold: true, slot: .label)
        let labelWidth = max(DisplayWidth.of(you.text), DisplayWidth.of(nova.text))
        let textWidth = boxWidth - 4 - labelWidth - 2
        func exchangeRow(_ label: TextItem, _ key: String, role: StyleRole) -> Block {
            let text = writer.paragraph(writer.copy(key, role: role, slot: .chatLine), width: textWidth, align: .left)
            var row = Block.beside([(writer.columns([(label, 0, labelWidth, .right)]), 0), (text, labelWidth + 2)])
            if row.rows.isEmpty { row.rows = [[]] }
            return row
        }
        let inner = Block.stack([exchangeRow(you, "value.sample.question", role: .text), exchangeRow(nova, "value.sample.answer", role: .text)])
        return inner.framed(width: boxWidth, padding: 1, style: TextStyle(.border)).shifted(by: (width - boxWidth) / 2)
    }

    /// Rating, testimonials and social proof.
    func proof() -> [Block] {
        let figures = context.proof
        let stars = String(repeating: writer.glyphs.star, count: 5)
        let ratingText = Self.decimal(figures.rating, locale: context.locale)
        let rating = writer.flow([
            writer.data(stars, role: .badge, slot: .value),
            writer.copy("proof.rating", [.string(ratingText)], role: .text, bold: true, slot: .value),
            writer.copy("proof.ratingCount", [.integer(figures.ratingCount)], role: .muted, slot: .value),
        ], width: width, separator: "  ")
        var quotes: [Block] = []
        let quoteWidth = min(textWidth, 56)
        for number in 1...3 {
            let quote = writer.paragraph(writer.copy("proof.quote.\(number)", role: .text, slot: .quote), width: quoteWidth - 2, align: .left)
            var bar = quote.shifted(by: 2)
            for index in bar.rows.indices { bar.rows[index].insert(Piece(text: writer.glyphs.vertical, x: 0, style: TextStyle(.accent)), at: 0) }
            bar.append(writer.paragraph(writer.copy("proof.author.\(number)", role: .muted, slot: .author), width: quoteWidth - 2, align: .right).shifted(by: 2))
            if number > 1 { quotes.append(.spacer(1, priority: 1)) }
            quotes.append(bar.shifted(by: (width - quoteWidth) / 2))
        }
        let social = writer.paragraph(writer.copy("proof.social", [.string(Self.grouped(figures.joinedThisMonth, locale: context.locale))],
                                                  role: .accent, bold: true, slot: .body), width: width)
        return [title("proof.title"), .spacer(1, priority: 3), rating, .spacer(1, priority: 2)] + quotes + [.spacer(1, priority: 2), social]
    }

    /// A number with one decimal as the locale writes it ("4.8").
    static func decimal(_ value: Double, locale: String) -> String {
        FormatterCache.shared.number(value, locale: locale, fractionDigits: 1)
    }

    /// A whole number with the locale's grouping ("250,000").
    static func grouped(_ value: Int, locale: String) -> String {
        FormatterCache.shared.number(Double(value), locale: locale, fractionDigits: 0)
    }
}
