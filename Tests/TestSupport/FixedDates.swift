import Foundation

/// The fixed instants tests and tapes start from.
public enum FixedDates {
    /// 2026-01-30T09:00:00Z: the virtual clock's start for tapes, sessions and sweeps.
    public static let start = Date(timeIntervalSince1970: 1_769_763_600)
}
