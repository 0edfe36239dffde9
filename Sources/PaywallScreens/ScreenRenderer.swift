import TerminalKit
import CopyDeck
import Foundation
import PaywallCore

/// Draws every screen of the flow as a pure function of the context, theme, deck and size.
public enum ScreenRenderer {
    /// The smallest terminal every screen fits in without losing content, in every shipped locale.
    public static let minimumSize = TerminalSize(width: 60, height: 22)

    /// The widest content column; larger terminals centre it.
    public static let maximumColumnWidth = 100

    /// Renders the screen for `context` into a grid of `size`, with a record of every text drawn.
    /// With `paintingCells` false the grid is left blank and only the record is made (the same
    /// record): for checks that read what was drawn where, never the cells. `layouts` holds what
    /// earlier frames already laid out (it never changes the frame, only its cost).
    public static func render(_ context: ScreenContext, theme: Theme, deck: CopyDeck, size: TerminalSize,
                              paintingCells: Bool = true, layouts: LayoutMemos = .shared) -> RenderedScreen {
        let writer = ScreenWriter(deck: deck, locale: context.locale, theme: theme, timeZone: context.timeZone, layouts: layouts)
        var canvas = Canvas(size: size, paints: paintingCells)
        canvas.glyphs = theme.glyphs
        guard size.width >= minimumSize.width, size.height >= minimumSize.height else {
            drawTooSmall(size: size, writer: writer, canvas: &canvas)
            return RenderedScreen(grid: canvas.grid, drawn: canvas.drawn, screenName: ScreenName.tooSmall.rawValue)
        }
        let column = columnRect(for: size)
        let content = Rect(x: column.x + 3, y: column.y + 1, width: column.width - 6, height: column.height - 2)
        drawChrome(column: column, writer: writer, canvas: &canvas)
        let layout = ScreenLayout(context: context, writer: writer, width: content.width, height: content.height)
        let name = layout.draw(in: content, canvas: &canvas)
        var screenName = name.rawValue
        switch context.overlay {
        case .none:
            if let message = context.model.storeMessages.first {
                // A StoreKit message is the system's: it sits over the app's own cards.
                canvas.modal(layout.storeMessageOverlay(message), in: column)
                screenName = ScreenName.storeMessage.rawValue
            } else if let panel = context.panel {
                canvas.modal(layout.panelOverlay(panel), in: column)
                screenName = panel.name
            }
        case .help:
            canvas.modal(layout.helpOverlay(), in: column)
            screenName = ScreenName.help.rawValue
        case .debug:
            canvas.modal(layout.debugOverlay(), in: column)
            screenName = ScreenName.debug.rawValue
        case .account:
            canvas.modal(layout.accountOverlay(), in: column)
            screenName = context.account.page == .menu ? ScreenName.account.rawValue : context.account.page.rawValue
        case .transactions:
            canvas.modal(layout.transactionManagerOverlay(), in: column)
            screenName = ScreenName.transactionManager.rawValue
        }
        return RenderedScreen(grid: canvas.grid, drawn: canvas.drawn, screenName: screenName)
    }

    /// The framed column: the whole height, at most `maximumColumnWidth` wide, centred.
    static func columnRect(for size: TerminalSize) -> Rect {
        let width = min(size.width, maximumColumnWidth)
        return Rect(x: (size.width - width) / 2, y: 0, width: width, height: size.height)
    }

    /// The frame around the column with the app's name on its top edge.
    static func drawChrome(column: Rect, writer: ScreenWriter, canvas: inout Canvas) {
        canvas.box(column, glyphs: writer.glyphs, style: TextStyle(.border))
        let brand = writer.copy("app.name", role: .accent, bold: true, slot: .brand)
        var block = writer.line(brand, width: min(30, column.width - 8), align: .left)
        block.rows[0].insert(Piece(text: " ", x: -1, style: TextStyle(.border)), at: 0)
        block.rows[0].append(Piece(text: " ", x: DisplayWidth.of(block.drawn.first?.lines.first ?? ""), style: TextStyle(.border)))
        canvas.draw(block, x: column.x + 3, y: column.y)
    }

    /// "Enlarge the window to 60×22" and the current size, centred, without a frame.
    static func drawTooSmall(size: TerminalSize, writer: ScreenWriter, canvas: inout Canvas) {
        let width = max(1, size.width - 2)
        let title = writer.paragraph(writer.copy("small.title", [.integer(minimumSize.width), .integer(minimumSize.height)],
                                                 role: .warning, bold: true, slot: .title), width: width)
        let current = writer.paragraph(writer.copy("small.current", [.integer(size.width), .integer(size.height)],
                                                   role: .muted, slot: .body), width: width)
        canvas.place(body: [title, .spacer(), current], footer: Block(), in: Rect(x: 1, y: 0, width: width, height: size.height))
    }
}
