import CopyQA
import Foundation
import Testing
import TestSupport
import TerminalKit

/// `copy screens --format svg`: each state as an SVG image that holds the same cells as the text
/// goldens and the same bytes on every run.
@Suite("Screens as SVG")
struct SVGScreenTests {
    static let matrix = SweepMatrix(locales: ["en", "ko"], themes: ["dark", "light"],
                                    sizes: [TerminalSize(width: 80, height: 24)], offers: [.A, .C])

    static func readBack(_ svg: String, width: Int, height: Int) -> [String] { SVGReader.text(of: svg, width: width, height: height) }

    @Test func eachSVGHoldsTheScreensCellsAndTheSameBytesOnEveryRun() throws {
        let first = ScreenFiles.svgFiles(try CopyQAInputs(matrix: Self.matrix).sweep(), matrix: Self.matrix)
        let second = ScreenFiles.svgFiles(try CopyQAInputs(matrix: Self.matrix).sweep(), matrix: Self.matrix)
        #expect(first.count > 40)
        #expect(first == second, "two runs gave different SVG bytes")
        // Every SVG's text, read back cell by cell, is the screen's text.
        var screens: [String] = []
        try CopyQAInputs(matrix: Self.matrix).sweep().render(Self.matrix.combinations) { _, _, screen in screens.append(screen.plainText) }
        #expect(screens.count == first.count)
        var differ: [String] = []
        for (file, text) in zip(first, screens) {
            let expected = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
            let read = Self.readBack(file.text, width: 80, height: 24)
            if Array(expected.prefix(24)) != read { differ.append(file.path) }
        }
        #expect(differ.isEmpty, "\(differ.count) SVGs differ from their screen's text: \(differ.prefix(5))")
        // Small: the paywall in colour is a few kilobytes, no script, no external resource.
        let paywall = try #require(first.first { $0.path.hasPrefix("paywall/en-dark-A-80x24") })
        #expect(paywall.text.utf8.count < 40_000)
        #expect(!paywall.text.contains("<script") && !paywall.text.contains("href="))
        #expect(paywall.text.contains(".b") && paywall.text.contains("fill:#"), "the CTA's colour is drawn")
    }
}

/// The SVGs as a browser draws them: headless Chromium paints the README's paywall screenshot
/// with the CTA in the theme's CTA colour where the SVG puts the CTA, and the animated demo's first
/// screen (not a blank window). Pixels are read through a canvas in the page, so no image decoder is needed.
@Suite("SVGs in headless Chromium and Firefox")
struct SVGInChromiumTests {
    /// The colour at each point once `svg` is drawn (`r,g,b`), and how many colours a sample of its pixels holds.
    static func pixels(of svg: String, at points: [(Int, Int)]) throws -> (colours: [String], distinct: Int) {
        try pixels(ofImage: Data(svg.utf8), type: "image/svg+xml", at: points)
    }

    /// The same for an image of any type the browser decodes (`image/gif`: an animated GIF's first frame).
    static func pixels(ofImage data: Data, type: String, at points: [(Int, Int)]) throws -> (colours: [String], distinct: Int) {
        let encoded = data.base64EncodedString()
        let reads = points.map { "p.push(x.getImageData(\($0.0),\($0.1),1,1).data.slice(0,3).join(','));" }.joined()
        let html = """
        <!DOCTYPE html><html><body><canvas id="c" width="1200" height="800"></canvas><script>
        var img=new Image();img.onload=function(){var x=document.getElementById('c').getContext('2d');x.drawImage(img,0,0);var p=[];\(reads)
        var all=x.getImageData(0,0,img.width,img.height).data,seen={};for(var i=0;i<all.length;i+=4*97){seen[all[i]+','+all[i+1]+','+all[i+2]]=1;}
        document.body.setAttribute('data-pixels',p.join(' '));document.body.setAttribute('data-distinct',String(Object.keys(seen).length));};
        img.src='data:\(type);base64,\(encoded)';</script></body></html>
        """
        let file = Support.tempDirectory("svg-chromium").appendingPathComponent("page-\(UUID().uuidString).html")
        try Data(html.utf8).write(to: file)
        let dom = String(decoding: try Browser.output(of: Chromium.path ?? "/usr/bin/chromium", ["--headless", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage",
                                                                                      "--virtual-time-budget=3000", "--dump-dom", file.absoluteString]), as: UTF8.self)
        func attribute(_ name: String) -> String? {
            guard let start = dom.range(of: "\(name)=\"") else { return nil }
            return String(dom[start.upperBound...].prefix { $0 != "\"" })
        }
        let colours = attribute("data-pixels")?.split(separator: " ").map(String.init) ?? []
        return (colours, Int(attribute("data-distinct") ?? "") ?? 0)
    }

    @Test(.enabled(if: Chromium.path != nil, "chromium is not installed (.ci/run installs it)"))
    func theREADMEPaywallShowsTheCTAInTheThemesColour() throws {
        let svg = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Scripts/tapes/offers/paywall.svg"), encoding: .utf8)
        // Where the SVG puts the CTA: the background rect drawn under its text.
        let (x, y) = try Self.ctaPoint(in: svg)
        // The colour the dark theme gives a CTA, as xterm's palette writes it.
        let theme = try #require(Theme.builtIn("dark"))
        let css = try #require(XtermPalette.css(theme.resolve(TextStyle(.cta), depth: .full256).background))
        let rgb = stride(from: 1, to: 7, by: 2).map { String(Int(css.dropFirst($0).prefix(2), radix: 16)!) }.joined(separator: ",")
        let painted = try Self.pixels(of: svg, at: [(x, y), (6, 6)])
        #expect(painted.colours.first == rgb, "the CTA at (\(x), \(y)) is \(painted.colours.first ?? "nothing"), the theme's \(css) is \(rgb)")
        #expect(painted.distinct > 20, "a drawn screen, not a blank window: \(painted.distinct) colours")
    }

    /// Firefox draws the same picture: the CTA's colour where the SVG puts the CTA (a screenshot
    /// of the SVG itself, at 1:1), and the animated demo's first screen.
    @Test(.enabled(if: Firefox.path != nil, "firefox is not installed (.ci/run installs firefox-esr)"))
    func firefoxDrawsTheREADMEPaywallAndTheDemo() throws {
        let root = TestPaths.packageRoot.appendingPathComponent("Scripts/tapes")
        let svg = try String(contentsOf: root.appendingPathComponent("offers/paywall.svg"), encoding: .utf8)
        let (x, y) = try Self.ctaPoint(in: svg)
        let theme = try #require(Theme.builtIn("dark"))
        let cta = Screenshot.rgb(try #require(XtermPalette.css(theme.resolve(TextStyle(.cta), depth: .full256).background)))
        let shot = try Screenshot(png: try Firefox.screenshot(root.appendingPathComponent("offers/paywall.svg").absoluteString, width: 900, height: 600), at: [(x, y)])
        #expect(shot.points.first == cta, "the CTA at (\(x), \(y)) is \(shot.points.first ?? "nothing"), the theme's is \(cta)")
        #expect(shot.distinct > 20, "a drawn screen: \(shot.distinct) colours")
        let demo = try Screenshot(png: try Firefox.screenshot(root.appendingPathComponent("demo.svg").absoluteString, width: 900, height: 600))
        #expect(demo.distinct > 20, "the demo's first screen is drawn: \(demo.distinct) colours")
    }

    /// A point inside the CTA's background rect in the README's paywall SVG.
    static func ctaPoint(in svg: String) throws -> (Int, Int) {
        let pattern = try NSRegularExpression(pattern: #"<rect class="b\d+" x="([0-9.]+)" y="([0-9.]+)" width="[0-9.]+" height="18"/><text class="s\d+" x="[0-9.]+" y="[0-9.]+" textLength="[0-9.]+" lengthAdjust="spacingAndGlyphs">Start free trial</text>"#)
        let match = try #require(pattern.firstMatch(in: svg, range: NSRange(svg.startIndex..., in: svg)))
        return (Int(Double(svg[Range(match.range(at: 1), in: svg)!])!) + 2, Int(Double(svg[Range(match.range(at: 2), in: svg)!])!) + 1)
    }

    /// The README's animated GIF as a browser shows it: Chromium decodes it (no image library of
    /// ours) and its first frame is the onboarding screen in the dark theme's colours, not a blank.
    @Test(.enabled(if: Chromium.path != nil, "chromium is not installed (.ci/run installs it)"))
    func chromiumShowsTheDemoGIF() throws {
        let gif = try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Scripts/tapes/demo.gif"))
        // (12, 24): inside the frame's second row, left of any text; the dark theme's background 234.
        let painted = try Self.pixels(ofImage: gif, type: "image/gif", at: [(12, 24)])
        #expect(painted.distinct >= 3, "a screen is drawn: \(painted.distinct) colours")
        #expect(painted.colours == ["28,28,28"], "the dark theme's background (xterm 234, #1c1c1c): \(painted.colours)")
    }

    @Test(.enabled(if: Chromium.path != nil, "chromium is not installed (.ci/run installs it)"))
    func theAnimatedDemoShowsAScreen() throws {
        let svg = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Scripts/tapes/demo.svg"), encoding: .utf8)
        let painted = try Self.pixels(of: svg, at: [])
        #expect(painted.distinct > 20, "the first screen is drawn: \(painted.distinct) colours")
    }
}
