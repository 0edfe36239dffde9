import ArgumentParser
import Foundation
@testable import PaywallSimCLI
import Testing

/// The command line parsed in process with ArgumentParser's own API (`parseAsRoot`, `message(for:)`,
/// `exitCode(for:)`, `helpMessage(for:)`): what each line parses to, and the message and exit code
/// of what it refuses, without starting the binary (`TopLevelCommandTests` and the other live
/// tests run the binary itself).
@Suite("paywall-sim command line, parsed in process")
struct CommandParsingTests {
    /// The error `arguments` are refused with, or a failed expectation if they parse.
    private func refusal(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> (message: String, exitCode: Int32)? {
        do {
            let command = try PaywallSimCommand.parseAsRoot(arguments)
            Issue.record("\(arguments) parsed to \(type(of: command)), expected an error", sourceLocation: sourceLocation)
            return nil
        } catch {
            return (PaywallSimCommand.message(for: error), PaywallSimCommand.exitCode(for: error).rawValue)
        }
    }

    @Test func storeAdvanceParsesItsDuration() throws {
        let command = try PaywallSimCommand.parseAsRoot(["store", "advance", "1d12h"])
        let advance = try #require(command as? StoreAdvanceCommand)
        #expect(advance.duration == "1d12h")
        #expect(advance.options.json == false)
        #expect(!(command is any AsyncParsableCommand), "store commands stay synchronous")
    }

    @Test func storeAdvanceRefusesADurationWithoutAUnit() throws {
        let refused = try #require(refusal(["store", "advance", "3x"]))
        #expect(refused.message.contains("DURATION 3x: expected a number and a unit"), "\(refused.message)")
        #expect(refused.exitCode == 64)
        #expect(refused.exitCode == ExitCode.validationFailure.rawValue)
    }

    @Test func playNeedsATape() throws {
        let refused = try #require(refusal(["play"]))
        #expect(refused.message.contains("Missing expected argument '<TAPE|DIR> ...'"), "\(refused.message)")
        #expect(refused.exitCode == 64)
    }

    @Test func playParsesItsTapesAndFlags() throws {
        let command = try PaywallSimCommand.parseAsRoot(["play", "--check", "--json", "a.tape", "tapes"])
        let play = try #require(command as? PlayCommand)
        #expect(play.paths == ["a.tape", "tapes"])
        #expect(play.check && play.json && !play.update && !play.live)
    }

    @Test func anUnknownWordIsRefused() throws {
        // The default command (`run`) takes no words, so ArgumentParser refuses it as an argument…
        let refused = try #require(refusal(["frobnicate"]))
        #expect(refused.message.contains("Unexpected argument 'frobnicate'"), "\(refused.message)")
        #expect(refused.exitCode == 64)
        // …and the binary says first that it is not a command (main.swift exits 64 with this line).
        #expect(PaywallSimCommand.misspelledCommand(in: ["frobnicate"])
            == "paywall-sim: 'frobnicate' is not a command. Commands: run, play, store, serve, copy; see 'paywall-sim --help'.")
    }

    @Test func serveOnAnyFreePortIsAsynchronous() throws {
        let command = try PaywallSimCommand.parseAsRoot(["serve", "--port", "0"])
        let serve = try #require(command as? ServeCommand)
        #expect(serve.port == 0)
        #expect(serve.host == "127.0.0.1")
        #expect(serve.apiKeys.isEmpty && serve.notify.isEmpty)
        #expect(command is any AsyncParsableCommand, "serve's run() is awaited, not bridged")
    }

    @Test func serveRefusesAPortOutOfRange() throws {
        let refused = try #require(refusal(["serve", "--port", "65536"]))
        #expect(refused.message.contains("--port 65536: expected 0 (any free port) to 65535"), "\(refused.message)")
        #expect(refused.exitCode == 64)
        let notify = try #require(refusal(["serve", "--notify", "ftp://example.com/x"]))
        #expect(notify.message.contains("--notify ftp://example.com/x: expected an http or https URL"), "\(notify.message)")
        #expect(notify.exitCode == 64)
    }

    @Test func copyCheckParsesItsSweep() throws {
        let command = try PaywallSimCommand.parseAsRoot(["copy", "check", "--locale", "ko", "--size", "60x22"])
        let check = try #require(command as? CopyCheckCommand)
        #expect(check.sweep.locale == ["ko"])
        #expect(check.sweep.size == ["60x22"])
        #expect(check.sweep.theme.isEmpty && check.sweep.offer.isEmpty)
        #expect(check.format == "text")
        #expect(check.html == nil)
    }

    @Test func copyCheckRefusesASizeBelowTheMinimum() throws {
        let refused = try #require(refusal(["copy", "check", "--size", "40x10"]))
        #expect(refused.message.contains("--size 40x10: below the minimum 60x22"), "\(refused.message)")
        #expect(refused.exitCode == 64)
    }

    @Test func runIsTheDefaultCommand() throws {
        let bare = try PaywallSimCommand.parseAsRoot([])
        let run = try #require(bare as? RunCommand)
        #expect(run.theme == "dark")
        #expect(run.record == nil)
        #expect(run.options.locale == "en")
        #expect(!(bare is any AsyncParsableCommand), "run stays synchronous, on the main thread")
        // Options without a command are the default command's.
        let themed = try #require(try PaywallSimCommand.parseAsRoot(["--theme", "light", "--locale", "ko"]) as? RunCommand)
        #expect(themed.theme == "light")
        #expect(themed.options.locale == "ko")
    }

    @Test func aMisspelledCommandIsSuggestedAndTheHiddenOneNeverListed() throws {
        let message = try #require(PaywallSimCommand.misspelledCommand(in: ["sotre"]))
        #expect(message == "paywall-sim: 'sotre' is not a command. Did you mean 'store'? Commands: run, play, store, serve, copy; see 'paywall-sim --help'.")
        #expect(!message.contains("debug"))
        // Not even when the word is close to it.
        let close = try #require(PaywallSimCommand.misspelledCommand(in: ["debgu"]))
        #expect(!close.contains("debug"), "\(close)")
        // A second word under `store`.
        #expect(PaywallSimCommand.misspelledCommand(in: ["store", "advnace"])?
            .hasPrefix("paywall-sim store: 'advnace' is not a command. Did you mean 'advance'?") == true)
        // Real commands, the hidden one, help, options and a command's own arguments are not misspelled.
        for arguments in [["store"], ["debug"], ["help"], ["store", "advance", "1d"], ["--version"], ["serve", "--port", "0"], []] {
            #expect(PaywallSimCommand.misspelledCommand(in: arguments) == nil, "\(arguments)")
        }
    }

    /// A newcomer's slips: a misspelled `--version`, a negative `--limit`, the live keys in `run --help`.
    @Test func aMisspelledVersionFlagIsNamed() throws {
        #expect(PaywallSimCommand.misspelledRootFlag(in: ["--versoin"]) == "paywall-sim: unknown option '--versoin'. Did you mean '--version'?")
        #expect(PaywallSimCommand.misspelledRootFlag(in: ["--hlep"]) == "paywall-sim: unknown option '--hlep'. Did you mean '--help'?")
        // The real flags, a run option and a word far from both are not slips.
        for arguments in [["--version"], ["--help"], ["--locale", "ko"], ["--frobnicate"], []] {
            #expect(PaywallSimCommand.misspelledRootFlag(in: arguments) == nil, "\(arguments)")
        }
    }

    @Test(arguments: [["store", "transactions", "--limit", "-1"], ["store", "notifications", "--limit", "-1"]])
    func aNegativeLimitIsRefusedClearly(_ arguments: [String]) throws {
        let refused = try #require(refusal(arguments))
        #expect(refused.message.contains("--limit -1: expected 0 (every "), "\(refused.message)")
        #expect(!refused.message.contains("Missing value"), "\(refused.message)")
        #expect(refused.exitCode == 64)
        let parsed = try PaywallSimCommand.parseAsRoot(["store", "transactions", "--limit", "3"])
        #expect((parsed as? StoreTransactionsCommand)?.limit == 3)
    }

    @Test func runHelpListsEveryLiveKey() {
        let help = PaywallSimCommand.helpMessage(for: RunCommand.self, columns: 1000)
        for key in ["?/F1 help", "d/F2 debug", "u/F3 account & subscriptions", "t/F4 Transaction Manager", "Ctrl+C quit"] {
            #expect(help.contains(key), "\(key) in: \(help)")
        }
    }

    @Test func versionIsACleanExit() throws {
        let refused = try #require(refusal(["--version"]))
        #expect(refused.message == PaywallSimCommand.versionText)
        #expect(refused.exitCode == 0)
    }

    @Test func helpListsTheVisibleCommandsOnly() throws {
        let help = PaywallSimCommand.helpMessage()
        for name in ["run (default)", "play", "store", "serve", "copy"] {
            #expect(help.contains(name), "missing \(name)")
        }
        #expect(!help.contains("debug"))
        let serve = PaywallSimCommand.helpMessage(for: ServeCommand.self)
        #expect(serve.contains("USAGE: paywall-sim serve"), "\(serve)")
        #expect(serve.contains("--port <PORT>"))
        #expect(serve.contains("--api-key <KEY_ID:FILE.p8>"))
        // `serve --help` parses to ArgumentParser's help command, which prints that text: serve never runs.
        let requested = try PaywallSimCommand.parseAsRoot(["serve", "--help"])
        #expect(!(requested is ServeCommand) && !(requested is any AsyncParsableCommand), "\(type(of: requested))")
    }
}
