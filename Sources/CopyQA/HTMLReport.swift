import Foundation
import PaywallFoundation
import PaywallCore
import PaywallScreens
import TerminalKit

/// One self-contained HTML page: every screen, findings outlined where they occur (tooltip with the
/// message), filters by locale, theme, offer, size and kind of finding, and the same screen in
/// each locale side by side (also from the URL hash: `#locale=ko&offer=B&size=80x24&finding=truncated&findings=1&side=1`). No network: CSS and script are inline.
///
/// Kept small and fast to open: each distinct row of cells is stored once, as text plus style runs
/// (`ROWS`, a JSON array: the same border, blank or button row is shared by every screen that
/// draws it), a screen is the list of its rows (`GRIDS`, shared by every combination that drew the
/// same cells: the three themes share one), colours are CSS classes per style and theme, and a
/// section's grid is built by the script only when it scrolls into view.
public enum HTMLReport {
    /// The page for `combinations`, marking `findings` (from `CopySweep.run` over the same combinations).
    public static func page(_ sweep: CopySweep, combinations: [SweepCombination], findings: [Finding]) -> String {
        var byScreen: [String: [Finding]] = [:]
        for finding in findings { byScreen[id(finding.combination, finding.screen, finding.state), default: []].append(finding) }
        var styles = StyleTable()
        var rowIndex: [String: Int] = [:]
        var rows: [String] = []
        var blobs: [String: Int] = [:]
        var blobTexts: [String] = []
        var sections: [String] = []
        var count = 0
        let themeNames = unique(combinations.map(\.theme))
        let themeIndex = Dictionary(themeNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        sweep.render(combinations) { combination, state, screen in
            count += 1
            let name = screen.screenName == "tooSmall" ? "tooSmall" : state.screen
            let marks = byScreen[id(combination, name, state.state)] ?? []
            let blob = encode(screen.grid, styles: &styles).map { row in
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
            sections.append(section(number: count, combination: combination, state: state, name: name, grid: index,
                                    theme: themeIndex[combination.theme] ?? 0, findings: marks))
        }
        let locales = unique(combinations.map(\.locale))
        let offers = unique(combinations.map(\.offer.rawValue)), sizes = unique(combinations.map { "\($0.width)x\($0.height)" })
        let kinds = unique(findings.map(\.kind.rawValue)).sorted()
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        var css: [String] = []
        for (index, name) in themeNames.enumerated() {
            let theme = sweep.theme(named: name)
            let page = theme.resolve(TextStyle(.background), depth: .full256)
            css.append(".t\(index) .grid{\(XtermPalette.css(page.background).map { "background:\($0);" } ?? "")}")
            css.append(styles.css(theme: theme, scope: ".t\(index)"))
        }
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
        .grid{position:relative;font-family:'DejaVu Sans Mono','Noto Sans Mono CJK SC',monospace;font-size:14px;line-height:17px;color:#e5e5e5;background:#101010}
        .row{height:17px;white-space:pre}
        .row span{display:inline-block;overflow:hidden;vertical-align:top;height:17px}
        .mark{position:absolute;box-sizing:border-box;outline:2px solid #ff1744;outline-offset:0;pointer-events:auto}
        .mark.warning{outline-color:#ffc400}.mark.info{outline-color:#40c4ff}
        ul.findings{font-size:12px;margin:4px 0;padding-left:18px;max-width:100ch}
        li.error{color:#ff8a80}li.warning{color:#ffe57f}li.info{color:#80d8ff}
        \(css.joined(separator: "\n"))
        </style></head>
        <body data-screens="\(count)" data-errors="\(errors)" data-warnings="\(warnings)">
        <header><strong>PaywallSim copy check</strong> — \(count) screens, \(errors) error(s), \(warnings) warning(s).
        \(select("locale", locales))\(select("theme", themeNames))\(select("offer", offers))\(select("size", sizes))
        \(select("finding", kinds))<label><input type="checkbox" id="f-findings"> only screens with findings</label>
        <label><input type="checkbox" id="f-side"> locales side by side</label>
        <span id="count"></span></header>
        <main>
        """
        html += sections.joined(separator: "\n")
        html += "\n</main>\n"
        html += "<script>\nvar THEMES=\(jsonArray(themeNames));\nvar ROWS=\(jsonArray(rows));\nvar GRIDS=\(jsonArray(blobTexts));\n"
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

    static func section(number: Int, combination: SweepCombination, state: ScreenState, name: String, grid: Int,
                        theme: Int, findings: [Finding]) -> String {
        let offer = state.offer?.rawValue ?? "*"
        let errors = findings.filter { $0.severity == .error }.count
        var out = "<section class=\"screen t\(theme)\" id=\"s\(number)\" data-locale=\"\(escape(combination.locale))\" data-theme=\"\(escape(combination.theme))\""
            + " data-offer=\"\(offer)\" data-size=\"\(combination.width)x\(combination.height)\" data-screen=\"\(escape(name))\""
            + " data-findings=\"\(findings.count)\" data-finding=\" \(unique(findings.map(\.kind.rawValue)).joined(separator: " ")) \""
            + " data-same=\"\(escape("\(name)|\(state.state)|\(combination.theme)|\(offer)|\(combination.width)x\(combination.height)"))\" data-grid=\"\(grid)\">"
        out += "<h3>\(escape(name))\(state.state.isEmpty ? "" : " · " + escape(state.state)) — \(escape(combination.description))"
            + (findings.isEmpty ? "" : " <b>\(findings.count) finding(s), \(errors) error(s)</b>") + "</h3>"
        out += "<div class=\"grid\" style=\"width:\(combination.width)ch;height:\(combination.height * 17)px\">"
        for finding in findings {
            guard let rect = finding.rect else { continue }
            out += "<div class=\"mark \(finding.severity.rawValue)\" data-kind=\"\(finding.kind.rawValue)\" data-key=\"\(escape(finding.key ?? ""))\""
                + " style=\"left:\(rect.x)ch;top:\(rect.y * 17)px;width:\(rect.width)ch;height:\(rect.height * 17)px\""
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

    /// The grid's rows as text, `RUNS|TEXT`, where RUNS lists `style.characters.columns` for each
    /// run of one style (a wide character is a run of its own, 2 columns); trailing blank cells in
    /// the page's style are left out.
    static func encode(_ grid: CellGrid, styles: inout StyleTable) -> [String] {
        var lines: [String] = []
        for y in 0..<grid.height {
            var end = grid.width
            while end > 0, let cell = grid[end - 1, y], cell.text == " " || cell.isContinuation, cell.style == .plain { end -= 1 }
            var runs: [String] = []
            var text = ""
            var runStyle = -1, runChars = 0, runColumns = 0
            func flush() {
                if runChars > 0 { runs.append("\(runStyle).\(runChars).\(runColumns)") }
                runChars = 0
                runColumns = 0
            }
            for x in 0..<end {
                guard let cell = grid[x, y], !cell.isContinuation else { continue }
                let style = styles.index(cell.style)
                if style != runStyle || cell.width > 1 { flush() }
                runStyle = style
                text += cell.text
                runChars += cell.text.unicodeScalars.count == 0 ? 0 : 1
                runColumns += max(1, cell.width)
                if cell.width > 1 { flush() }
            }
            flush()
            lines.append(runs.joined(separator: ",") + "|" + text)
        }
        return lines
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
        var grid=section.querySelector('.grid'),first=grid.firstChild,html='';
        GRIDS[+section.getAttribute('data-grid')].split(',').forEach(function(index){
          var line=ROWS[+index];
          var bar=line.indexOf('|'),runs=line.slice(0,bar),chars=Array.from(line.slice(bar+1)),at=0;
          html+='<div class="row">';
          if(runs)runs.split(',').forEach(function(r){
            var p=r.split('.'),n=+p[1],t=chars.slice(at,at+n).join('').replace(/&/g,'&amp;').replace(/</g,'&lt;');at+=n;
            html+='<span class="s'+p[0]+'" style="width:'+p[2]+'ch">'+t+'</span>';
          });
          html+='</div>';
        });
        var holder=document.createElement('div');holder.innerHTML=html;
        while(holder.firstChild)grid.insertBefore(holder.firstChild,first);
      }
      var seen=('IntersectionObserver' in window)?new IntersectionObserver(function(es){
        es.forEach(function(e){if(e.isIntersecting){build(e.target);seen.unobserve(e.target);}});
      },{rootMargin:'600px'}):null;
      document.querySelectorAll('section.screen').forEach(function(s){
        if(seen)seen.observe(s);else build(s);
      });
      function apply(){
        var want={};names.forEach(function(n){want[n]=document.getElementById('f-'+n).value;});
        var only=document.getElementById('f-findings').checked, shown=0;
        document.querySelectorAll('section.screen').forEach(function(s){
          var ok=names.every(function(n){var v=want[n];if(!v)return true;var d=s.getAttribute('data-'+n);
            if(n==='finding')return d.indexOf(' '+v+' ')>=0;return d===v||(n==='offer'&&d==='*');});
          if(only&&s.getAttribute('data-findings')==='0')ok=false;
          if(ok){s.removeAttribute('hidden');shown++;}else{s.setAttribute('hidden','');}
        });
        // Side by side: the same screen (state, theme, offer, size) in each locale, one after another.
        var side=document.getElementById('f-side').checked,main=document.querySelector('main');
        main.className=side?'side':'';
        var all=Array.prototype.slice.call(document.querySelectorAll('section.screen'));
        if(side){all.map(function(s,i){return [s.getAttribute('data-same'),i,s];}).sort(function(a,b){return a[0]<b[0]?-1:a[0]>b[0]?1:a[1]-b[1];})
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
