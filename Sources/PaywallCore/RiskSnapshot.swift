import Foundation

/// How likely a user is to churn or refund, as the risk service last scored them.
public enum RiskLevel: String, Codable, Sendable, CaseIterable, Hashable {
    case low, medium, high
}

/// The risk service's answer (seed 000's `RiskStore.snapshot`).
public struct RiskSnapshot: Hashable, Codable, Sendable {
    public var level: RiskLevel

    public init(level: RiskLevel) { self.level = level }

    /// The assumption before the risk service answers.
    public static let unknown = RiskSnapshot(level: .low)
}
