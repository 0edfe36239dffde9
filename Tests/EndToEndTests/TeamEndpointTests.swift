import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// `--backend-endpoint`: the app calls a team's own purchase endpoint — its route, an auth header
/// from the environment, its body — and unlocks only on that server's answer. The server here is
/// `Scripts/backend/team_server.py`, shaped like a real one (`POST /payment/apple-subscription/`
/// with `{"transaction_id"}`, answering `{"subscription": {"is_active"}}`).
@Suite("The app calls a team's own purchase endpoint", .serialized)
struct TeamEndpointTests {
    let directory = TestPaths.scratchDirectory("team-endpoint")

    /// The team's server on a free port, and the log of what it received.
    final class TeamServer {
        let process = Process()
        let url: String
        let log: URL

        init(in directory: URL, inactive: Bool = false) throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let portFile = directory.appendingPathComponent(inactive ? "inactive.port" : "team.port")
            log = directory.appendingPathComponent(inactive ? "inactive.log" : "team.log")
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", TestPaths.scripts.appendingPathComponent("backend/team_server.py").path, portFile.path, log.path, "s3cret"]
                + (inactive ? ["--inactive"] : [])
            try ProcessLaunch.run(process)
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, (try? String(contentsOf: portFile, encoding: .utf8)) == nil { Thread.sleep(forTimeInterval: 0.05) }
            url = "http://127.0.0.1:\((try? String(contentsOf: portFile, encoding: .utf8)) ?? "0")"
        }

        var requests: [[String: Any]] {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }

        /// SIGKILL: a child of the test runner inherits its blocked SIGTERM (see `CleanSpawn`).
        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    func endpoint(_ text: String) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("endpoint-\(UUID().uuidString.prefix(8)).json")
        try Data(text.utf8).write(to: file)
        return file.path
    }

    static let teamEndpoint = """
    {
      "method": "POST",
      "path": "/payment/apple-subscription/",
      "headers": {"Authorization": "Bearer ${TEAM_TOKEN}"},
      "body": {"transaction_id": "{{transactionId}}"},
      "unlock": {"status": [200], "active": "subscription.is_active"}
    }
    """

    func play(backend: String, endpoint: String, token: String?) throws -> ProcessResult {
        let tape = TestPaths.scripts.appendingPathComponent("tapes/happy-path-yearly.tape").path
        return try PaywallSimProcess.run(["play", tape, "--backend", backend, "--backend-endpoint", endpoint],
                                         environment: token.map { ["TEAM_TOKEN": $0] } ?? [:])
    }

    @Test func aTapeUnlocksOnlyOnTheTeamServersAnswer() throws {
        let server = try TeamServer(in: directory)
        let file = try endpoint(Self.teamEndpoint)
        let played = try play(backend: server.url, endpoint: file, token: "s3cret")
        #expect(played.exitCode == 0, "the shipped happy path through the team's endpoint: \(played.stdout)\(played.stderr)")
        let request = try #require(server.requests.first)
        #expect(request["path"] as? String == "/payment/apple-subscription/")
        #expect(request["authorization"] as? String == "Bearer s3cret", "the header's ${TEAM_TOKEN} from the environment")
        #expect(request["body"] as? String == #"{"transaction_id":"2000000000000001"}"#, "\(request)")

        // The same server, refusing the token: 401, so nothing unlocks.
        let refused = try play(backend: server.url, endpoint: file, token: "wrong")
        #expect(refused.exitCode == 1 && refused.stdout.contains("purchase_fail"), "\(refused.stdout)")

        // A server that answers is_active false: a 200 that does not unlock.
        let inactive = try TeamServer(in: directory, inactive: true)
        let notActive = try play(backend: inactive.url, endpoint: file, token: "s3cret")
        #expect(notActive.exitCode == 1 && notActive.stdout.contains("purchase_fail"), "\(notActive.stdout)")
    }

    @Test func anEndpointFileWithAMistakeSaysWhereInOneLine() throws {
        let unset = try play(backend: "http://127.0.0.1:1", endpoint: try endpoint(Self.teamEndpoint), token: nil)
        #expect(unset.exitCode != 0 && unset.stdout.contains(":4:32: header Authorization: names ${TEAM_TOKEN}, which is not set"), "\(unset.stdout)\(unset.stderr)")
        let unknown = try play(backend: "http://127.0.0.1:1", endpoint: try endpoint(#"{"body": {"id": "{{transactionID}}"}}"#), token: nil)
        #expect(unknown.stdout.contains(":1:17: {{transactionID}} is not a transaction field; expected one of transactionId"), "\(unknown.stdout)")
        let badStatus = try play(backend: "http://127.0.0.1:1", endpoint: try endpoint(#"{"unlock": {"status": [404]}}"#), token: nil)
        #expect(badStatus.stdout.contains(":1:24: unlock.status: expected 2xx status codes"), "\(badStatus.stdout)")
        let alone = try PaywallSimProcess.run(["play", TestPaths.scripts.appendingPathComponent("tapes/happy-path-yearly.tape").path,
                                               "--backend-endpoint", try endpoint(Self.teamEndpoint)])
        #expect(alone.stdout.contains("needs --backend URL"), "\(alone.stdout)\(alone.stderr)")
    }
}
