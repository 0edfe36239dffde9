import Foundation
import TerminalKit

/// Writes a tape's frames as one animated SVG (`play --svg`, a tape's `Output NAME.svg`): each
/// screen in its theme's colours, shown at its presentation time (`Set TypingSpeed`, `Set Pause`)
/// as a cast shows it, the last held for `Set Pause`, then the loop starts over.
public struct AnimatedSVGWriter: Sendable {
    public var title: String

    public init(title: String) { self.title = title }

    /// The SVG of `frames` (those that hold a screen's cells); the last is held `holdingLast` ms.
    public func render(_ frames: [RecordedFrame], holdingLast: Int64) -> String {
        var screens: [SVGAnimation.Frame] = []
        var last: Int64 = 0
        for frame in frames {
            guard let grid = frame.grid, let theme = frame.theme else { continue }
            last = max(last, frame.showMilliseconds ?? frame.timeMilliseconds)
            screens.append(SVGAnimation.Frame(grid: grid, theme: theme, startMilliseconds: last))
        }
        return SVGAnimation.document(screens, endMilliseconds: last + max(1, holdingLast), title: title)
    }
}
