import Foundation
import PaywallCore
import PaywallScreens
import TerminalKit

/// One self-contained HTML page: every screen drawn in its theme's colours, findings outlined where they
/// occur (tooltip with the message), filters by locale, theme, offer and size (also from the URL hash:
/// `#locale=ko&offer=B&size=80x24&findings=1`). No network: CSS and script are inline.
public enum HTMLReport {
    /// The page for `combinations`, marking `findings` (from `CopySweep.run` over the same combinations).
    public static func page(_ sweep: CopySweep, combinations: [SweepCombination], findings: [Finding]) -> String {
        var byScreen: [String: [Finding]] = [:]
        for finding in findings { byScreen[id(finding.combination, finding.screen, finding.state), default: []].append(finding) }
        var styles = StyleSheet()
        var sections: [String] = []
        var count = 0
        sweep.render(combinations) { combination, state, screen in
            count += 1
            let name = screen.screenName == "tooSmall" ? "tooSmall" : state.screen
            let marks = byScreen[id(combination, name, state.state)] ?? []
            let theme = sweep.theme(named: combination.theme)
            sections.append(section(number: count, combination: combination, state: state, name: name, screen: screen,
                                    theme: theme, findings: marks, styles: &styles))
        }
        let locales = unique(combinations.map(\.locale)), themes = unique(combinations.map(\.theme))
        let offers = unique(combinations.map(\.offer.rawValue)), sizes = unique(combinations.map { "\($0.width)x\($0.height)" })
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>PaywallSim copy check</title>
        <style>
        body{font-family:system-ui,sans-serif;background:#2b2b2b;color:#eee;margin:16px}
        header{position:sticky;top:0;background:#2b2b2b;padding:8px 0;z-index:5}
        select,label{margin-right:12px}
        .screen{display:inline-block;vertical-align:top;margin:0 16px 24px 0}
        .screen[hidden]{display:none}
        .screen h3{font-size:13px;font-weight:normal;margin:4px 0}
        .screen h3 b{color:#ff8a80}
        .grid{position:relative;font-family:'DejaVu Sans Mono','Noto Sans Mono CJK SC',monospace;font-size:14px;line-height:17px;color:#e5e5e5;background:#101010}
        .row{height:17px;white-space:pre}
        .row span{display:inline-block;overflow:hidden;vertical-align:top;height:17px}
        .mark{position:absolute;box-sizing:border-box;outline:2px solid #ff1744;outline-offset:0;pointer-events:auto}
        .mark.warning{outline-color:#ffc400}.mark.info{outline-color:#40c4ff}
        ul.findings{font-size:12px;margin:4px 0;padding-left:18px;max-width:100ch}
        li.error{color:#ff8a80}li.warning{color:#ffe57f}li.info{color:#80d8ff}
        \(styles.css())
        </style></head>
        <body data-screens="\(count)" data-errors="\(errors)" data-warnings="\(warnings)">
        <header><strong>PaywallSim copy check</strong> — \(count) screens, \(errors) error(s), \(warnings) warning(s).
        \(select("locale", locales))\(select("theme", themes))\(select("offer", offers))\(select("size", sizes))
        <label><input type="checkbox" id="f-findings"> only screens with findings</label>
        <span id="count"></span></header>
        <main>
        """
        html += sections.joined(separator: "\n")
        html += "\n</main>\n<script>\n" + script + "\n</script>\n</body></html>\n"
        return html
    }

    static func id(_ combination: SweepCombination, _ screen: String, _ state: String) -> String {
        "\(combination)|\(screen)|\(state)"
    }

    static func select(_ name: String, _ values: [String]) -> String {
        "<label>\(name) <select id=\"f-\(name)\"><option value=\"\">all</option>"
            + values.map { "<option value=\"\(escape($0))\">\(escape($0))</option>" }.joined() + "</select></label>"
    }

    static func section(number: Int, combination: SweepCombination, state: ScreenState, name: String, screen: RenderedScreen,
                        theme: Theme, findings: [Finding], styles: inout StyleSheet) -> String {
        let offer = state.offer?.rawValue ?? "*"
        let errors = findings.filter { $0.severity == .error }.count
        var out = "<section class=\"screen\" id=\"s\(number)\" data-locale=\"\(escape(combination.locale))\" data-theme=\"\(escape(combination.theme))\""
            + " data-offer=\"\(offer)\" data-size=\"\(combination.width)x\(combination.height)\" data-screen=\"\(escape(name))\""
            + " data-findings=\"\(findings.count)\">"
        out += "<h3>\(escape(name))\(state.state.isEmpty ? "" : " · " + escape(state.state)) — \(escape(combination.description))"
            + (findings.isEmpty ? "" : " <b>\(findings.count) finding(s), \(errors) error(s)</b>") + "</h3>"
        let background = theme.resolve(TextStyle(.background), depth: .full256)
        out += "<div class=\"grid\" style=\"width:\(combination.width)ch;\(XtermPalette.css(background.background).map { "background:\($0);" } ?? "")\">"
        out += rows(screen.grid, theme: theme, styles: &styles)
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

    /// The grid as rows of styled spans; each span is exactly its cells' width (a wide character alone in 2ch).
    static func rows(_ grid: CellGrid, theme: Theme, styles: inout StyleSheet) -> String {
        var out = ""
        for y in 0..<grid.height {
            out += "<div class=\"row\">"
            var run = "", runWidth = 0, runClass = ""
            func flush() {
                if runWidth > 0 { out += "<span class=\"\(runClass)\" style=\"width:\(runWidth)ch\">\(escape(run))</span>" }
                run = ""
                runWidth = 0
            }
            for x in 0..<grid.width {
                guard let cell = grid[x, y], !cell.isContinuation else { continue }
                let cls = styles.className(theme.resolve(cell.style, depth: .full256))
                if cls != runClass || cell.width > 1 { flush() }
                runClass = cls
                run += cell.text
                runWidth += max(1, cell.width)
                if cell.width > 1 { flush() }
            }
            flush()
            out += "</div>"
        }
        return out
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }

    static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    static let script = """
    (function(){
      var names=['locale','theme','offer','size'];
      function apply(){
        var want={};names.forEach(function(n){want[n]=document.getElementById('f-'+n).value;});
        var only=document.getElementById('f-findings').checked, shown=0;
        document.querySelectorAll('section.screen').forEach(function(s){
          var ok=names.every(function(n){var v=want[n];if(!v)return true;var d=s.getAttribute('data-'+n);return d===v||(n==='offer'&&d==='*');});
          if(only&&s.getAttribute('data-findings')==='0')ok=false;
          if(ok){s.removeAttribute('hidden');shown++;}else{s.setAttribute('hidden','');}
        });
        document.body.setAttribute('data-visible',String(shown));
        document.getElementById('count').textContent=shown+' shown';
      }
      function fromHash(){
        var text=(location.hash||'').replace(/^#/,'')||(location.search||'').replace(/^\\?/,'');
        text.split('&').forEach(function(p){
          var kv=p.split('=');if(kv.length!==2)return;var k=decodeURIComponent(kv[0]),v=decodeURIComponent(kv[1]);
          if(k==='findings'){document.getElementById('f-findings').checked=(v==='1');return;}
          var el=document.getElementById('f-'+k);if(el)el.value=v;
        });
      }
      names.forEach(function(n){document.getElementById('f-'+n).addEventListener('change',apply);});
      document.getElementById('f-findings').addEventListener('change',apply);
      window.addEventListener('hashchange',function(){fromHash();apply();});
      fromHash();apply();
    })();
    """
}

/// CSS classes for the resolved styles met while drawing, numbered in order of appearance.
struct StyleSheet {
    var classes: [ResolvedStyle: String] = [:]
    var order: [ResolvedStyle] = []

    mutating func className(_ style: ResolvedStyle) -> String {
        if let name = classes[style] { return name }
        let name = "c\(order.count)"
        classes[style] = name
        order.append(style)
        return name
    }

    func css() -> String {
        order.map { style in
            var fg = XtermPalette.css(style.foreground), bg = XtermPalette.css(style.background)
            if style.reverse { (fg, bg) = (bg ?? "#101010", fg ?? "#e5e5e5") }
            var rules: [String] = []
            if let fg { rules.append("color:\(fg)") }
            if let bg { rules.append("background:\(bg)") }
            if style.bold { rules.append("font-weight:bold") }
            if style.underline { rules.append("text-decoration:underline") }
            return ".\(classes[style] ?? "x"){\(rules.joined(separator: ";"))}"
        }.joined(separator: "\n")
    }
}
