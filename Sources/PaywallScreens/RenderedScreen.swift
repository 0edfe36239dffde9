import PaywallFoundation
import TerminalKit
import CopyDeck
import Foundation

/// What a piece of drawn text is for, so copy QA can apply the right rule to it.
public enum TextSlot: String, Sendable, Hashable, CaseIterable {
    case brand, title, subtitle, body, step, benefit, quote, author, planName, price, priceEquivalent
    case trialOffer, trialTerms, renewalTerms, badge, cta, restore, terms, privacy, notNow, notice, hint
    case label, value, error, chatLine, input, spinner, sheetButton
    /// "↓ 3 more plans": a plan list scrolled to keep the selection visible at a small size.
    case planScroll
}

/// One text the renderer drew: what, where, from which copy key, and whether it fit.
///
/// Its strings and arrays live in one shared box, copied only when a copy is changed: a screen's
/// texts are copied as its blocks are shifted, stacked and placed, and a 40-locale sweep copies
/// millions, so a copy retains one object instead of six.
public struct DrawnText: Sendable, Equatable {
    /// The copy key; nil for data (prices, dates, ids, user text).
    public var key: String? {
        get { shared.value.key }
        set { shared.value.key = newValue }
    }
    /// How the key resolved (locale used, fallback, problems); nil for data.
    public var copy: ResolvedCopy? {
        get { shared.value.copy }
        set { shared.value.copy = newValue }
    }
    /// The whole text that was to be drawn (before wrapping or cutting).
    public var text: String {
        get { shared.value.text }
        set { shared.value.text = newValue }
    }
    /// The lines actually drawn.
    public var lines: [String] {
        get { shared.value.lines }
        set { shared.value.lines = newValue }
    }
    /// The rectangle the lines occupy (grid coordinates).
    public var rect: Rect
    public var role: StyleRole
    public var bold: Bool
    public var slot: TextSlot
    /// The columns the layout allowed for it.
    public var slotWidth: Int
    /// True when the layout had to cut it (ellipsis, or rows beyond the screen).
    public var truncated: Bool
    /// True when a modal drawn after it (help, a sheet, a StoreKit message) covers it: no cell shows it.
    public var covered = false
    /// The plan this text belongs to (a plan row's price, equivalent or trial terms); nil otherwise.
    public var planID: String? {
        get { shared.value.planID }
        set { shared.value.planID = newValue }
    }
    /// For a `planScroll` indicator: the plans scrolled out of view on its side.
    public var hiddenPlanIDs: [String] {
        get { shared.value.hiddenPlanIDs }
        set { shared.value.hiddenPlanIDs = newValue }
    }

    /// The strings and arrays, shared by copies until one is changed.
    private var shared: CopyOnWriteBox<Shared>

    public init(key: String?, copy: ResolvedCopy?, text: String, lines: [String], rect: Rect, role: StyleRole,
                bold: Bool, slot: TextSlot, slotWidth: Int, truncated: Bool) {
        shared = CopyOnWriteBox(Shared(key: key, copy: copy, text: text, lines: lines, planID: nil, hiddenPlanIDs: []))
        self.rect = rect
        self.role = role
        self.bold = bold
        self.slot = slot
        self.slotWidth = slotWidth
        self.truncated = truncated
    }

    /// Columns of the widest drawn line.
    public var drawnWidth: Int { lines.map(DisplayWidth.of).max() ?? 0 }

    public static func == (lhs: DrawnText, rhs: DrawnText) -> Bool {
        lhs.rect == rhs.rect && lhs.role == rhs.role && lhs.bold == rhs.bold && lhs.slot == rhs.slot
            && lhs.slotWidth == rhs.slotWidth && lhs.truncated == rhs.truncated
            && lhs.shared == rhs.shared
    }

    /// A drawn text's strings and arrays.
    private struct Shared: Sendable, Equatable {
        var key: String?
        var copy: ResolvedCopy?
        var text: String
        var lines: [String]
        var planID: String?
        var hiddenPlanIDs: [String]
    }
}

/// A rendered screen: the cells plus every text drawn on them.
public struct RenderedScreen: Sendable, Equatable {
    public var grid: CellGrid
    public var drawn: [DrawnText]
    /// A short name of what was drawn (`paywall`, `sheet`, `chat`, `tooSmall`, …), for reports.
    public var screenName: String

    public init(grid: CellGrid, drawn: [DrawnText], screenName: String) {
        self.grid = grid
        self.drawn = drawn
        self.screenName = screenName
    }

    /// What `tmux capture-pane -p` shows for the grid.
    public var plainText: String { grid.plainText }

    /// The drawn texts of one slot kind.
    public func texts(in slot: TextSlot) -> [DrawnText] { drawn.filter { $0.slot == slot } }

    /// True when any text was cut.
    public var anyTruncated: Bool { drawn.contains { $0.truncated } }
}
