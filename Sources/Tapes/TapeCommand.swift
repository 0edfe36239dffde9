import Foundation
import PaywallCore
import StoreSim
import PaywallScreens
import TerminalKit

/// One command of the tape language (version 1). Paths are already resolved against the tape's folder.
public enum TapeCommand: Hashable, Sendable {
    /// `Set Size WxH`: the virtual terminal size (default 80x24).
    case setSize(width: Int, height: Int)
    /// `Set Theme NAME|PATH`.
    case setTheme(TapeResource)
    /// `Set Locale en|zh-Hans|ko|…`.
    case setLocale(String)
    /// `Set StoreKit PATH`: a `.storekit` catalog.
    case setStoreKit(path: String)
    /// `Set Copy PATH`: an `.xcstrings` copy deck.
    case setCopy(path: String)
    /// `Set Config PATH`: a remote-config JSON file.
    case setConfig(path: String)
    /// `Set Offer A|B|C|auto`: nil is `auto` (the decision engine picks).
    case setOffer(OfferID?)
    /// `Set Start onboarding|valuePreview|proof|paywall|chat`.
    case setStart(StartScreen)
    /// `Set Now ISO-8601`: the virtual clock's start.
    case setNow(Date)
    /// `Set TimeZone IANA-ID` (default UTC); validated with `TimeZone(identifier:)`.
    case setTimeZone(String)
    /// `Set TypingSpeed DURATION`: how long each key and typed character takes in a cast or `--live` (default 80ms).
    case setTypingSpeed(milliseconds: Int64)
    /// `Set Pause DURATION`: how long a cast or `--live` holds each new screen a key brought, and each snapshot (default 1s).
    case setPause(milliseconds: Int64)
    /// `Set Storefront CODE`: the App Store storefront prices are shown in (alpha-3, e.g. `KOR`).
    case setStorefront(String)
    /// `Set Store AskToBuy on|off`.
    case setStoreAskToBuy(Bool)
    /// `Set Store Fail ERROR|off`: fail purchases with that StoreKit error name; nil is `off`.
    case setStoreFail(String?)
    /// `Set Store Unverified on|off`: sign purchases with a key the backend does not trust.
    case setStoreUnverified(Bool)
    /// `Set Store TimeRate NAME`: an `SKTestSession.TimeRate` case name.
    case setStoreTimeRate(TimeRate)
    /// `Set Store GracePeriod off|3d|16d|28d`: 0 for off.
    case setStoreGracePeriod(days: Int)
    /// `Set Store Interrupted on|off`.
    case setStoreInterrupted(Bool)
    /// `Set Store Dialogs on|off` (off: `disableDialogs`).
    case setStoreDialogs(Bool)
    /// `Set Store Error API ERROR|off`: one of StoreKit Testing's nine APIs fails with that error; nil is `off`.
    case setStoreError(api: StoreKitTestAPI, error: String?)
    /// `Set Backend up|down`: true when up.
    case setBackendUp(Bool)
    /// `Set Profile NAME|PATH`.
    case setProfile(TapeResource)
    /// `Key NAME [COUNT]`.
    case key(Key, count: Int)
    /// `Type "text"`: each character as a key.
    case type(String)
    /// `Type@50ms "text"`: as `Type`, each character taking this long in a cast, `--live` or an SVG (VHS's per-command speed).
    case typeAtSpeed(String, milliseconds: Int64)
    /// `Sleep DURATION`: virtual time passes, in milliseconds.
    case sleep(milliseconds: Int64)
    /// `Wait /regex/ [DURATION]` (or `Wait "text"`): let time pass until the screen matches (default 10 s).
    case wait(TapeMatcher, timeoutMilliseconds: Int64)
    /// `Expect "text" | /regex/`.
    case expect(TapeMatcher)
    /// `ExpectNot "text" | /regex/`.
    case expectNot(TapeMatcher)
    /// `ExpectState NAME`: a flow state name (see `TapeVocabulary.flowStates`).
    case expectState(String)
    /// `ExpectEntitled yes|no`.
    case expectEntitled(Bool)
    /// `ExpectStatus GROUP none|subscribed|expired|inBillingRetryPeriod|inGracePeriod|revoked`.
    case expectStatus(group: String, state: String)
    /// `ExpectEvent NAME [KEY=VALUE…]`: an analytics event of that name, with those properties, has been recorded.
    case expectEvent(String, properties: [String: String] = [:])
    /// `ExpectNotEvent NAME [KEY=VALUE…]`: no such event has been recorded.
    case expectNotEvent(String, properties: [String: String] = [:])
    /// `Hide`: the steps after it are not recorded (in a cast, `--live` or an SVG) until `Show`; they still run and check.
    case hide
    /// `Show`: record again after `Hide`.
    case show
    /// `ExpectQuota N`: free messages left today.
    case expectQuota(Int)
    /// `Store NAME [ARGS]`: a `StoreCommand`, its arguments checked when the tape is read.
    case store(StoreCommand)
    /// `ExpectStoreError ERROR NAME [ARGS]`: the store command is refused with ERROR, a StoreKit
    /// error name (a simulated error, `productUnavailable`) or a refusal's (`nothingToExpire`).
    case expectStoreError(error: StoreErrorName, command: StoreCommand)
    /// `Relaunch`: the app is killed and started again on the same state.
    case relaunch
    /// `Snapshot NAME`: compare the screen with the stored golden `NAME`.
    case snapshot(String)
    /// `Screenshot NAME.svg`: the screen now, in the theme's colours, written as an SVG beside the tape.
    case screenshot(String)
    /// `Output NAME.svg` (or `.cast`, `.txt`): the whole recording, written beside the tape when it
    /// ends, as an animated SVG, an asciicast or a transcript; compared like a golden (written with `--update`).
    case output(String)
    /// `Matrix KEY=V1,V2 …`: `play` plays the tape once per combination (locale, offer, theme,
    /// size), each golden and output named for it; a setting line, so it may sit among the `Set` lines.
    case matrix(TapeMatrix)
    /// `Include PATH`: only in `TapeParser` output; `TapeLoader` replaces it with the file's commands.
    case include(path: String)

    /// The keys this command presses, in order (`Type` maps space, newline and tab to their keys).
    public var keys: [Key] {
        switch self {
        case .key(let key, let count): return Array(repeating: key, count: max(0, count))
        case .type(let text), .typeAtSpeed(let text, _): return text.map(TapeCommand.key(for:))
        default: return []
        }
    }

    /// The key one typed character stands for.
    public static func key(for character: Character) -> Key {
        switch character {
        case " ": return .space
        case "\n", "\r\n", "\r": return .enter
        case "\t": return .tab
        default: return .character(character)
        }
    }
}

/// A theme or profile given by name (`dark`) or by file (`themes/mine.json`, resolved).
public enum TapeResource: Hashable, Sendable {
    case name(String)
    case path(String)
}

/// What `Expect`/`ExpectNot` look for: literal text or a regular expression.
public enum TapeMatcher: Hashable, Sendable, CustomStringConvertible {
    case text(String)
    case regex(TapePattern)

    /// As written in a tape: `"text"` with escapes, or `/regex/`.
    public var description: String {
        switch self {
        case .text(let text): return TapeMatcher.quote(text)
        case .regex(let pattern): return pattern.description
        }
    }

    /// `text` as a tape string literal, escaping `"`, `\`, newline and tab.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for c in text {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.append(c)
            }
        }
        return out + "\""
    }

    /// Whether the screen text contains the text or matches the pattern.
    public func matches(_ screen: String) -> Bool {
        switch self {
        case .text(let text): return screen.contains(text)
        case .regex(let pattern): return pattern.matches(screen)
        }
    }
}

/// A regular expression written `/…/` in a tape, validated by the parser (`\/` is a slash).
///
/// A pattern without any regex metacharacter (`\ ^ $ . | ? * + ( ) [ ] { }`), such as
/// `/Welcome to Premium/`, is its own text: it is matched as a substring, line by line as
/// `NSRegularExpression` would, without compiling anything. Any other pattern is compiled once.
public struct TapePattern: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as `NSRegularExpression` takes it.
    public var pattern: String
    /// The compiled expression (`.anchorsMatchLines`), nil for a literal pattern.
    private let compiled: CompiledPattern?

    /// Nil when the pattern does not compile.
    public init?(_ pattern: String) {
        self.pattern = pattern
        if Self.isLiteral(pattern) {
            compiled = nil
        } else {
            guard let regex = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else { return nil }
            compiled = CompiledPattern(regex: regex)
        }
    }

    /// Whether the pattern matches anywhere in the text (`.` does not cross lines, `^`/`$` match at lines).
    public func matches(_ text: String) -> Bool {
        guard let compiled else {
            // No metacharacter: the regex matches exactly where the text occurs within one line.
            return Self.containsWithinLine(text, pattern)
        }
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return compiled.regex.firstMatch(in: text, options: [], range: range) != nil
    }

    public static func == (lhs: TapePattern, rhs: TapePattern) -> Bool { lhs.pattern == rhs.pattern }
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

    /// True when no scalar of the pattern means anything to ICU's regex syntax (nor is a line break).
    static func isLiteral(_ pattern: String) -> Bool {
        !pattern.unicodeScalars.contains { scalar in
            switch scalar {
            case "\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}", "\n", "\r": return true
            default: return false
            }
        }
    }

    /// Whether `literal` (which has no line break) occurs in `text`, as a regex of its scalars would
    /// find it: compared scalar by scalar, not by grapheme as `String.contains` does.
    static func containsWithinLine(_ text: String, _ literal: String) -> Bool {
        let needle = Array(literal.unicodeScalars)
        guard !needle.isEmpty else { return true }
        let haystack = Array(text.unicodeScalars)
        guard haystack.count >= needle.count else { return false }
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == needle[0] {
                var matched = 1
                while matched < needle.count, haystack[start + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            start += 1
        }
        return false
    }

    /// `/pattern/` with slashes escaped, as written in a tape.
    public var description: String {
        "/" + pattern.replacingOccurrences(of: "/", with: "\\/") + "/"
    }
}

/// A compiled `NSRegularExpression`, shared by copies of a `TapePattern` (it is immutable once made).
private final class CompiledPattern: @unchecked Sendable {
    let regex: NSRegularExpression
    init(regex: NSRegularExpression) { self.regex = regex }
}
