import CopyDeck
import Foundation
import PaywallScreens
import TerminalKit

/// Checks one rendered screen: every drawn text, then the App Store rules when it is a paywall.
struct ScreenChecker: Sendable {
    let lint: LintIndex
    /// Skip texts drawn from the fallback (built-in) deck under a team's catalog.
    var skipsFallbackCopy = false

    /// The deck's own width limits (README.d/deck.md): CTAs and buttons 16 columns, badges 12.
    static let widthLimits: [TextSlot: Int] = [.cta: 16, .sheetButton: 16, .badge: 12]

    func check(_ screen: RenderedScreen, state: ScreenState, combination: SweepCombination, deck: CopyDeck,
               dates: DateTexts) -> [Finding] {
        var out: [Finding] = []
        let name = screenName(screen, state: state)
        for text in screen.drawn {
            out += textFindings(text, screen: name, state: state.state, combination: combination, shown: !text.covered)
        }
        if screen.screenName == ScreenName.paywall.rawValue {
            out += PaywallRules(screen: screen, state: state, combination: combination, deck: deck).findings(dates: dates)
        }
        return out
    }

    /// The state's screen, or what the renderer drew instead (`tooSmall`).
    func screenName(_ screen: RenderedScreen, state: ScreenState) -> String {
        screen.screenName == ScreenName.tooSmall.rawValue ? ScreenName.tooSmall.rawValue : state.screen
    }

    /// The findings of one drawn text; `shown` false (covered by a modal: help, a sheet) keeps them without a place on the grid.
    func textFindings(_ text: DrawnText, screen: String, state: String, combination: SweepCombination, shown: Bool = true) -> [Finding] {
        var out: [Finding] = []
        if skipsFallbackCopy, text.copy?.fromFallbackDeck == true { return out }
        let rect = shown ? FindingRect(text.rect) : nil
        func add(_ severity: Severity, _ kind: FindingKind, _ message: String) {
            out.append(Finding(severity: severity, kind: kind, screen: screen, state: state, combination: combination,
                               key: text.key, text: text.text, message: message, rect: rect))
        }
        let fullWidth = DisplayWidth.of(text.text)
        let isButton = Self.widthLimits[text.slot] != nil
        if isButton, fullWidth > text.slotWidth {
            add(.error, .slotOverflow, "\(slotName(text.slot)) is \(fullWidth) columns, its slot holds \(text.slotWidth): shown as “\(text.lines.joined())”")
        } else if text.truncated {
            add(.error, .truncated, "cut off: needs \(fullWidth) columns, shown as “\(text.lines.joined(separator: " / "))” in \(text.slotWidth) columns")
        }
        if isButton, let limit = Self.widthLimits[text.slot], fullWidth > limit, fullWidth <= text.slotWidth {
            add(.warning, .widthLimit, "\(slotName(text.slot)) is \(fullWidth) columns; the deck allows \(limit)")
        }
        if let copy = text.copy {
            out += Self.copyFindings(copy, lint: lint, screen: screen, state: state, combination: combination, rect: rect, checkArguments: true)
        }
        return out
    }

    func slotName(_ slot: TextSlot) -> String {
        switch slot {
        case .cta: return "the CTA"
        case .badge: return "the badge"
        case .sheetButton: return "the sheet button"
        default: return slot.rawValue
        }
    }

    /// Findings about how a piece of copy resolved: missing key or translation, state, placeholders, lints.
    static func copyFindings(_ copy: ResolvedCopy, lint: LintIndex, screen: String, state: String, combination: SweepCombination,
                             rect: FindingRect?, checkArguments: Bool) -> [Finding] {
        var out: [Finding] = []
        func add(_ severity: Severity, _ kind: FindingKind, _ message: String) {
            out.append(Finding(severity: severity, kind: kind, screen: screen, state: state, combination: combination,
                               key: copy.key, text: copy.text, message: message, rect: rect))
        }
        if copy.origin == .missingKey {
            add(.error, .missingKey, "key is in no copy deck; the key itself is shown")
            return out
        }
        if copy.fellBack {
            add(.error, .missingTranslation, "no \(combination.locale) translation: shown in \(copy.localeUsed)")
        }
        if let unitState = copy.state, unitState.needsWork {
            add(.warning, .needsReview, "state is \(unitState.rawValue) in \(copy.localeUsed)")
        }
        let mismatch = copy.fellBack ? nil : lint.mismatch(copy)
        if checkArguments {
            for problem in copy.problems {
                switch problem {
                case .missingKey: continue
                // Placeholders that differ from the source's are one defect: the arguments that
                // then do not fit them (`9,99 €` for `%1$lld`) are that defect seen again.
                case .argumentTypeMismatch where mismatch != nil, .missingArgument where mismatch != nil: continue
                default: add(.error, .unresolvedPlaceholder, problem.description)
                }
            }
        }
        if let mismatch {
            add(.error, .specifierMismatch, mismatch)
        }
        if !copy.fellBack, lint.isIdentical(copy) {
            add(.warning, .identicalToSource, "\(copy.localeUsed) text is identical to the source: likely untranslated")
        }
        return out
    }
}
