import Testing
@testable import PaywallScreens
@testable import TerminalKit

@Suite("Color depth and theme resolution")
struct ThemeResolutionTests {
    @Test(arguments: [
        (["TERM": "xterm-256color"], ColorDepth.full256),
        (["TERM": "xterm-256color", "NO_COLOR": "1"], .none),
        (["TERM": "xterm-256color", "NO_COLOR": ""], .full256),
        (["TERM": "xterm", "COLORTERM": "truecolor"], .full256),
        (["TERM": "xterm"], .eight),
        (["TERM": "screen"], .eight),
        (["TERM": "tmux-256color"], .full256),
        (["TERM": "rxvt-unicode-16color"], .sixteen),
        (["TERM": "linux"], .eight),
        (["TERM": "dumb"], .none),
        (["TERM": "vt100"], .none),
        (["TERM": "vt220"], .none),
        (["TERM": "xterm-mono"], .none),
        (["TERM": ""], .none),
        ([:], .none),
    ])
    func detection(environment: [String: String], expected: ColorDepth) {
        #expect(ColorDepth.detect(environment: environment) == expected)
    }

    @Test func terminfoAndNames() {
        #expect(ColorDepth(terminfoColors: 256) == .full256)
        #expect(ColorDepth(terminfoColors: 88) == .sixteen)
        #expect(ColorDepth(terminfoColors: 8) == .eight)
        #expect(ColorDepth(terminfoColors: -1) == .none)
        #expect(ColorDepth(name: "mono") == ColorDepth.none)
        #expect(ColorDepth(name: "16") == .sixteen)
        #expect(ColorDepth(name: "lots") == nil)
        #expect(min(ColorDepth.full256, .eight) == .eight)
    }

    @Test func eachDepthPicksItsFallback() throws {
        let theme = try #require(Theme.builtIn("dark"))
        let cta = TextStyle(.cta)
        #expect(theme.resolve(cta, depth: .full256) == ResolvedStyle(foreground: 16, background: 42, bold: true, underline: false, reverse: false))
        #expect(theme.resolve(cta, depth: .sixteen).background == 10)
        #expect(theme.resolve(cta, depth: .eight).background == 2)
        #expect(theme.resolve(cta, depth: .none) == ResolvedStyle(foreground: nil, background: nil, bold: true, underline: false, reverse: true))
    }

    @Test func monochromeKeepsAttributesAndStyleFlagsAdd() throws {
        let theme = try #require(Theme.builtIn("dark"))
        let muted = theme.resolve(TextStyle(.muted, underline: true), depth: .none)
        #expect(muted == ResolvedStyle(foreground: nil, background: nil, bold: false, underline: true, reverse: false))
        let error = theme.resolve(TextStyle(.error), depth: .none)
        #expect(error.bold && error.underline)
        let title = theme.resolve(TextStyle(.title), depth: .none)      // no mono: → its own attributes
        #expect(title.bold)
    }

    @Test func missingRolesFallBack() throws {
        let theme = try ThemeParser.parse("text = 252\naccent = 111 bold\nmuted = 245\n", file: "t.theme")
        #expect(theme.style(for: .link).foreground.color256 == 111)        // link → accent
        #expect(theme.style(for: .priceSecondary).foreground.color256 == 245) // → muted
        #expect(theme.style(for: .title).foreground.color256 == 252)       // → text
        #expect(theme.style(for: .surface) == RoleStyle())                  // → background → plain
        for role in StyleRole.allCases {                                      // fallbacks end
            var seen: Set<StyleRole> = [], current: StyleRole? = role
            while let r = current { #expect(seen.insert(r).inserted); current = r.fallback }
        }
    }

    @Test func nearestSixteenColors() {
        #expect(ThemeColor.nearest16(to: 3) == 3)
        #expect(ThemeColor.nearest16(to: 196) == 9)     // pure red → bright red
        #expect(ThemeColor.nearest16(to: 16) == 0)      // cube black
        #expect(ThemeColor.nearest16(to: 231) == 15)    // cube white
        #expect(ThemeColor.nearest16(to: 244) == 8)     // mid gray
        #expect(ThemeColor.to8(12) == 4)
    }

    @Test func glyphSetsAndLocale() {
        #expect(GlyphSet.localeIsUTF8(environment: ["LANG": "en_US.UTF-8"]))
        #expect(GlyphSet.localeIsUTF8(environment: ["LC_ALL": "C.utf8", "LANG": "C"]))
        #expect(!GlyphSet.localeIsUTF8(environment: ["LC_ALL": "C", "LANG": "en_US.UTF-8"]))
        #expect(!GlyphSet.localeIsUTF8(environment: [:]))
        #expect(GlyphSet.forTerminal(preferred: .rounded, environment: ["LANG": "C.UTF-8", "TERM": "xterm"]) == .rounded)
        #expect(GlyphSet.forTerminal(preferred: .rounded, environment: ["TERM": "xterm"]) == .rounded)
        #expect(GlyphSet.forTerminal(preferred: .square, environment: ["LANG": "C", "TERM": "xterm"]) == .ascii)
        #expect(GlyphSet.forTerminal(preferred: .rounded, environment: ["LANG": "en_US.UTF-8", "TERM": "vt100"]) == .ascii)
        for glyph in [GlyphSet.ascii.topLeft, GlyphSet.ascii.bullet, GlyphSet.ascii.pointer] + GlyphSet.ascii.spinner {
            let isASCII = glyph.unicodeScalars.allSatisfy { $0.isASCII }
            #expect(isASCII, "\(glyph)")
        }
        for set in GlyphSet.all.values {
            for g in [set.topLeft, set.topRight, set.bottomLeft, set.bottomRight, set.horizontal, set.vertical] {
                #expect(DisplayWidth.of(g) == 1)
            }
        }
    }
}
