import Foundation
import NIOConcurrencyHelpers

/// `serve --rate-limit N`: at most N App Store Server API requests in any wall-clock second; the
/// rest are answered 429 with Apple's `RateLimitExceededError` (4290000), so a backend's back-off
/// can be tested. Off (nil) by default.
final class RateLimiter: Sendable {
    let perSecond: Int
    private let window = NIOLockedValueBox<(second: Int64, count: Int)>((0, 0))

    init(perSecond: Int) { self.perSecond = perSecond }

    /// Counts a request at `now`; false when it is over the limit.
    func admit(at now: Date) -> Bool {
        let second = Int64(now.timeIntervalSince1970.rounded(.down))
        return window.withLockedValue { value in
            if value.second != second { value = (second, 0) }
            value.count += 1
            return value.count <= perSecond
        }
    }
}
