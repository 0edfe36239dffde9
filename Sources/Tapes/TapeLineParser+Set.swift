import Foundation
import PaywallFoundation
import PaywallCore
import StoreSim
import SimRuntime

/// `Set …` commands for `TapeLineParser`.
extension TapeLineParser {
    mutating func setCommand() -> TapeCommand? {
        guard let name = oneOf(TapeVocabulary.settings, after: "Set", what: "setting") else { return nil }
        let command = "Set \(name)"
        switch name {
        case "Size": return sizeSetting()
        case "Theme": return resource(after: command, example: "dark or themes/mine.json").map { .setTheme($0) }
        case "Locale": return localeSetting()
        case "StoreKit":
            return path(after: command, expected: "a .storekit file path").map { .setStoreKit(path: $0) }
        case "Copy": return path(after: command, expected: "an .xcstrings file path").map { .setCopy(path: $0) }
        case "Config": return path(after: command, expected: "a remote-config JSON path").map { .setConfig(path: $0) }
        case "Offer":
            return oneOf(OfferID.allCases.map(\.rawValue) + ["auto"], after: command, what: "offer")
                .map { .setOffer(OfferID(rawValue: $0)) }
        case "Start":
            return oneOf(StartScreen.allCases.map(\.rawValue), after: command, what: "start screen")
                .flatMap(StartScreen.init(rawValue:)).map { .setStart($0) }
        case "Now": return nowSetting()
        case "TimeZone": return timeZoneSetting()
        case "Storefront": return storefrontSetting()
        case "TypingSpeed": return duration(after: command).map { .setTypingSpeed(milliseconds: $0) }
        case "Pause": return duration(after: command).map { .setPause(milliseconds: $0) }
        case "Store": return storeSetting()
        case "Backend": return flag(after: command, yes: "up", no: "down").map { .setBackendUp($0) }
        case "Profile": return resource(after: command, example: "trial-user or profiles/lapsed.json").map { .setProfile($0) }
        default: return nil
        }
    }

    private mutating func sizeSetting() -> TapeCommand? {
        let expected = "a size like 80x24 (width 20...500, height 5...200)"
        guard let token = argument(after: "Set Size", expected: expected) else { return nil }
        let parts = token.text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let numbers = parts.map { part -> Int? in
            guard part.count <= 4, part.unicodeScalars.allSatisfy({ $0.value >= 48 && $0.value <= 57 }) else { return nil }
            return Int(part)
        }
        guard numbers.count == 2, let width = numbers[0], let height = numbers[1],
              (20...500).contains(width), (5...200).contains(height) else {
            fail(at: token.column, "bad size '\(token.text)', expected \(expected)")
            return nil
        }
        return .setSize(width: width, height: height)
    }

    private mutating func localeSetting() -> TapeCommand? {
        let expected = "a locale identifier like en, zh-Hans or ko"
        guard let token = argument(after: "Set Locale", expected: expected) else { return nil }
        let valid = token.text.count <= 35 && token.text.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
        } && token.text.first?.isLetter == true
        guard valid else {
            fail(at: token.column, "bad locale '\(token.text)', expected \(expected)")
            return nil
        }
        return .setLocale(token.text)
    }

    private mutating func nowSetting() -> TapeCommand? {
        let expected = "an ISO-8601 date and time like 2026-01-30T09:00:00Z"
        guard let token = argument(after: "Set Now", expected: expected) else { return nil }
        guard let date = Self.parseISO8601(token.text) else {
            if let problem = ISO8601.clockProblem(token.text), problem.hasPrefix("no such day") {
                fail(at: token.column, "bad date '\(token.text)': \(problem)")
                return nil
            }
            fail(at: token.column, "bad date '\(token.text)', expected \(expected)")
            return nil
        }
        guard ISO8601.supportedRange.contains(date) else {
            fail(at: token.column, "date '\(token.text)' is outside the supported range, expected \(ISO8601.supportedRangeText)")
            return nil
        }
        return .setNow(date)
    }

    /// Parses `2026-01-30T09:00:00Z`, with an offset or fractional seconds.
    static func parseISO8601(_ text: String) -> Date? { ISO8601.parse(text) }

    private mutating func timeZoneSetting() -> TapeCommand? {
        let expected = "an IANA time zone like UTC, Asia/Shanghai or America/New_York"
        guard let token = argument(after: "Set TimeZone", expected: expected) else { return nil }
        let plausible = token.text.count <= 64 && !token.text.contains("..") && token.text.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/_-+".unicodeScalars.contains($0))
        }
        guard plausible, FixedOffsetCalendar.zone(named: token.text) != nil else {
            fail(at: token.column, "unknown time zone '\(token.text)'"
                + TapeVocabulary.didYouMean(token.text, in: TimeZone.knownTimeZoneIdentifiers) + ", expected \(expected)")
            return nil
        }
        return .setTimeZone(token.text)
    }

    private mutating func storefrontSetting() -> TapeCommand? {
        let expected = "an App Store storefront code like USA, KOR or DEU"
        guard let token = argument(after: "Set Storefront", expected: expected) else { return nil }
        let code = token.text.uppercased()
        guard Storefront(code: code) != nil else {
            fail(at: token.column, "unknown storefront '\(token.text)'"
                + TapeVocabulary.didYouMean(code, in: Storefront.all.map(\.code)) + ", expected \(expected)")
            return nil
        }
        return .setStorefront(code)
    }

    private mutating func storeSetting() -> TapeCommand? {
        guard let name = oneOf(TapeVocabulary.storeSettings, after: "Set Store", what: "store setting"),
              let setting = StoreSwitch(rawValue: name) else { return nil }
        let command = "Set Store \(name)"
        switch setting {
        case .askToBuy: return flag(after: command, yes: "on", no: "off").map { .setStoreAskToBuy($0) }
        case .unverified: return flag(after: command, yes: "on", no: "off").map { .setStoreUnverified($0) }
        case .timeRate:
            return oneOf(TapeVocabulary.timeRates, after: command, what: "time rate")
                .flatMap { TimeRate(named: $0) }.map { .setStoreTimeRate($0) }
        case .interrupted: return flag(after: command, yes: "on", no: "off").map { .setStoreInterrupted($0) }
        case .dialogs: return flag(after: command, yes: "on", no: "off").map { .setStoreDialogs($0) }
        case .gracePeriod:
            return oneOf(TapeVocabulary.gracePeriods, after: command, what: "grace period (App Store Connect offers 3, 16 or 28 days)")
                .map { .setStoreGracePeriod(days: $0 == "off" ? 0 : Int($0.dropLast()) ?? 16) }
        case .error:
            guard let apiName = oneOf(TapeVocabulary.storeKitAPIs, after: command, what: "StoreKit Testing API"),
                  let api = StoreKitTestAPI(name: apiName) else { return nil }
            guard let error = oneOf(api.allowedErrors + ["off"], after: "\(command) \(apiName)", what: "error for \(apiName)") else { return nil }
            return .setStoreError(api: api, error: error == "off" ? nil : error)
        case .fail:
            guard let error = oneOf(TapeVocabulary.storeErrors + ["off"], after: command, what: "StoreKit error")
            else { return nil }
            return .setStoreFail(error == "off" ? nil : error)
        }
    }

    /// A name, or a path when it contains `/` or ends in an extension (resolved against the tape's folder).
    private mutating func resource(after command: String, example: String) -> TapeResource? {
        guard let token = argument(after: command, expected: "a name or a path like \(example)") else { return nil }
        let looksLikePath = token.text.contains("/") || !TapePaths.pathExtension(of: token.text).isEmpty
        return looksLikePath ? .path(TapePaths.resolve(token.text, relativeTo: file)) : .name(token.text)
    }
}
