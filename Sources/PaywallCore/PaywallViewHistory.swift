import Foundation

/// When the paywall was shown, for the rolling 7-day count the offer rules use.
public struct PaywallViewHistory: Hashable, Codable, Sendable {
    /// The length of the rolling window.
    public static let window: TimeInterval = 7 * 86_400

    /// View times, oldest first; views older than the window are dropped when a view is recorded.
    public private(set) var views: [Date]

    public init(views: [Date] = []) { self.views = views.sorted() }

    private enum CodingKeys: String, CodingKey { case views }

    /// Decodes saved views (in any order; they are kept sorted).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(views: try container.decode([Date].self, forKey: .views))
    }

    /// Views in the 7 days before `now` (views stamped after `now`, from a clock set back, still count).
    public func count(now: Date) -> Int {
        let start = now.addingTimeInterval(-Self.window)
        return views.filter { $0 > start }.count
    }

    /// Records a view at `now` and forgets views that fell out of the window.
    public mutating func record(at now: Date) {
        let start = now.addingTimeInterval(-Self.window)
        views = (views.filter { $0 > start } + [now]).sorted()
    }

    /// The views of both histories (another process's and this run's), each once, within the
    /// window of the latest view.
    public func merged(with other: PaywallViewHistory) -> PaywallViewHistory {
        let all = Set(views).union(other.views)
        guard let latest = all.max() else { return self }
        let start = latest.addingTimeInterval(-Self.window)
        return PaywallViewHistory(views: all.filter { $0 > start })
    }
}
