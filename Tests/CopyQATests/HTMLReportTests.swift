import CopyDeck
import Foundation
import TerminalKit
import TestSupport
import PaywallCore
import Testing
@testable import CopyQA

/// Debian's headless chromium, when installed (`.ci/run` installs it).
enum Chromium {
    static var path: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The DOM after the page's script ran.
    static func dumpDOM(_ url: String) throws -> String {
        let data = try Browser.output(of: path ?? "/usr/bin/chromium", ["--headless", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage", "--dump-dom", url])
        return String(decoding: data, as: UTF8.self)
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }
}

@Suite("The HTML page")
struct HTMLReportTests {
    struct Page {
        var html = "", screens = 0, errors = 0, koScreens = 0, offerAScreens = 0, screensWithFindings = 0, screensCut = 0, cutKind = ""
    }

    /// en and ko, one theme and size, offers A and B, with a too-long CTA planted.
    func page() -> Page {
        let deck = Support.deck { $0.set("paywall.cta.trial", "en", "Start your completely free seven day trial now") }
        let sweep = CopySweep(defaults: deck)
        let matrix = SweepMatrix(locales: ["en", "ko"], themes: ["light"], sizes: [.init(width: 80, height: 24)], offers: [.A, .B])
        let findings = sweep.run(matrix)
        let withFindings = Set(findings.map { HTMLReport.id($0.combination, $0.screen, $0.state) })
        let kind = findings.first { $0.key == "paywall.cta.trial" }?.kind ?? .truncated
        let cut = Set(findings.filter { $0.kind == kind }.map { HTMLReport.id($0.combination, $0.screen, $0.state) })
        var page = Page()
        page.cutKind = kind.rawValue
        sweep.render(matrix.combinations) { combination, state, _ in
            page.screens += 1
            if combination.locale == "ko" { page.koScreens += 1 }
            if state.offer == .A { page.offerAScreens += 1 }
            if withFindings.contains(HTMLReport.id(combination, state.screen, state.state)) { page.screensWithFindings += 1 }
            if cut.contains(HTMLReport.id(combination, state.screen, state.state)) { page.screensCut += 1 }
        }
        page.html = Support.onLargeStack { HTMLReport.page(sweep, combinations: matrix.combinations, findings: findings) }
        page.errors = findings.filter { $0.severity == .error && $0.rect != nil }.count
        return page
    }

    @Test("the page is self-contained and holds every screen and marker")
    func structure() {
        let page = page()
        #expect(Chromium.count("<section class=\"screen ", in: page.html) == page.screens)
        #expect(Chromium.count("class=\"mark error\"", in: page.html) == page.errors)
        #expect(page.errors > 0)
        #expect(!page.html.contains("http://") && !page.html.contains("https://"))
        #expect(page.html.contains("<select id=\"f-locale\">") && page.html.contains("<select id=\"f-offer\">") && page.html.contains("<select id=\"f-size\">"))
        #expect(page.html.contains("title=\"error: paywall.cta.trial: "))
    }

    /// A finding is outlined on the cells that show its text: under the help overlay the paywall's
    /// too-long CTA is covered, and its box would fall on the help's own text, so it has none there.
    @Test("each outline is on the drawn text it is about, or there is none")
    func outlinesSitOnTheirText() throws {
        let deck = Support.deck { $0.set("paywall.cta.trial", "en", "Start your completely free seven day trial now") }
        let sweep = CopySweep(defaults: deck)
        let matrix = Support.small(offers: [.A, .B])
        let findings = sweep.run(matrix)
        var grids: [String: CellGrid] = [:]
        sweep.render(matrix.combinations) { combination, state, screen in
            grids[HTMLReport.id(combination, state.screen, state.state)] = screen.grid
        }
        var outlined = 0, hidden = 0
        for finding in findings where finding.key == "paywall.cta.trial" {
            let grid = try #require(grids[HTMLReport.id(finding.combination, finding.screen, finding.state)])
            guard let rect = finding.rect else { hidden += 1; continue }
            outlined += 1
            let cells = grid.text(row: rect.y, from: rect.x, columns: rect.width)
            #expect(cells.contains("Start"), "\(finding.state): the outline covers “\(cells)”")
        }
        #expect(outlined > 0)
        #expect(hidden > 0, "the help overlay covers the CTA in some state")
    }

    @Test("text that looks like markup is drawn as text")
    func markupInCopy() throws {
        let deck = Support.deck { $0.set("paywall.cta.trial", "en", "Go </script> & <b>") }
        let sweep = CopySweep(defaults: deck)
        let matrix = Support.small()
        let html = Support.onLargeStack { HTMLReport.page(sweep, combinations: matrix.combinations, findings: sweep.run(matrix)) }
        #expect(Chromium.count("</script>", in: html) == 1, "only the page's own script ends")
        guard Chromium.path != nil else { return }
        let file = Support.tempDirectory("html-markup").appendingPathComponent("copy.html")
        try Data(html.utf8).write(to: file)
        let built = try Chromium.dumpDOM(file.absoluteString + "#build=all")
        #expect(built.contains("Go &lt;/script&gt; &amp; &lt;b&gt;"))
    }

    @Test("headless chromium shows every screen, the markers, and applies filters from the URL hash",
          .enabled(if: Chromium.path != nil, "chromium is not installed (apt-get install -y chromium; .ci/run does it)"))
    func inChromium() throws {
        let page = page()
        let file = Support.tempDirectory("html").appendingPathComponent("copy.html")
        try Data(page.html.utf8).write(to: file)
        let dom = try Chromium.dumpDOM(file.absoluteString)
        #expect(dom.contains("data-visible=\"\(page.screens)\""), "the page's script did not run or counted wrong")
        #expect(Chromium.count("<section class=\"screen ", in: dom) == page.screens)
        #expect(Chromium.count("class=\"mark error\"", in: dom) == page.errors)
        #expect(dom.contains("\(page.screens) shown"))
        let korean = try Chromium.dumpDOM(file.absoluteString + "#locale=ko")
        #expect(korean.contains("data-visible=\"\(page.koScreens)\""))
        #expect(Chromium.count("hidden=\"\"", in: korean) == page.screens - page.koScreens)
        // Offer B hides offer A's screens but keeps the ones every offer shares.
        let offerB = try Chromium.dumpDOM(file.absoluteString + "#offer=B")
        #expect(offerB.contains("data-visible=\"\(page.screens - page.offerAScreens)\""))
        let flagged = try Chromium.dumpDOM(file.absoluteString + "#findings=1")
        #expect(flagged.contains("data-visible=\"\(page.screensWithFindings)\""))
        #expect(page.screensWithFindings > 0 && page.screensWithFindings < page.screens)
        // A kind of finding (the planted CTA's): only the screens that have one of that kind.
        let ofKind = try Chromium.dumpDOM(file.absoluteString + "#finding=\(page.cutKind)")
        #expect(ofKind.contains("data-visible=\"\(page.screensCut)\""), "\(page.screensCut) screens with \(page.cutKind)")
        #expect(page.screensCut > 0 && page.screensCut <= page.screensWithFindings)
        // Side by side: each screen's en and ko sections are placed one after the other.
        let side = try Chromium.dumpDOM(file.absoluteString + "#side=1")
        #expect(side.contains("<main class=\"side\">"))
        let placed = try NSRegularExpression(pattern: #"data-locale="(\w+)"[^>]*data-same="([^"]*)"[^>]*style="order: (\d+);""#)
        var byOrder: [Int: (locale: String, same: String)] = [:]
        for match in placed.matches(in: side, range: NSRange(side.startIndex..., in: side)) {
            let text = { (i: Int) in String(side[Range(match.range(at: i), in: side)!]) }
            byOrder[Int(text(3))!] = (text(1), text(2))
        }
        #expect(byOrder.count == page.screens, "every section has its place")
        let pairs = stride(from: 0, to: byOrder.count - 1, by: 2).filter { byOrder[$0]?.same == byOrder[$0 + 1]?.same && byOrder[$0]?.locale != byOrder[$0 + 1]?.locale }
        #expect(pairs.count * 2 >= page.screens * 9 / 10, "the same screen's en and ko next to each other: \(pairs.count) pairs of \(page.screens) screens")
        // Grids are built when they scroll into view; `#build=all` builds every one (24 rows each).
        let built = try Chromium.dumpDOM(file.absoluteString + "#build=all")
        // (+1: the script's own source holds the row markup once.)
        #expect(Chromium.count("<g class=\"row\"", in: built) == page.screens * 24 + 1)
        #expect(Chromium.count("<svg xmlns=\"http://www.w3.org/2000/svg\"", in: built) == page.screens)
        #expect(Chromium.count("<g class=\"row\"", in: dom) < page.screens * 24 / 2, "not every grid is built at load")
        #expect(built.contains("Start your"), "the planted CTA is drawn")
    }

    /// The screens as SVGScreen draws them: each section's rows, put together as the page's script
    /// does (shorthand written back, each row at its line), read back cell by cell, are the screen.
    @Test("each screen is drawn by the SVG renderer and reads back as its cells")
    func screensReadBackAsTheirCells() throws {
        let sweep = CopySweep(defaults: Support.deck { _ in })
        let matrix = Support.small(["en", "ko"])
        let html = Support.onLargeStack { HTMLReport.page(sweep, combinations: matrix.combinations, findings: []) }
        var grids: [CellGrid] = []
        sweep.render(matrix.combinations) { _, _, screen in grids.append(screen.grid) }
        let rows = try Self.jsonArray(named: "ROWS", in: html), screens = try Self.jsonArray(named: "GRIDS", in: html)
        let shorthand = try Self.table(named: "SHORTHAND", in: html)
        #expect(!shorthand.isEmpty, "the rows are shortened")
        let expanded = rows.map { row in shorthand.reduce(row) { $0.replacingOccurrences(of: $1[0], with: $1[1]) } }
        let used = try NSRegularExpression(pattern: #"data-grid="(\d+)""#).matches(in: html, range: NSRange(html.startIndex..., in: html))
            .map { Int(html[Range($0.range(at: 1), in: html)!])! }
        try #require(used.count == grids.count)
        let geometry = SVGScreen.Geometry(width: 80, height: 24)
        for (grid, screen) in zip(grids, used) {
            let placed = screens[screen].split(separator: ",").enumerated().map { y, id in
                Self.shifted(expanded[Int(id)!], by: geometry.rowTop(y))
            }.joined()
            let expected = (0..<grid.height).map { y in
                String(grid.text(row: y, from: 0, columns: grid.width).reversed().drop { $0 == " " }.reversed())
            }
            #expect(SVGReader.text(of: placed, width: grid.width, height: grid.height) == expected)
        }
    }

    /// A row's elements moved down by `top` (each `y="…"`), as the script's `translate` does.
    static func shifted(_ row: String, by top: Double) -> String {
        let pattern = try! NSRegularExpression(pattern: #" y="([0-9.]+)""#)
        var out = row
        for match in pattern.matches(in: row, range: NSRange(row.startIndex..., in: row)).reversed() {
            let range = Range(match.range(at: 1), in: row)!
            out.replaceSubrange(range, with: SVGScreen.number(Double(row[range])! + top))
        }
        return out
    }

    static func jsonArray(named name: String, in html: String) throws -> [String] {
        let start = try #require(html.range(of: "var \(name)="))
        let end = try #require(html[start.upperBound...].range(of: ";\n"))
        return try JSONDecoder().decode([String].self, from: Data(html[start.upperBound..<end.lowerBound].utf8))
    }

    static func table(named name: String, in html: String) throws -> [[String]] {
        let start = try #require(html.range(of: "var \(name)="))
        let end = try #require(html[start.upperBound...].range(of: ";\n"))
        return try JSONDecoder().decode([[String]].self, from: Data(html[start.upperBound..<end.lowerBound].utf8))
    }

    /// What a reviewer sees: the screens in the theme's colours, with the planted CTA's outline in
    /// the error colour, in a screenshot of each browser.
    @Test("a screenshot of the page in chromium shows coloured screens and the error outline",
          .enabled(if: Chromium.path != nil, "chromium is not installed (.ci/run installs it)"))
    func screenshotInChromium() throws { try screenshot(browser: "chromium") }

    @Test("a screenshot of the page in firefox shows coloured screens and the error outline",
          .enabled(if: Firefox.path != nil, "firefox is not installed (.ci/run installs firefox-esr)"))
    func screenshotInFirefox() throws { try screenshot(browser: "firefox") }

    func screenshot(browser: String) throws {
        let page = page()
        let file = Support.tempDirectory("html-shot-\(browser)").appendingPathComponent("copy.html")
        try Data(page.html.utf8).write(to: file)
        let url = file.absoluteString + "#build=all&findings=1&locale=en"
        let png = browser == "chromium" ? try Chromium.screenshot(url, width: 1400, height: 1400) : try Firefox.screenshot(url, width: 1400, height: 1400)
        let shot = try Screenshot(png: png)
        let theme = try #require(Theme.builtIn("light"))
        let cta = Screenshot.rgb(try #require(XtermPalette.css(theme.resolve(TextStyle(.cta), depth: .full256).background)))
        #expect(shot.distinct > 20, "\(browser): drawn screens, not a blank page: \(shot.distinct) colours")
        #expect(shot.counts[cta, default: 0] > 500, "\(browser): the CTA's colour \(cta) fills its button: \(shot.counts[cta, default: 0]) pixels")
        #expect(shot.counts[Screenshot.rgb("#ff1744"), default: 0] > 100, "\(browser): the error outline is drawn")
    }

    /// The default sweep's page: under 2 MB (each distinct row is stored once), and its script runs without building every
    /// grid at load. (How fast it opens is a figure, not a test: `data-ready-ms` on `<body>`,
    /// measured by hand with headless Chromium; see docs/copy/workflow.md.)
    @Test("the default page is small and builds grids lazily", .enabled(if: Chromium.path != nil, "chromium is not installed"))
    func defaultPageIsSmallAndFast() throws {
        let sweep = CopySweep(defaults: Support.deck { _ in })
        let matrix = SweepMatrix()
        let findings = sweep.run(matrix)
        let html = Support.onLargeStack { HTMLReport.page(sweep, combinations: matrix.combinations, findings: findings) }
        #expect(html.utf8.count < 2_000_000, "\(html.utf8.count) bytes")
        let file = Support.tempDirectory("html-default").appendingPathComponent("copy.html")
        try Data(html.utf8).write(to: file)
        let dom = try Chromium.dumpDOM(file.absoluteString)
        #expect(dom.contains("data-ready-ms=\""), "the page's script ran to its end")
        #expect(Chromium.count("<g class=\"row\"", in: dom) < 1_890 * 24 / 4, "grids are built when seen, not all at load")
    }
}
