import Foundation

/// The fixed instants tests and tapes start from.
public enum FixedDates {
    /// 2026-01-30T09:00:00Z: the virtual clock's start for tapes, sessions and sweeps.
    public static let start = Date(timeIntervalSince1970: 1_769_763_600)
    /// 2026-05-28T20:26:40Z: the instant the flow-core and screen tests draw at.
    public static let screens = Date(timeIntervalSince1970: 1_780_000_000)
}
