import TestSupport
import CopyDeck
import Foundation
import PaywallCore
import StoreSim
import Testing
@testable import Profiles

@Suite struct ProfileLoaderTests {
    @Test func everyBuiltInProfileLoadsAndSetsUp() throws {
        let loader = ProfileLoader(baseDirectory: "/nowhere", readFile: { _ in nil })
        for name in BuiltInProfiles.names {
            let profile = try loader.load(nameOrPath: name)
            #expect(profile.name == name)
            #expect(profile.isBuiltIn)
            let setup = try loader.setup(profile)
            #expect(!setup.catalog.products.isEmpty, "\(name) has products")
            #expect(setup.copyCatalog != nil, "\(name) has its own deck")
            // Every offer of the built-in config names products the catalog has.
            for offer in setup.config.offers {
                for id in offer.productIDs { #expect(setup.catalog.product(id) != nil, "\(name): \(id)") }
            }
            try setup.config.validate(path: name)
        }
    }

    @Test func chatSetupHasTheDailyLimitAndTheChineseStorefront() throws {
        let setup = try ProfileLoader(readFile: { _ in nil }).setup(nameOrPath: "chat")
        #expect(setup.config.dailyMessageLimit == 10)
        #expect(setup.storefront == "CHN")
        #expect(setup.profile.screens.contains(.memberStatus))
        #expect(setup.profile.screens.contains(.applePay))
        #expect(setup.findings.count == 3)
    }

    @Test func theExampleTeamProfileLoadsWithItsFiles() throws {
        let loader = ProfileLoader(baseDirectory: ProfilePaths.scripts.path)
        let profile = try loader.load(nameOrPath: "example-team.profile.json")
        #expect(profile.name == "acme-notes")
        #expect(profile.appName == "Acme Notes")
        #expect(profile.catalog == .storekit("example-team.storekit"))
        #expect(profile.limits.minuteAllowances["com.acme.notes.pro.yearly"] == .unlimited)
        #expect(profile.limits.minuteAllowances["free"] == .minutes(30))
        #expect(profile.baseDirectory == ProfilePaths.scripts.path)
        #expect(profile.filePaths.storekit == ProfilePaths.scripts.appendingPathComponent("example-team.storekit").path)
        #expect(profile.filePaths.config == ProfilePaths.scripts.appendingPathComponent("example-team.config.json").path)
        #expect(profile.filePaths.copy == ProfilePaths.scripts.appendingPathComponent("example-team.xcstrings").path)
        let setup = try loader.setup(profile)
        #expect(Set(setup.catalog.products.map(\.id)) ==
                ["com.acme.notes.lifetime", "com.acme.notes.pro.monthly", "com.acme.notes.pro.yearly"])
        #expect(setup.config.dailyMessageLimit == 5, "the profile's limit overrides the config's default")
        #expect(setup.config.offers.map(\.id) == [.A, .B])
        #expect(setup.copyCatalog?["app.name"] != nil)
        #expect(setup.findings.isEmpty, "Apple Pay is not offered for subscriptions here")
    }

    @Test func theExampleLoadsByAbsolutePathFromAnyDirectory() throws {
        let profile = try ProfileLoader(baseDirectory: "/").load(nameOrPath: ProfilePaths.exampleProfile)
        #expect(profile.absolute("example-team.storekit") == ProfilePaths.scripts.appendingPathComponent("example-team.storekit").path)
    }

    @Test func aProfileWritesBackToTheSameFileFormat() throws {
        let original = try ProfileLoader(baseDirectory: ProfilePaths.scripts.path).load(nameOrPath: "example-team.profile.json")
        let data = try JSONEncoder().encode(original)
        var decoded = try ProfileDecoder.decode(data, file: "roundtrip.json")
        decoded.baseDirectory = original.baseDirectory
        decoded.sourceFile = original.sourceFile
        #expect(decoded == original)
        let viaCodable = try JSONDecoder().decode(Profile.self, from: data)
        #expect(viaCodable.limits == original.limits)
        #expect(viaCodable.applePay == original.applePay)
    }

    @Test func anUnknownNameSaysWhichProfilesExist() {
        let loader = ProfileLoader(baseDirectory: "/tmp", readFile: { _ in nil })
        #expect(throws: ProfileError.self) { try loader.load(nameOrPath: "chatt") }
        do { _ = try loader.load(nameOrPath: "chatt") } catch {
            #expect(error.description.contains("chat, voip, templates"))
        }
    }

    @Test func aFileProfileOnABuiltInCatalogGetsThatCatalogsConfigAndDeck() throws {
        let files = FakeFiles(files: ["/team/p.json": #"{"name": "mine", "catalog": "voip", "limits": {"dailyMessageLimit": 3}}"#])
        let loader = ProfileLoader(baseDirectory: "/team", readFile: files.read)
        let setup = try loader.setup(nameOrPath: "p.json")
        #expect(setup.catalog.origin == "built-in:voip")
        #expect(setup.config.offers.first?.productIDs.contains("com.voipapp.premium.monthly") == true)
        #expect(setup.config.dailyMessageLimit == 3)
        #expect(setup.copyCatalog?["voip.tier.basic"] != nil)
        #expect(!setup.profile.isBuiltIn)
    }
}

@Suite struct ProfileSetupCopyTests {
    @Test func aTeamDeckOverlaysTheProfileDeck() throws {
        let setup = try ProfileLoader(readFile: { _ in nil }).setup(nameOrPath: "voip")
        let team = try StringCatalog.decode(Data(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "voip.tier.basic": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Starter"}}}},
          "team.only": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Ours"}}}}}}
        """#.utf8), origin: "team.xcstrings")
        let merged = try #require(setup.copy(overlaidWith: team))
        #expect(merged["voip.tier.basic"] == team["voip.tier.basic"])
        #expect(merged["team.only"] != nil)
        #expect(merged["voip.tier.premium"] == setup.copyCatalog?["voip.tier.premium"])
        #expect(setup.copy(overlaidWith: nil) == setup.copyCatalog)
    }
}

@Suite struct ProfileFixtureTests {
    /// A team profile pointing at real Xcode files from the fixtures (Tests/Fixtures).
    @Test func aProfileCanNameRealStoreKitAndStringCatalogFiles() throws {
        let root = TestPaths.packageRoot.path
        let profilePath = root + "/team.profile.json"
        let text = #"""
        {"name": "joodle", "appName": "Joodle",
         "storekit": "Tests/Fixtures/storekit/04-joodle-7-locales-v6.storekit",
         "copy": "Tests/Fixtures/xcstrings/03-joodle-paywall-zh-hans.xcstrings",
         "limits": {"dailyMessageLimit": 7}}
        """#
        let loader = ProfileLoader(baseDirectory: root) { path in
            path == profilePath ? Data(text.utf8) : FileManager.default.contents(atPath: path)
        }
        let setup = try loader.setup(nameOrPath: "team.profile.json")
        #expect(setup.catalog.formatVersion?.major == 6)
        #expect(!setup.catalog.products.isEmpty)
        #expect(setup.copyCatalog?.keys.isEmpty == false)
        #expect(setup.config == {
            var config = RemoteConfig.default
            config.dailyMessageLimit = 7
            return config
        }())
        #expect(setup.findings.isEmpty)
    }
}
