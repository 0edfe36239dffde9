import Foundation

/// A profile's usage limits.
public struct ProfileLimits: Hashable, Codable, Sendable {
    /// Free chat messages per local day; nil keeps the remote config's value.
    public var dailyMessageLimit: Int?
    /// Monthly call minutes per product id (or tier name such as `free`).
    public var minuteAllowances: [String: MinuteAllowance]

    public init(dailyMessageLimit: Int? = nil, minuteAllowances: [String: MinuteAllowance] = [:]) {
        self.dailyMessageLimit = dailyMessageLimit
        self.minuteAllowances = minuteAllowances
    }
}

/// Monthly minutes a plan includes: a number, or unlimited (written `"unlimited"` in profile files).
public enum MinuteAllowance: Hashable, Codable, Sendable, CustomStringConvertible {
    case minutes(Int)
    case unlimited

    /// The allowance as a number, `Int.max` when unlimited (the seed's `freeMinutes`).
    public var includedMinutes: Int {
        switch self {
        case .minutes(let count): return count
        case .unlimited: return .max
        }
    }

    /// Whether `used` minutes are still within the allowance.
    public func covers(_ used: Int) -> Bool { used <= includedMinutes }

    public var description: String {
        switch self {
        case .minutes(let count): return String(count)
        case .unlimited: return "unlimited"
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let count = try? container.decode(Int.self) {
            self = .minutes(count)
        } else if let text = try? container.decode(String.self), text == "unlimited" {
            self = .unlimited
        } else {
            throw DecodingError.dataCorruptedError(in: container,
                                                   debugDescription: "expected a whole number of minutes or \"unlimited\"")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .minutes(let count): try container.encode(count)
        case .unlimited: try container.encode("unlimited")
        }
    }
}
