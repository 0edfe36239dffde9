/// A feature of the VoIP app (seed 003's `Feature`).
public enum VoIPFeature: String, Hashable, Codable, Sendable, CaseIterable {
    case basicCalling, limitedMinutes, unlimitedDomestic, callRecording, unlimitedInternational, videoCall,
         groupCall, customRingtones, allFeatures, prioritySupport, analytics, apiAccess

    /// Copy key of the feature's name (`voip.feature.videoCall`).
    public var copyKey: String { "voip.feature.\(rawValue)" }

    /// What `allFeatures` stands for: every capability. `limitedMinutes` is a cap rather than a
    /// capability (a business plan is unlimited), and `allFeatures` does not contain itself.
    public static let everyCapability: Set<VoIPFeature> = Set(allCases).subtracting([.allFeatures, .limitedMinutes])
}
