/// CLDR plural categories.
public enum PluralCategory: String, Sendable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

/// Variations of a localization: by plural category and/or by device.
public struct Variations: Sendable, Equatable {
    /// Forms by plural category (`one`, `other`, …).
    public var plural: [PluralCategory: Localization]?
    /// Forms by device (`iphone`, `ipad`, `mac`, `other`, …).
    public var device: [String: Localization]?

    public init(plural: [PluralCategory: Localization]? = nil, device: [String: Localization]? = nil) {
        self.plural = plural
        self.device = device
    }

    /// Every leaf unit of the forms, with paths starting `prefix` (`plural.one`, `device.mac.plural.other`).
    public func leaves(prefix: String) -> [(path: String, unit: StringUnit)] {
        var out: [(path: String, unit: StringUnit)] = []
        if let device {
            for name in device.keys.sorted() {
                guard let form = device[name] else { continue }
                out += form.leaves.map { ($0.path.isEmpty ? "\(prefix)device.\(name)" : "\(prefix)device.\(name).\($0.path)", $0.unit) }
            }
        }
        if let plural {
            for category in plural.keys.sorted() {
                guard let form = plural[category] else { continue }
                out += form.leaves.map { ($0.path.isEmpty ? "\(prefix)plural.\(category.rawValue)" : "\(prefix)plural.\(category.rawValue).\($0.path)", $0.unit) }
            }
        }
        return out
    }
}
