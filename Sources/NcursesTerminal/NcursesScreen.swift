import CNcurses
import TerminalKit
#if canImport(Glibc)
import Glibc
#endif

/// The live terminal: shows grids through ncurses (only changed cells), reads keys, restores the
/// terminal on every exit.
public final class NcursesScreen: TerminalScreen {
    /// How the screen is set up.
    public struct Options: Sendable {
        /// The deepest color depth to use; the terminal's own limit (terminfo) is applied on top.
        public var colorDepth: ColorDepth
        /// Deliver Ctrl+C (and Ctrl+Z, Ctrl+\) as keys (`raw` mode) instead of signals (`cbreak`).
        public var controlKeysAsKeys: Bool

        public init(colorDepth: ColorDepth, controlKeysAsKeys: Bool = false) {
            self.colorDepth = colorDepth
            self.controlKeysAsKeys = controlKeysAsKeys
        }
    }

    /// Why the terminal could not be started.
    public enum StartError: Error, CustomStringConvertible {
        case notATerminal(String)
        case cannotInitialize(term: String)

        public var description: String {
            switch self {
            case .notATerminal(let which): return "\(which) is not a terminal"
            case .cannotInitialize(let term):
                return "cannot drive this terminal (TERM=\(term)): it is unknown or cannot move the cursor; set TERM (e.g. xterm-256color) or use `paywall-sim play`"
            }
        }
    }

    private let theme: Theme
    private let options: Options
    private var window: UnsafeMutablePointer<WINDOW>?
    private var screen: OpaquePointer?
    private var previous: CellGrid?
    private var needsFullRedraw = true
    private var palette: NcursesPalette?

    /// The color depth in use after `start` (the requested depth limited by the terminal).
    public private(set) var colorDepth: ColorDepth = .none

    public init(theme: Theme, options: Options) {
        self.theme = theme
        self.options = options
    }

    deinit { stop() }

    /// True between `start` and `stop`.
    public var isRunning: Bool { window != nil }

    /// Enters curses mode: locale (falling back to C.UTF-8 for LC_CTYPE when the locale is not
    /// UTF-8, so wide characters work), cbreak/raw, no echo, keypad, 25 ms Esc delay, no typeahead
    /// checks (a frame is written whole), hidden cursor, colors.
    /// Throws when stdin/stdout is not a terminal or TERM cannot address the cursor (`dumb`).
    public func start() throws {
        guard window == nil else { return }
        if let missing = TerminalCheck.missingTerminal { throw StartError.notATerminal(missing) }
        TerminalRestorer.install()
        setlocale(LC_ALL, "")
        if paywallsim_locale_is_utf8() == 0 { setlocale(LC_CTYPE, "C.UTF-8") }
        TerminalRestorer.saveShellModes()
        guard let output = fdopen(1, "w"), let input = fdopen(0, "r"),
              let newScreen = newterm(nil, output, input) else {
            throw StartError.cannotInitialize(term: getenv("TERM").map { String(cString: $0) } ?? "")
        }
        screen = newScreen
        TerminalRestorer.prepareLeaveBytes()
        TerminalRestorer.setActive(true)
        guard paywallsim_can_address_cursor() != 0 else {
            TerminalRestorer.restore()
            delscreen(newScreen)
            screen = nil
            throw StartError.cannotInitialize(term: getenv("TERM").map { String(cString: $0) } ?? "")
        }
        // A frame in one write: until a screen has once come back from `endwin`, ncurses flushes
        // its output after every cursor move (`_nc_mvcur` while `_endwin == ewInitial`, as
        // `newterm` leaves it), so a plan move left in eight writes. Leaving at once, with nothing
        // drawn yet (the alternate screen's switch and its undoing go out in the same write), and
        // coming back at the first `doupdate` ends that.
        endwin()
        let win = paywallsim_stdscr()
        window = win
        if options.controlKeysAsKeys { raw() } else { cbreak() }
        noecho()
        keypad(win, true)
        set_escdelay(25)
        // No typeahead check during a refresh: ncurses polled the keyboard between the writes of
        // one frame; a frame is now drawn whole, and its first byte leaves sooner.
        typeahead(-1)
        curs_set(0)
        colorDepth = .none
        var defaults = false
        if options.colorDepth > .none, has_colors() {
            start_color()                                   // sets COLORS and COLOR_PAIRS
            colorDepth = min(options.colorDepth, ColorDepth(terminfoColors: Int(paywallsim_colors())))
            defaults = use_default_colors() == OK
        }
        palette = NcursesPalette(theme: theme, depth: colorDepth, hasDefaultColors: defaults,
                                 maxPairs: Int(paywallsim_color_pairs()))
        previous = nil
        needsFullRedraw = true
    }

    /// Leaves curses mode and restores the terminal; safe to call more than once.
    public func stop() {
        guard window != nil else { return }
        TerminalRestorer.restore()
        window = nil
        if let screen { delscreen(screen) }
        screen = nil
    }

    public var size: TerminalSize {
        guard window != nil else { return TerminalSize(width: 80, height: 24) }
        return TerminalSize(width: Int(paywallsim_cols()), height: Int(paywallsim_lines()))
    }

    /// Ctrl+Z: as full-screen programs do, leaves curses mode (the terminal as the shell had it),
    /// stops the process (the shell lists it as a stopped job) and, continued (`fg`), comes back:
    /// curses mode again at the next frame, drawn whole.
    public func suspend() {
        guard window != nil else { return }
        TerminalRestorer.suspend()
        previous = nil
        needsFullRedraw = true
    }

    /// Writes the cells that changed since the last frame; everything after a resize.
    public func draw(_ grid: CellGrid) {
        guard let win = window, let palette else { return }
        // Continued after a SIGTSTP that left the terminal as the shell had it: out of curses'
        // mode and back in at this frame's refresh (modes, alternate screen, keypad), drawn whole.
        if TerminalRestorer.takeResume() {
            endwin()
            previous = nil
            needsFullRedraw = true
        }
        let full = needsFullRedraw || previous?.size != grid.size
        if full {
            werase(win)
            clearok(win, true)
            needsFullRedraw = false
        }
        let before = full ? nil : previous
        let runs = grid.diff(from: before)
        let cols = Int(paywallsim_cols()), lines = Int(paywallsim_lines())
        // A blank in a short gap takes its attributes from the glyph before it (see
        // `NcursesPalette.blankAttributes`), so the cells up to `BlankPlacement.maximumGap + 1`
        // columns either side of a change are written again too; curses itself sends only what
        // differs from the terminal.
        let reach = full ? 0 : BlankPlacement.maximumGap + 1
        let width = min(cols, grid.width)
        var written = (y: -1, end: 0)
        var stretch: BlankStretch? // the stretch of blanks last looked at: its blanks share one neighbour
        for run in runs where run.y < lines {
            var x = max(run.x - reach, run.y == written.y ? written.end : 0)
            let end = min(run.x + run.cells.count + reach, width)
            while x < end {
                guard let cell = grid[x, run.y] else { break }
                if !cell.isContinuation, x + cell.width <= cols {
                    write(cell, x: x, y: run.y, in: grid, before: before, stretch: &stretch, window: win, palette: palette)
                }
                x += 1
            }
            written = (run.y, max(end, run.y == written.y ? written.end : 0))
        }
        previous = grid
        wnoutrefresh(win)
        doupdate()
    }

    /// Reads one key, waiting up to `timeoutMs` (nil: until a key comes). `.resize` after a resize.
    public func readKey(timeoutMs: Int?) -> Key? {
        guard let win = window else { return nil }
        wtimeout(win, Int32(clamping: timeoutMs ?? -1))
        var code: wint_t = 0
        let result = wget_wch(win, &code)
        if result == KEY_CODE_YES {
            let key = NcursesKeyDecoder.key(forKeyCode: Int32(bitPattern: code))
            if key == .resize { needsFullRedraw = true }
            return key
        }
        guard result == OK else { return nil }
        // Ctrl+Z, read as a key in raw mode: the terminal sends no SIGTSTP, so the screen stops
        // the process itself (`suspend`); the loop then draws the screen whole.
        if code == 26 {
            suspend()
            return nil
        }
        return Key(characterCode: UInt32(code))
    }

    /// Puts `cell` in the curses window. `before` is the frame on the terminal (nil: a full redraw);
    /// `stretch`, the blanks around the last changed blank looked at in this frame.
    private func write(_ cell: Cell, x: Int, y: Int, in grid: CellGrid, before: CellGrid?, stretch: inout BlankStretch?,
                       window win: UnsafeMutablePointer<WINDOW>, palette: NcursesPalette) {
        let placement = BlankPlacement.of(x: x, y: y, in: grid)
        let (attrs, pair): (attr_t, Int16)
        switch placement {
        case .notBlank:
            (attrs, pair) = palette.attributes(for: cell.style)
        case .gap(let left):
            (attrs, pair) = palette.blankAttributes(for: cell.style, glyphStyle: grid[left, y]?.style)
        case .open:
            if let before {
                // An open blank that did not change looks right whatever it was drawn with: left
                // as it is, curses sends nothing for it, unless curses writes it anyway between
                // changes. One that changed, or lies between changes, is drawn with a glyph this
                // frame writes beside it (see `BlankStretch`), so the attributes need not change
                // on the way into or out of it.
                guard before[x, y] != cell || BlankStretch.liesBetweenChanges(x: x, y: y, in: grid, before: before,
                                                                                within: BlankPlacement.maximumGap) else { return }
                if stretch?.y != y || stretch?.columns.contains(x) != true {
                    stretch = BlankStretch.around(x: x, y: y, in: grid, before: before)
                }
                (attrs, pair) = palette.blankAttributes(for: cell.style, glyphStyle: stretch?.glyph.flatMap { grid[$0, y]?.style })
            } else {
                (attrs, pair) = palette.blankAttributes(for: cell.style, glyphStyle: nil)
            }
        }
        var wide: [wchar_t] = cell.text.unicodeScalars.prefix(5).map { wchar_t(bitPattern: $0.value) }
        if wide.isEmpty { wide = [wchar_t(32)] }
        wide.append(0)
        var cc = cchar_t()
        guard setcchar(&cc, wide, attrs, pair, nil) == OK else { return }
        mvwadd_wch(win, Int32(y), Int32(x), &cc)
    }
}
