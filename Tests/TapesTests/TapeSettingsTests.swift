import Foundation
import Testing
@testable import Tapes
import PaywallApp

@Suite("Settings and discovery")
struct TapeSettingsTests {
    @Test func defaultsAndLeadingSetLines() throws {
        let tape = try TapeParser.parse(source: """
        Set Size 60x20
        Set Store AskToBuy on
        Set Backend down
        Key Enter
        Set Store AskToBuy off
        """, file: "t.tape").get()
        let settings = TapeSettings.initial(for: tape)
        #expect(settings.width == 60 && settings.height == 20)
        #expect(settings.inputs.switches.askToBuy == true)
        #expect(!settings.inputs.backendUp)
        #expect(settings.inputs.timeZone == "UTC" && settings.inputs.switches.timeRate == nil && settings.inputs.offer == nil) // nil: the catalog's own
        var later = settings
        let applied = later.apply(.setStoreAskToBuy(false))
        let ignored = later.apply(.relaunch)
        #expect(applied && !ignored)
        #expect(later.inputs.switches.askToBuy == false)
        #expect(TapeSettings().width == 80 && TapeSettings().height == 24)
    }

    @Test func setLinesWriteBackWhatTheyRead() throws {
        let source = """
        Set Size 100x30
        Set Profile voip
        Set Theme light
        Set Locale ko
        Set Offer B
        Set Start paywall
        Set Now 2026-03-01T12:00:00Z
        Set TimeZone Asia/Seoul
        Set StoreKit Shop.storekit
        Set Store AskToBuy on
        Set Store Fail networkError
        Set Store TimeRate oneSecondIsOneDay
        Set Backend down
        """
        let settings = TapeSettings.initial(for: try TapeParser.parse(source: source, file: "t.tape").get())
        #expect(settings.setLines() == source.split(separator: "\n").map(String.init))
        #expect(TapeSettings().setLines() == ["Set Size 80x24"], "the defaults need no Set line but the size")
    }

    @Test func emptyTextIsRefused() {
        #expect(errors("Expect \"\"").first?.hasPrefix("demo.tape:1:8: empty text after 'Expect'") == true)
        #expect(errors("Include \"\"").first?.hasPrefix("demo.tape:1:9: empty string after 'Include'") == true)
    }

    @Test func discoveryFindsTapesInFolders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("disc-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let disk = LocalFileSystem()
        for name in ["b.tape", "a.tape", "_setup.tape", "notes.md", "goldens/a/x.tape", "sub/c.tape", ".hidden.tape"] {
            try disk.writeText("Key Enter\n", atPath: folder + "/" + name)
        }
        #expect(TapeDiscovery.tapes(in: [folder, "missing.tape"]) == [
            folder + "/a.tape", folder + "/b.tape", folder + "/sub/c.tape", "missing.tape",
        ])
    }

    @Test func pathHelpers() {
        #expect(TapePaths.normalize("a/./b/../c//d") == "a/c/d")
        #expect(TapePaths.normalize("../x/../../y") == "../../y")
        #expect(TapePaths.normalize("/../a") == "/a")
        #expect(TapePaths.normalize("./") == ".")
        #expect(TapePaths.directory(of: "/a.tape") == "/")
        #expect(TapePaths.directory(of: ".") == ".")
        #expect(TapePaths.resolve("x.tape", relativeTo: "/s/t/main.tape") == "/s/t/x.tape")
        #expect(TapePaths.stem(of: "dir/.hidden") == ".hidden")
        #expect(TapePaths.pathExtension(of: "themes/mine.json") == "json")
    }
}

/// `play --profile` and `play --storekit` fill in what a tape does not set; a tape's own `Set` wins.
@Suite("Play defaults")
struct PlayDefaultsTests {
    static func inputs(_ source: String) throws -> SessionInputs {
        let tape = try TapeParser.parse(source: source, file: "/s/t.tape").get()
        var options = TapePlayer.Options()
        options.defaultProfile = "voip"
        options.defaultStorekit = "/s/Shop.storekit"
        return TapePlayer(tape: tape, options: options).inputs()
    }

    @Test func theCommandLineFillsInWhatTheTapeLeavesOut() throws {
        let plain = try Self.inputs("Key Enter")
        #expect(plain.profile == "voip" && plain.storekit == "/s/Shop.storekit")
        let own = try Self.inputs("Set Profile chat\nSet StoreKit Other.storekit\nKey Enter")
        #expect(own.profile == "chat" && own.storekit == "/s/Other.storekit")
    }
}
