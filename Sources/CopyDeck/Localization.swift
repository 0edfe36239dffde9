/// The text of one key in one language: a plain unit, variations, and substitutions.
public struct Localization: Sendable, Equatable {
    /// The plain value, when the text does not vary.
    public var stringUnit: StringUnit?
    /// Plural or device variations, when the text varies.
    public var variations: Variations?
    /// Named `%#@name@` substitutions used by the value, each with its own variations.
    public var substitutions: [String: Substitution]
    /// Alternative phrases (an App Shortcuts catalog's), instead of one value.
    public var stringSet: StringSet?

    public init(stringUnit: StringUnit? = nil, variations: Variations? = nil, substitutions: [String: Substitution] = [:],
                stringSet: StringSet? = nil) {
        self.stringUnit = stringUnit
        self.variations = variations
        self.substitutions = substitutions
        self.stringSet = stringSet
    }

    /// A localization holding one plain value.
    public static func unit(_ value: String, state: UnitState = .translated) -> Localization {
        Localization(stringUnit: StringUnit(state: state, value: value))
    }

    /// Every leaf unit with a path that says where it sits (`""`, `plural.one`, `device.iphone.plural.other`,
    /// `substitutions.count.plural.one`), in a stable order.
    public var leaves: [(path: String, unit: StringUnit)] {
        var out: [(path: String, unit: StringUnit)] = []
        if let stringUnit { out.append(("", stringUnit)) }
        if let variations { out += variations.leaves(prefix: "") }
        for name in substitutions.keys.sorted() {
            if let substitution = substitutions[name] {
                out += substitution.variations.leaves(prefix: "substitutions.\(name).")
            }
        }
        return out
    }
}
