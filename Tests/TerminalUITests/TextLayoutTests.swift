import Testing
@testable import PaywallScreens
@testable import TerminalKit

@Suite("TextLayout")
struct TextLayoutTests {
    @Test func englishWrapsByWords() {
        let r = TextLayout.wrap("The quick brown fox jumps over the lazy dog", width: 10)
        #expect(r.lines == ["The quick", "brown fox", "jumps over", "the lazy", "dog"])
        #expect(!r.truncated)
        #expect(r.source == "The quick brown fox jumps over the lazy dog")
    }

    @Test func chineseWrapsByCharactersKeepingClosingPunctuation() {
        let r = TextLayout.wrap("无限消息，所有主题，以及优先支持。", width: 10)
        #expect(r.lines == ["无限消息，", "所有主题，", "以及优先支", "持。"])
        #expect(!r.truncated)
        #expect(TextLayout.wrap("中文中文。", width: 8).lines == ["中文中", "文。"])
    }

    @Test func koreanWrapsByWords() {
        let r = TextLayout.wrap("무제한 메시지와 모든 테마", width: 12)
        #expect(r.lines == ["무제한", "메시지와", "모든 테마"])
        #expect(!r.truncated)
    }

    @Test func longKoreanWordBreaksBetweenSyllables() {
        let r = TextLayout.wrap("가나다라마바사", width: 6)
        #expect(r.lines == ["가나다", "라마바", "사"])
        #expect(!r.truncated)
    }

    @Test func mixedLatinAndChinese() {
        #expect(TextLayout.wrap("Pro版本包含所有功能", width: 8).lines == ["Pro版本", "包含所有", "功能"])
        #expect(TextLayout.wrap("升级到 Pro 解锁全部", width: 9).lines == ["升级到", "Pro 解锁", "全部"])
    }

    @Test func linesNeverExceedTheWidth() {
        let texts = ["The quick brown fox", "无限消息，所有主题", "무제한 메시지와 모든 테마", "Pro版本 mixed 한국어 text！"]
        for text in texts {
            for width in 1...14 {
                let r = TextLayout.wrap(text, width: width)
                for line in r.lines { #expect(DisplayWidth.of(line) <= width, "\(text) @\(width): \(line)") }
            }
        }
    }

    @Test func hardBreaksAndEmptyLines() {
        #expect(TextLayout.wrap("a\n\nb", width: 5).lines == ["a", "", "b"])
        #expect(TextLayout.wrap("one\r\ntwo", width: 5).lines == ["one", "two"])
        #expect(TextLayout.wrap("", width: 5).lines == [""])
    }

    @Test func wordLongerThanTheWidthIsCutWithAnEllipsis() {
        let r = TextLayout.wrap("Supercalifragilistic fun", width: 8)
        #expect(r.lines == ["Superca…", "fun"])
        #expect(r.truncated)
    }

    @Test func tooManyLinesAreCutAtMaxLines() {
        let r = TextLayout.wrap("one two three four five six", width: 9, maxLines: 2)
        #expect(r.lines == ["one two", "three…"])
        #expect(r.truncated)
        let full = TextLayout.wrap("aaaa bbbb cccc", width: 4, maxLines: 2)
        #expect(full.lines == ["aaaa", "bbb…"])
        let zh = TextLayout.wrap("无限消息所有主题", width: 6, maxLines: 1)
        #expect(zh.lines == ["无限…"])
        #expect(zh.truncated)
    }

    @Test func exactFitIsNotTruncated() {
        let r = TextLayout.wrap("hello world", width: 11, maxLines: 1)
        #expect(r.lines == ["hello world"])
        #expect(!r.truncated)
    }

    @Test func wideCharacterWiderThanTheLineIsDroppedAndFlagged() {
        let r = TextLayout.wrap("中", width: 1)
        #expect(r.truncated)
        #expect(r.lines.allSatisfy { $0.isEmpty })
        #expect(TextLayout.wrap("abc", width: 0).truncated)
    }

    @Test func truncateOneLine() {
        #expect(TextLayout.truncate("Hello world", width: 8) == ("Hello w…", true))
        #expect(TextLayout.truncate("中文中文", width: 5) == ("中文…", true))
        #expect(TextLayout.truncate("中文中文", width: 6) == ("中文…", true))
        #expect(TextLayout.truncate("abc", width: 5) == ("abc", false))
        #expect(TextLayout.truncate("ab\ncd", width: 5) == ("ab…", true))
    }

    @Test func alignment() {
        #expect(TextLayout.offset(of: "abc", in: 9, alignment: .center) == 3)
        #expect(TextLayout.offset(of: "中文", in: 7, alignment: .center) == 1)
        #expect(TextLayout.offset(of: "abc", in: 9, alignment: .right) == 6)
        #expect(TextLayout.offset(of: "abcdef", in: 3, alignment: .right) == 0)
        #expect(TextLayout.pad("ab", to: 5, alignment: .right) == "   ab")
        #expect(TextLayout.pad("中", to: 5, alignment: .center) == " 中  ")
        #expect(TextLayout.pad("abcdef", to: 4) == "abc…")
    }
}
