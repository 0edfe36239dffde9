import Testing
@testable import TerminalKit

/// The fast paths for text whose scalars are each a grapheme (`DisplayWidth.standsAlone`) give
/// what finding grapheme breaks gives.
@Suite("Stand-alone scalars")
struct StandAloneScalarTests {
    static let standAlone: [Unicode.Scalar] = (0...0x10FFFF).compactMap { value in
        guard DisplayWidth.standsAlone(UInt32(value)) else { return nil }
        return Unicode.Scalar(UInt32(value))
    }

    /// Every scalar outside the two large blocks (ideographs, syllables) and every 61st inside.
    static let sample: [Unicode.Scalar] = standAlone.enumerated().compactMap { index, scalar in
        let bulk = (0x3400...0x9FFF).contains(scalar.value) || (0xAC00...0xD7A3).contains(scalar.value)
        return !bulk || index % 61 == 0 ? scalar : nil
    }

    /// Neighbours tried on both sides of each sampled scalar: each range's ends, the screens'
    /// glyphs, and scalars the grapheme rules treat specially when they follow or precede.
    static let probes: [Unicode.Scalar] = [
        0x20, 0x41, 0x7E, 0xA0, 0xAE, 0xE9, 0x2FF, 0x370, 0x3A3, 0x482, 0x48A, 0x52F, 0x2010, 0x2026,
        0x2030, 0x205E, 0x20A9, 0x20AC, 0x2190, 0x23FF, 0x2460, 0x2500, 0x256D, 0x25B8, 0x25C9, 0x2713,
        0x27BF, 0x3000, 0x3029, 0x3030, 0x3041, 0x3096, 0x309B, 0x30FF, 0x3400, 0x4E00, 0x9FFF, 0xAC00,
        0xAC01, 0xD7A3, 0xFF01, 0xFF60, 0xFFE0, 0xFFE6,
    ].compactMap { Unicode.Scalar(UInt32($0)) }

    @Test func noStandAloneScalarJoinsOrIsJoinedTo() {
        var joining: [String] = []
        for scalar in Self.standAlone {
            let p = scalar.properties
            let category: Set<Unicode.GeneralCategory> = [.nonspacingMark, .spacingMark, .enclosingMark, .format, .control,
                                                          .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned]
            let jamo = (0x1100...0x11FF).contains(scalar.value) || (0xA960...0xA97F).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value)
            if category.contains(p.generalCategory) || p.isGraphemeExtend || p.isEmojiModifier || p.isJoinControl
                || (0x1F1E6...0x1F1FF).contains(scalar.value) || jamo {
                joining.append(String(scalar.value, radix: 16))
            }
        }
        #expect(Self.standAlone.count > 40_000)
        #expect(joining.isEmpty, "\(joining.prefix(20))")
    }

    @Test func eachScalarIsAGraphemeBesideAnyOther() {
        var merged: [String] = []
        for scalar in Self.sample {
            var text = String.UnicodeScalarView()
            for probe in Self.probes {
                text.append(scalar)
                text.append(probe)
            }
            text.append(scalar)
            let string = String(text)
            if string.count != string.unicodeScalars.count { merged.append(String(scalar.value, radix: 16)) }
        }
        #expect(Self.sample.count > 3_000)
        #expect(merged.isEmpty, "\(merged.prefix(20))")
    }

    @Test func widthsAndCellsMatchTheGraphemePath() {
        var differ: [String] = []
        for start in stride(from: 0, to: Self.sample.count, by: 7) {
            var text = String.UnicodeScalarView()
            for scalar in Self.sample[start..<min(start + 7, Self.sample.count)] { text.append(scalar) }
            let string = String(text)
            #expect(DisplayWidth.scalarsStandAlone(string))
            let byGrapheme = string.reduce(0) { $0 + DisplayWidth.of($1) }
            var fast = CellGrid(width: 20, height: 1)
            fast.put(string, x: 1, y: 0)
            var general = CellGrid(width: 20, height: 1)
            general.put(string + "\u{7}", x: 1, y: 0) // a control character (skipped) forces the grapheme path
            if DisplayWidth.of(string) != byGrapheme || fast.cells != general.cells { differ.append(string) }
        }
        #expect(differ.isEmpty, "\(differ.prefix(5))")
    }

    @Test func textWithAMarkOrJoinerTakesTheGraphemePath() {
        for text in ["e\u{301}", "👍🏽", "👨‍👩‍👧", "ᄀ", "❤️", "a\u{AD}b", "\u{E01}\u{E33}"] {
            #expect(!DisplayWidth.scalarsStandAlone(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(DisplayWidth.scalarsStandAlone("₩12,000 · 한국어 简体中文 ▸ ◉ ✓ …"))
    }
}
