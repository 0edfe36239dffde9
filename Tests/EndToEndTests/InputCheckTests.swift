import Foundation
import Testing

/// Bad names and near misses: refused with what was expected, at the line that says them.
@Suite("Bad input: locales, tape settings, commands")
struct InputCheckTests {
    func tape(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("input-check-\(UUID().uuidString).tape")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func anUnknownLocaleIsRefusedWithTheDecksLanguages() async throws {
        let result = try PaywallSimProcess.run(["--locale", "xx"])
        #expect(result.exitCode == 64, "a usage error, as the docs say of a bad option")
        #expect(result.stderr.contains("locale xx: unknown language, expected one the copy deck has: en, ko, zh-Hans"), "\(result.stderr)")
    }

    @Test func aLocaleTheDeckLacksFallsBackVisibly() async throws {
        let result = try PaywallSimProcess.run(["--locale", "de"])
        #expect(result.stderr.contains("warning: locale de: the copy deck has no de (it has en, ko, zh-Hans); the copy falls back to en, dates and prices follow de"),
                "\(result.stderr)")
        let served = try PaywallSimProcess.run(["--locale", "zh-Hans"])
        #expect(!served.stderr.contains("warning"), "a language the deck has: no warning")
    }

    @Test func playCheckValidatesEverySetArgumentAtItsLine() async throws {
        let url = try tape("Set Theme nosuch\nSet Locale xx\nSet Profile vop\nKey Enter\n")
        defer { try? FileManager.default.removeItem(at: url) }
        for arguments in [["play", "--check", url.path], ["play", url.path]] {
            let result = try PaywallSimProcess.run(arguments)
            #expect(result.exitCode == 2)
            #expect(result.stdout.contains("\(url.path):1:1: unknown theme 'nosuch'"), "\(result.stdout)")
            #expect(result.stdout.contains("\(url.path):2:1: unknown language 'xx'"))
            #expect(result.stdout.contains("\(url.path):3:1: unknown profile 'vop' (did you mean 'voip'?)"))
        }
        let storefront = try tape("Set Storefront XYZ\n")
        defer { try? FileManager.default.removeItem(at: storefront) }
        let result = await InProcessCommandLine.run(["play", "--check", storefront.path])
        #expect(result.stdout.contains("\(storefront.path):1:16: unknown storefront 'XYZ'"), "\(result.stdout)")
    }

    @Test func aMistypedCommandSuggestsTheClosestOne() async throws {
        let top = try PaywallSimProcess.run(["sotre", "buy", "weekly_9_99"])
        #expect(top.exitCode == 64)
        #expect(top.stderr.contains("paywall-sim: 'sotre' is not a command. Did you mean 'store'?"), "\(top.stderr)")
        #expect(!top.stderr.contains("Usage: paywall-sim run"))
        let sub = await InProcessCommandLine.run(["store", "aprove"])
        #expect(sub.exitCode == 64)
        #expect(sub.stderr.contains("'aprove' is not a command. Did you mean 'approve'?"), "\(sub.stderr)")
    }

    @Test func stepsAfterAQuitKeyFailAndJSONKeepsTheResult() async throws {
        let quit = try tape("Set Start paywall\nKey Up\nKey q\nExpectEvent purchase_success\n")
        defer { try? FileManager.default.removeItem(at: quit) }
        let result = await InProcessCommandLine.run(["play", quit.path])
        #expect(result.exitCode == 1)
        #expect(result.stdout.contains("the app has quit (a quit key at \(quit.path):3:1); add Relaunch before more steps"), "\(result.stdout)")
        let ending = try tape("Set Start paywall\nKey Up\nKey q\n")
        defer { try? FileManager.default.removeItem(at: ending) }
        let json = await InProcessCommandLine.run(["play", ending.path, "--json"])
        #expect(json.exitCode == 0)
        #expect(json.stdout.contains("\"finalState\" : \"paywall\"") && json.stdout.contains("\"paywall_plan_selected\""), "\(json.stdout)")
    }

    @Test func recordToAPathThatCannotBeWrittenIsRefusedAtTheStart() async throws {
        let result = try PaywallSimProcess.run(["--record", "/proc/nope/x.tape"])
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains("--record /proc/nope/x.tape: /proc/nope is not a writable folder"))
    }

    @Test func castOfSeveralTapesIsAUsageError() async throws {
        let a = try tape("Key Enter\n"), b = try tape("Key Enter\n")
        defer { try? FileManager.default.removeItem(at: a); try? FileManager.default.removeItem(at: b) }
        let result = await InProcessCommandLine.run(["play", a.path, b.path, "--cast", "x.cast"])
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains("--cast, --svg, --gif and --live play one tape; 2 were given"))
    }

    @Test func runRefusesAnUnknownStoreSwitch() async throws {
        let fail = try PaywallSimProcess.run(["--fail", "netwrkError"])
        #expect(fail.exitCode == 64)
        #expect(fail.stderr.contains("--fail netwrkError: unknown StoreKit error (did you mean 'networkError'?)"))
        let rate = try PaywallSimProcess.run(["--time-rate", "fast"])
        #expect(rate.exitCode == 64)
    }
}

/// `copy check` reports each defect once, never "missing" for what is cut off, and refuses a size
/// where nothing would be checked.
@Suite("copy check: one finding per defect")
struct CopyCheckDefectTests {
    @Test func aCutOffCTAIsOneDefectNotAlsoMissingAndNotRepeatedPerOverlay() async throws {
        let deck = FileManager.default.temporaryDirectory.appendingPathComponent("long-cta-\(UUID().uuidString).xcstrings")
        try """
        {"sourceLanguage":"en","strings":{"paywall.cta.trial":{"localizations":{"en":{"stringUnit":{"state":"translated",
        "value":"Start your absolutely free, no-risk, cancel-anytime one week trial of Nova Premium right now today"}}}}},"version":"1.0"}
        """.write(to: deck, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: deck) }
        let result = await InProcessCommandLine.run(["copy", "check", "--copy", deck.path, "--locale", "en", "--theme", "dark", "--offer", "A"])
        #expect(!result.stdout.contains("no call to action is shown"), "cut off is not missing")
        #expect(result.stdout.components(separatedBy: "error: paywall.cta.trial:").count - 1 == 1, "one finding for the one defect:\n\(result.stdout)")
        #expect(result.stdout.contains("screens: paywall, sheet, help"))
        #expect(result.stdout.contains("1 error(s), 0 warning(s), 0 note(s): one per defect, seen 30 time(s)"))
    }

    /// Issue 13.1: two plans at one price (monthly and weekly at 0,99 €) and one price inside
    /// another (9,99 € in 59,99 €): each plan's row is read from what was drawn for that plan.
    @Test func samePricesAndPricesInsidePricesAreNotFalse312Errors() async throws {
        let catalog = FileManager.default.temporaryDirectory.appendingPathComponent("same-\(UUID().uuidString).storekit")
        try #"""
        {
          "identifier" : "S",
          "nonRenewingSubscriptions" : [],
          "products" : [],
          "settings" : { "_storefront" : "DEU", "_locale" : "de" },
          "subscriptionGroups" : [
            {
              "id" : "G1", "localizations" : [], "name" : "Pro",
              "subscriptions" : [
                { "adHocOffers" : [], "codeOffers" : [], "displayPrice" : "0.99", "familyShareable" : false, "groupNumber" : 1, "internalID" : "1",
                  "introductoryOffer" : null, "localizations" : [ { "description" : "", "displayName" : "Monthly", "locale" : "en_US" } ],
                  "productID" : "monthly", "recurringSubscriptionPeriod" : "P1M", "referenceName" : "Monthly", "subscriptionGroupID" : "G1", "type" : "RecurringSubscription" },
                { "adHocOffers" : [], "codeOffers" : [], "displayPrice" : "0.99", "familyShareable" : false, "groupNumber" : 2, "internalID" : "2",
                  "introductoryOffer" : null, "localizations" : [ { "description" : "", "displayName" : "Weekly", "locale" : "en_US" } ],
                  "productID" : "weekly", "recurringSubscriptionPeriod" : "P1W", "referenceName" : "Weekly", "subscriptionGroupID" : "G1", "type" : "RecurringSubscription" },
                { "adHocOffers" : [], "codeOffers" : [], "displayPrice" : "59.99", "familyShareable" : false, "groupNumber" : 3, "internalID" : "3",
                  "introductoryOffer" : null, "localizations" : [ { "description" : "", "displayName" : "Yearly", "locale" : "en_US" } ],
                  "productID" : "yearly", "recurringSubscriptionPeriod" : "P1Y", "referenceName" : "Yearly", "subscriptionGroupID" : "G1", "type" : "RecurringSubscription" },
                { "adHocOffers" : [], "codeOffers" : [], "displayPrice" : "9.99", "familyShareable" : false, "groupNumber" : 4, "internalID" : "4",
                  "introductoryOffer" : null, "localizations" : [ { "description" : "", "displayName" : "Weekly Plus", "locale" : "en_US" } ],
                  "productID" : "weeklyplus", "recurringSubscriptionPeriod" : "P1W", "referenceName" : "Weekly Plus", "subscriptionGroupID" : "G1", "type" : "RecurringSubscription" }
              ]
            }
          ],
          "version" : { "major" : 3, "minor" : 0 }
        }
        """#.write(to: catalog, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: catalog) }
        let result = await InProcessCommandLine.run(["copy", "check", "--storekit", catalog.path, "--locale", "en", "--theme", "dark", "--size", "100x30"])
        #expect(!result.stdout.contains("is not shown with its price"), "\(result.stdout)")
        #expect(result.stdout.contains("0 error(s)"), "\(result.stdout)")
    }

    @Test func aSizeBelowTheMinimumIsAUsageError() async throws {
        let result = await InProcessCommandLine.run(["copy", "check", "--size", "30x10"])
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains("--size 30x10: below the minimum 60x22"))
    }
}

/// `copy diff --profile`: both decks over the profile's deck, on its screens; removals before additions.
@Suite("copy diff --profile")
struct CopyDiffProfileTests {
    @Test func aProfileDecksChangeShowsOnTheProfilesScreenOldLineFirst() async throws {
        let source = PaywallSimProcess.packageRoot.appendingPathComponent("Themes/profiles/voip.xcstrings")
        let text = try String(contentsOf: source, encoding: .utf8)
        let changed = text.replacingOccurrences(of: "\"value\" : \"This month's usage\"", with: "\"value\" : \"Usage this month\"")
        #expect(changed != text)
        let new = FileManager.default.temporaryDirectory.appendingPathComponent("voip-new-\(UUID().uuidString).xcstrings")
        try changed.write(to: new, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: new) }
        let result = await InProcessCommandLine.run(["copy", "diff", source.path, new.path, "--profile", "voip"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("== usage"), "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let removed = try #require(lines.firstIndex { $0.hasPrefix("- ") && $0.contains("This month's usage") })
        let added = try #require(lines.firstIndex { $0.hasPrefix("+ ") && $0.contains("Usage this month") })
        #expect(removed < added, "the old line first, then the new one")
    }
}

/// Issue 13.11: small ones.
@Suite("Small: empty locale, keys with newlines")
struct SmallInputTests {
    @Test func anEmptyLocaleIsAUsageError() async throws {
        let result = try PaywallSimProcess.run(["--locale", ""])
        #expect(result.exitCode == 64)
    }

    @Test func aKeyWithANewlineStaysOnOneLineInLists() async throws {
        let deck = FileManager.default.temporaryDirectory.appendingPathComponent("nl-\(UUID().uuidString).xcstrings")
        try #"{"sourceLanguage":"en","strings":{"line one\nline two":{},"paywall.title":{}},"version":"1.0"}"#.write(to: deck, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: deck) }
        let result = await InProcessCommandLine.run(["copy", "check", "--copy", deck.path, "--locale", "en", "--theme", "dark", "--size", "80x24", "--offer", "A"])
        #expect(result.stdout.contains(#"(unused): “line one\nline two”"#), "\(result.stdout)")
    }
}
