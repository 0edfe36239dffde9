/// Normalises locale identifiers to the codes String Catalogs use (`zh_Hans` → `zh-Hans`, `ko-KR` → `ko`).
public enum LocaleCode {
    /// Regions that are the language's default and are dropped (`en-US` → `en`).
    static let defaultRegions: [String: String] = [
        "en": "US", "ko": "KR", "ja": "JP", "fr": "FR", "de": "DE", "es": "ES", "it": "IT",
        "ru": "RU", "nl": "NL", "sv": "SE", "tr": "TR", "pl": "PL", "uk": "UA", "he": "IL",
        "el": "GR", "vi": "VN", "id": "ID", "th": "TH", "cs": "CZ", "da": "DK", "fi": "FI",
    ]

    /// The canonical code: hyphens, lowercase language, title-case script, uppercase region;
    /// Chinese regions map to scripts (`zh-CN` → `zh-Hans`, `zh-TW` → `zh-Hant`); POSIX suffixes
    /// (`.UTF-8`, `@euro`) are dropped; default regions are dropped.
    public static func normalize(_ identifier: String) -> String {
        var text = identifier.trimmingCharactersInSet()
        if let cut = text.firstIndex(where: { $0 == "." || $0 == "@" }) { text = String(text[..<cut]) }
        let parts = text.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let first = parts.first, !first.isEmpty else { return identifier }
        let language = first.lowercased()
        var script: String?
        var region: String?
        var rest: [String] = []
        for part in parts.dropFirst() {
            if script == nil, region == nil, part.count == 4, part.allSatisfy(\.isLetter) {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if region == nil, (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber)) {
                region = part.uppercased()
            } else {
                rest.append(part)
            }
        }
        if language == "zh" {
            if script == nil {
                switch region {
                case "TW", "HK", "MO": script = "Hant"
                default: script = "Hans"
                }
            }
            let defaultRegion = script == "Hant" ? ["TW", "HK", "MO"] : ["CN", "SG"]
            if let r = region, defaultRegion.contains(r) { region = nil }
        } else if let r = region, defaultRegions[language] == r {
            region = nil
        }
        return ([language, script, region].compactMap { $0 } + rest).joined(separator: "-")
    }

    /// The language subtag (`pt-BR` → `pt`, `zh-Hant` → `zh`).
    public static func language(of code: String) -> String {
        String(normalize(code).split(separator: "-").first ?? "")
    }

    /// Language plus script, the part that must match for text to be readable (`zh-Hant-HK` → `zh-Hant`).
    static func languageAndScript(of code: String) -> String {
        let parts = normalize(code).split(separator: "-")
        guard let language = parts.first else { return code }
        if parts.count > 1, parts[1].count == 4 { return "\(language)-\(parts[1])" }
        return String(language)
    }

    /// Picks the best language among `available` (codes as written in a catalog) for `requested`:
    /// an exact match after normalising both, then the same language and script without region,
    /// then the first (sorted) code sharing language and script (`pt` finds `pt-BR`).
    public static func bestMatch(for requested: String, in available: some Collection<String>) -> String? {
        let wanted = normalize(requested)
        let sorted = available.sorted()
        if let exact = sorted.first(where: { normalize($0) == wanted }) { return exact }
        let base = languageAndScript(of: wanted)
        if let plain = sorted.first(where: { normalize($0) == base }) { return plain }
        return sorted.first(where: { languageAndScript(of: $0) == base })
    }
}

extension String {
    fileprivate func trimmingCharactersInSet() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
