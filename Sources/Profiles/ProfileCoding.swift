import Foundation

/// `Profile` reads and writes the profile file format (see README "Profiles").
///
/// Prefer `ProfileLoader`, which reports problems with line and column; this conformance is for
/// writing a profile back out and for decoding profiles embedded in other JSON.
extension Profile {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, appName, storekit, catalog, copy, config, limits, features, screens, applePay, premiumProducts, copyKeys
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let name = try c.decode(String.self, forKey: .name)
        let storekit = try c.decodeIfPresent(String.self, forKey: .storekit)
        let builtIn = try c.decodeIfPresent(String.self, forKey: .catalog)
        if storekit != nil && builtIn != nil {
            throw DecodingError.dataCorruptedError(forKey: .catalog, in: c,
                                                   debugDescription: "give either \"storekit\" or \"catalog\", not both")
        }
        self.init(name: name,
                  appName: try c.decodeIfPresent(String.self, forKey: .appName) ?? name,
                  catalog: storekit.map { .storekit($0) } ?? .builtIn(builtIn ?? "embedded"),
                  copy: try c.decodeIfPresent(String.self, forKey: .copy),
                  config: try c.decodeIfPresent(String.self, forKey: .config),
                  limits: try c.decodeIfPresent(ProfileLimits.self, forKey: .limits) ?? ProfileLimits(),
                  features: try c.decodeIfPresent([String].self, forKey: .features) ?? [],
                  screens: try c.decodeIfPresent([ProfileScreen].self, forKey: .screens) ?? ProfileScreen.coreFlow,
                  applePay: try c.decodeIfPresent(ApplePayConfig.self, forKey: .applePay),
                  premiumProducts: try c.decodeIfPresent([String].self, forKey: .premiumProducts),
                  copyKeys: try c.decodeIfPresent([String: String].self, forKey: .copyKeys) ?? [:])
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(appName, forKey: .appName)
        switch catalog {
        case .storekit(let path): try c.encode(path, forKey: .storekit)
        case .builtIn(let id): try c.encode(id, forKey: .catalog)
        }
        try c.encodeIfPresent(copy, forKey: .copy)
        try c.encodeIfPresent(config, forKey: .config)
        try c.encode(limits, forKey: .limits)
        try c.encode(features, forKey: .features)
        try c.encode(screens, forKey: .screens)
        try c.encodeIfPresent(applePay, forKey: .applePay)
        try c.encodeIfPresent(premiumProducts, forKey: .premiumProducts)
        if !copyKeys.isEmpty { try c.encode(copyKeys, forKey: .copyKeys) }
    }
}
