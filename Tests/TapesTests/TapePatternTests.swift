import Foundation
import Testing
@testable import Tapes

/// A `/pattern/` without metacharacters is matched as text, with no regex compiled: it must agree
/// with `NSRegularExpression` (`.anchorsMatchLines`) on every screen, and the rest must still compile.
@Suite("Tape patterns")
struct TapePatternTests {
    let screens = [
        "Welcome to Premium\nYour plan: Yearly",
        "Welcome to\nPremium",
        "  Weekly  $9.99 per week\n▸ ◉ Yearly  $59.99 per year",
        "Café au lait\nCafe\u{301} au lait",
        "Dauerhaft – 한국어 요금제\n3일 무료 체험",
        "a#b c/d e-f 'g' \"h\" <i> ~j~ %k @l !m &n =o ,p ;q :r",
        "",
        "🙂 Premium 🙂",
    ]
    let literals = ["Welcome to Premium", "Premium", "Yearly", "to\nPremium".replacingOccurrences(of: "\n", with: " "),
                    "$", "Café", "e\u{301}", "한국어", "3일", "a#b", "c/d", "e-f", "'g'", "\"h\"", "<i>", "~j~",
                    "%k @l !m &n =o ,p ;q :r", "🙂 P", "absent", " "]

    @Test func literalPatternsAgreeWithTheRegexEngine() throws {
        for literal in literals where TapePattern.isLiteral(literal) {
            let pattern = try #require(TapePattern(literal))
            let regex = try NSRegularExpression(pattern: literal, options: [.anchorsMatchLines])
            for screen in screens {
                let expected = regex.firstMatch(in: screen, range: NSRange(screen.startIndex..., in: screen)) != nil
                #expect(pattern.matches(screen) == expected, "/\(literal)/ on \(screen.debugDescription)")
            }
        }
    }

    @Test func whatCountsAsLiteral() {
        #expect(TapePattern.isLiteral("Welcome to Premium"))
        #expect(TapePattern.isLiteral("a/b c#d 한국어"))
        for meta in ["\\d", "^Yearly", "99$", "a.b", "a|b", "a?", "a*", "a+", "(a)", "[ab]", "a{2}", "}"] {
            #expect(!TapePattern.isLiteral(meta), "\(meta)")
        }
    }

    @Test func otherPatternsStillCompileAndMatchByLine() throws {
        let screen = "Best value\nYearly $59.99\nWeekly $9.99"
        #expect(try #require(TapePattern("^Yearly")).matches(screen))
        #expect(!(try #require(TapePattern("^Best value$\\nWeekly"))).matches(screen))
        #expect(try #require(TapePattern("\\$[0-9]+\\.99$")).matches(screen))
        #expect(!(try #require(TapePattern("value.Yearly"))).matches(screen))
        #expect(TapePattern("purchas(ed") == nil)
        #expect(TapePattern("[unclosed") == nil)
    }

    @Test func equalityAndHashingFollowThePatternText() throws {
        let a = try #require(TapePattern("Yearly"))
        let b = try #require(TapePattern("Yearly"))
        let c = try #require(TapePattern("Year.y"))
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(Set([a, b, c]).count == 2)
    }
}
