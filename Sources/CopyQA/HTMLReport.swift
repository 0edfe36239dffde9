import Foundation
import PaywallFoundation
import PaywallCore
import PaywallScreens
import TerminalKit

/// One self-contained HTML page: every screen drawn as `SVGScreen` draws it (the renderer of
/// `play --svg` and the README's pictures), findings outlined where they occur (tooltip with the
/// message), filters by locale, theme, offer, size and kind of finding, and the same screen in
/// each locale side by side (also from the URL hash: `#locale=ko&offer=B&size=80x24&finding=truncated&findings=1&side=1`). No network: CSS and script are inline.
///
/// Kept small and fast to open: each distinct row of cells is stored once, as `SVGScreen` draws a
/// row (`ROWS`, a JSON array: the same border, blank or button row is shared by every screen that
/// draws it), a screen is the list of its rows (`GRIDS`, shared by every combination that drew the
/// same cells: the three themes share one), colours are CSS rules per style and theme, and a
/// section's SVG is put together by the script only when it scrolls into view.
public enum HTMLReport {
    /// The page for `combinations`, marking `findings` (from `CopySweep.run` over the same combinations).
    /// `counts`, the report's defects (`CheckReport.counts(of:)`), head the page as the command
    /// line prints them (one per defect); without them, the findings marked are counted.
    public static func page(_ sweep: CopySweep, combinations: [SweepCombination], findings: [Finding],
                            counts: (errors: Int, warnings: Int)? = nil) -> String {
        var byScreen: [String: [Finding]] = [:]
        for finding in findings { byScreen[id(finding.combination, finding.screen, finding.state), default: []].append(finding) }
        let themeNames = unique(combinations.map(\.theme))
        let themes = themeNames.map { sweep.theme(named: $0) }
        let themeIndex = Dictionary(themeNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var styles = StyleTable()
        // A style's class, and a background rect wherever any theme paints one (`fill:none` in the others).
        var appearances: [TextStyle: (index: Int, resolved: ResolvedStyle)] = [:]
        func appearance(_ style: TextStyle) -> (index: Int, resolved: ResolvedStyle) {
            if let known = appearances[style] { return known }
            let each = themes.map { $0.resolve(style, depth: .full256) }
            var resolved = each.first ?? ResolvedStyle(foreground: nil, background: nil, bold: false, underline: false, reverse: false)
            if let painted = each.first(where: { $0.background != nil || $0.reverse }) { resolved = painted }
            let known = (styles.index(style), resolved)
            appearances[style] = known
            return known
        }
        var rowIndex: [String: Int] = [:]
        var rows: [String] = []
        var blobs: [String: Int] = [:]
        var blobTexts: [String] = []
        var frames: [String: String] = [:]
        var sections: [String] = []
        var count = 0
        sweep.render(combinations) { combination, state, screen in
            count += 1
            let tooSmall = ScreenName.tooSmall.rawValue
            let name = screen.screenName == tooSmall ? tooSmall : state.screen
            let marks = byScreen[id(combination, name, state.state)] ?? []
            let grid = screen.grid
            let blob = (0..<grid.height).map { y in
                let row = SVGScreen.rowBody(grid, row: y, top: 0, style: appearance)
                if let known = rowIndex[row] { return String(known) }
                rowIndex[row] = rows.count
                rows.append(row)
                return String(rows.count - 1)
            }.joined(separator: ",")
            let index: Int
            if let known = blobs[blob] { index = known } else {
                index = blobTexts.count
                blobs[blob] = index
                blobTexts.append(blob)
            }
            let geometry = SVGScreen.Geometry(width: grid.width, height: grid.height)
            let size = "\(grid.width)x\(grid.height)"
            if frames[size] == nil { frames[size] = SVGScreen.window(geometry, title: "", css: "", defs: "", body: "\u{0}") }
            sections.append(section(number: count, combination: combination, state: state, name: name, grid: index,
                                    geometry: geometry, theme: themeIndex[combination.theme] ?? 0, findings: marks))
        }
        let locales = unique(combinations.map(\.locale))
        let offers = unique(combinations.map(\.offer.rawValue)), sizes = unique(combinations.map { "\($0.width)x\($0.height)" })
        let kinds = unique(findings.map(\.kind.rawValue)).sorted()
        let errors = counts?.errors ?? findings.filter { $0.severity == .error }.count
        let warnings = counts?.warnings ?? findings.filter { $0.severity == .warning }.count
        let seen = counts == nil ? "" : ", seen \(findings.count) time(s) across screens, states and combinations"
        var css = [SVGScreen.sharedRules(scope: ".grid ")]
        // Each size's box, named by a class rather than written on every screen.
        css += frames.keys.sorted().compactMap { size -> String? in
            let cells = size.split(separator: "x").compactMap { Int($0) }
            guard cells.count == 2 else { return nil }
            let geometry = SVGScreen.Geometry(width: cells[0], height: cells[1])
            return ".\(sizeClass(geometry)){width:\(geometry.pixelWidth)px;height:\(geometry.pixelHeight)px}"
        }
        for (index, theme) in themes.enumerated() {
            css += styles.order.enumerated().map { number, style in
                SVGScreen.rules(for: theme.resolve(style, depth: .full256), index: number, scope: ".t\(index) ", clearsBackground: true)
            }
        }
        // Each size's window, split where a screen's rows go.
        let frameParts = frames.keys.sorted().map { size -> String in
            let parts = frames[size]!.components(separatedBy: "\u{0}")
            return "\"\(size)\":\(jsonArray(parts))"
        }.joined(separator: ",")
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>PaywallSim copy check</title>
        <style>
        body{font-family:system-ui,sans-serif;background:#2b2b2b;color:#eee;margin:16px}
        header{position:sticky;top:0;background:#2b2b2b;padding:8px 0;z-index:5}
        select,label{margin-right:12px}
        .screen{display:inline-block;vertical-align:top;margin:0 16px 24px 0;content-visibility:auto}
        .screen[hidden]{display:none}
        main.side{display:flex;flex-wrap:wrap;align-items:flex-start}
        .screen h3{font-size:13px;font-weight:normal;margin:4px 0}
        .screen h3 b{color:#ff8a80}
        .grid{position:relative}
        .grid svg{display:block}
        .mark{position:absolute;box-sizing:border-box;outline:2px solid #ff1744;outline-offset:0;pointer-events:auto}
        .mark.warning{outline-color:#ffc400}.mark.info{outline-color:#40c4ff}
        ul.findings{font-size:12px;margin:4px 0;padding-left:18px;max-width:100ch}
        li.error{color:#ff8a80}li.warning{color:#ffe57f}li.info{color:#80d8ff}
        \(css.joined(separator: "\n"))
        </style></head>
        <body data-screens="\(count)" data-errors="\(errors)" data-warnings="\(warnings)">
        <header><strong>PaywallSim copy check</strong> — \(count) screens, \(errors) error(s), \(warnings) warning(s)\(seen).
        \(select("locale", locales))\(select("theme", themeNames))\(select("offer", offers))\(select("size", sizes))
        \(select("finding", kinds))<label><input type="checkbox" id="f-findings"> only screens with findings</label>
        <label><input type="checkbox" id="f-side"> locales side by side</label>
        <span id="count"></span></header>
        <main>
        """
        html += sections.joined(separator: "\n")
        html += "\n</main>\n"
        let shortened = RowShorthand(rows: rows)
        html += "<script>\nvar THEMES=\(jsonArray(themeNames));\nvar FRAMES={\(frameParts)};\nvar SHORTHAND=\(shortened.table);\n"
            + "var ROW_TOP=\(SVGScreen.number(SVGScreen.Geometry(width: 0, height: 0).rowTop(0))),ROW_HEIGHT=\(SVGScreen.number(SVGScreen.lineHeight));\nvar ROWS=\(jsonArray(shortened.rows));\nvar GRIDS=\(jsonArray(blobTexts));\n"
            + script + "\n</script>\n</body></html>\n"
        return html
    }

    static func id(_ combination: SweepCombination, _ screen: String, _ state: String) -> String {
        "\(combination)|\(screen)|\(state)"
    }

    static func select(_ name: String, _ values: [String]) -> String {
        "<label>\(name) <select id=\"f-\(name)\"><option value=\"\">all</option>"
            + values.map { "<option value=\"\(escape($0))\">\(escape($0))</option>" }.joined() + "</select></label>"
    }

    /// `values` as a JSON array that is safe inside `<script>`: JSONEncoder writes `/` as `\/`, so
    /// no `</script>` can occur.
    static func jsonArray(_ values: [String]) -> String {
        let data = (try? JSONEncoder().encode(values)) ?? Data(utf8: "[]")
        return String(decoding: data, as: UTF8.self)
    }

    /// The class that sizes a screen's box: `z80x24`.
    static func sizeClass(_ geometry: SVGScreen.Geometry) -> String { "z\(geometry.width)x\(geometry.height)" }

    static func section(number: Int, combination: SweepCombination, state: ScreenState, name: String, grid: Int,
                        geometry: SVGScreen.Geometry, theme: Int, findings: [Finding]) -> String {
        let offer = state.offer?.rawValue ?? "*"
        let errors = findings.filter { $0.severity == .error }.count
        var out = "<section class=\"screen t\(theme)\" id=\"s\(number)\" data-locale=\"\(escape(combination.locale))\" data-theme=\"\(escape(combination.theme))\""
            + " data-offer=\"\(offer)\" data-size=\"\(combination.width)x\(combination.height)\" data-screen=\"\(escape(name))\""
            // A screen without findings has neither findings attribute (the script reads them as none).
            + (findings.isEmpty ? "" : " data-findings=\"\(findings.count)\" data-finding=\" \(unique(findings.map(\.kind.rawValue)).joined(separator: " ")) \"")
            + " data-grid=\"\(grid)\">"
        out += "<h3>\(escape(name))\(state.state.isEmpty ? "" : " · " + escape(state.state)) — \(escape(combination.description))"
            + (findings.isEmpty ? "" : " <b>\(findings.count) finding(s), \(errors) error(s)</b>") + "</h3>"
        out += "<div class=\"grid \(sizeClass(geometry))\">"
        for finding in findings {
            guard let rect = finding.rect else { continue }
            let left = geometry.columnLeft(rect.x), top = geometry.rowTop(rect.y)
            let width = Double(rect.width) * SVGScreen.cellWidth, height = Double(rect.height) * SVGScreen.lineHeight
            out += "<div class=\"mark \(finding.severity.rawValue)\" data-kind=\"\(finding.kind.rawValue)\" data-key=\"\(escape(finding.key ?? ""))\""
                + " style=\"left:\(SVGScreen.number(left))px;top:\(SVGScreen.number(top))px;width:\(SVGScreen.number(width))px;height:\(SVGScreen.number(height))px\""
                + " title=\"\(escape("\(finding.severity.rawValue): \(finding.key ?? "(screen)"): \(finding.message)"))\"></div>"
        }
        out += "</div>"
        if !findings.isEmpty {
            out += "<ul class=\"findings\">" + findings.map {
                "<li class=\"\($0.severity.rawValue)\">\($0.severity.rawValue): <code>\(escape($0.key ?? "(screen)"))</code> \(escape($0.message))</li>"
            }.joined() + "</ul>"
        }
        return out + "</section>"
    }

    /// The rows with the markup every row repeats (`<rect class="b`, `" height="18"/>`, …) written
    /// as one private-use character each, which the page's script writes back: a third of the bytes.
    /// Left whole when some row's own text holds one of those characters.
    struct RowShorthand {
        static let markup = ["<rect class=\"b", "<rect class=\"s", "<text class=\"s", "\" y=\"0\" width=\"", "\" height=\"18\"/>",
                             "\" y=\"14.04\" textLength=\"", "\" lengthAdjust=\"spacingAndGlyphs\">", "</text>", "\" x=\""]
        var rows: [String]
        /// `[[character, markup], …]` as JSON, in the order the script replaces them.
        var table = "[]"

        init(rows: [String]) {
            self.rows = rows
            let marks = Self.markup.indices.map { String(UnicodeScalar(0xE000 + $0)!) }
            let reserved = UInt32(0xE000)..<UInt32(0xE000 + Self.markup.count)
            guard !rows.contains(where: { row in row.unicodeScalars.contains { reserved.contains($0.value) } }) else { return }
            self.rows = rows.map { row in zip(Self.markup, marks).reduce(row) { $0.replacingOccurrences(of: $1.0, with: $1.1) } }
            table = "[" + zip(marks, Self.markup).map { jsonArray([$0, $1]) }.joined(separator: ",") + "]"
        }
    }

    static func escape(_ text: String) -> String { XMLText.escape(text) }

    static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    static let script = """
    (function(){
      var names=['locale','theme','offer','size','finding'];
      function build(section){
        if(section.getAttribute('data-built'))return;
        section.setAttribute('data-built','1');
        var grid=section.querySelector('.grid'),frame=FRAMES[section.getAttribute('data-size')],body='';
        GRIDS[+section.getAttribute('data-grid')].split(',').forEach(function(index,y){
          var row=ROWS[+index];
          SHORTHAND.forEach(function(t){row=row.split(t[0]).join(t[1]);});
          body+='<g class="row" transform="translate(0,'+(Math.round((ROW_TOP+y*ROW_HEIGHT)*100)/100)+')">'+row+'</g>';
        });
        var holder=document.createElement('div');holder.innerHTML=frame[0]+body+frame[1];
        grid.insertBefore(holder.firstElementChild,grid.firstChild);
      }
      var seen=('IntersectionObserver' in window)?new IntersectionObserver(function(es){
        es.forEach(function(e){if(e.isIntersecting){build(e.target);seen.unobserve(e.target);}});
      },{rootMargin:'600px'}):null;
      document.querySelectorAll('section.screen').forEach(function(s){
        if(seen)seen.observe(s);else build(s);
      });
      // The same screen in every locale: its name and state (the heading before the dash), theme, offer and size.
      function same(s){
        var key=s.getAttribute('data-same');
        if(key===null){key=s.querySelector('h3').textContent.split(' \\u2014 ')[0]+'|'+['theme','offer','size'].map(function(n){return s.getAttribute('data-'+n);}).join('|');s.setAttribute('data-same',key);}
        return key;
      }
      function apply(){
        var want={};names.forEach(function(n){want[n]=document.getElementById('f-'+n).value;});
        var only=document.getElementById('f-findings').checked, shown=0;
        document.querySelectorAll('section.screen').forEach(function(s){
          var ok=names.every(function(n){var v=want[n];if(!v)return true;var d=s.getAttribute('data-'+n);
            if(n==='finding')return (d||'').indexOf(' '+v+' ')>=0;return d===v||(n==='offer'&&d==='*');});
          if(only&&!s.getAttribute('data-findings'))ok=false;
          if(ok){s.removeAttribute('hidden');shown++;}else{s.setAttribute('hidden','');}
        });
        // Side by side: the same screen (state, theme, offer, size) in each locale, one after another.
        var side=document.getElementById('f-side').checked,main=document.querySelector('main');
        main.className=side?'side':'';
        var all=Array.prototype.slice.call(document.querySelectorAll('section.screen'));
        if(side){all.map(function(s,i){return [same(s),i,s];}).sort(function(a,b){return a[0]<b[0]?-1:a[0]>b[0]?1:a[1]-b[1];})
          .forEach(function(e,rank){e[2].style.order=String(rank);});}
        else all.forEach(function(s){s.style.order='';});
        document.body.setAttribute('data-visible',String(shown));
        document.getElementById('count').textContent=shown+' shown';
      }
      function fromHash(){
        var text=(location.hash||'').replace(/^#/,'')||(location.search||'').replace(/^\\?/,'');
        text.split('&').forEach(function(p){
          var kv=p.split('=');if(kv.length!==2)return;var k=decodeURIComponent(kv[0]),v=decodeURIComponent(kv[1]);
          if(k==='findings'||k==='side'){document.getElementById('f-'+k).checked=(v==='1');return;}
          var el=document.getElementById('f-'+k);if(el)el.value=v;
        });
      }
      names.forEach(function(n){document.getElementById('f-'+n).addEventListener('change',apply);});
      document.getElementById('f-findings').addEventListener('change',apply);
      document.getElementById('f-side').addEventListener('change',apply);
      window.addEventListener('hashchange',function(){fromHash();apply();});
      fromHash();apply();
      window.buildAll=function(){document.querySelectorAll('section.screen').forEach(build);};
      if(/(^|[#&?])build=all/.test(location.hash+location.search))window.buildAll();
      document.body.setAttribute('data-ready-ms',String(Math.round(performance.now())));
    })();
    """
}
