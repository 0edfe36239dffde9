import TestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a run of the `paywall-sim` binary printed and how it ended.
struct ProcessResult: Sendable {
    var stdout: String
    var stderr: String
    var exitCode: Int32
    /// True when the run was killed for taking longer than its timeout.
    var timedOut: Bool
}

/// The binary is missing or could not start.
struct PaywallSimProcessError: Error, CustomStringConvertible {
    var description: String
}

/// Finds the built `paywall-sim` binary and runs it with arguments, environment and a timeout.
///
/// The binary is this test run's build (`TestSupport.BuiltBinary`).
enum PaywallSimProcess {
    static let packageRoot = TestPaths.packageRoot

    /// Real `.storekit` and `.xcstrings` files from public projects (`Tests/Fixtures`).
    static let fixtures = TestPaths.fixtures

    /// The executable `name` (default `paywall-sim`) of this test run's build.
    static func binary(named name: String = "paywall-sim") throws -> URL {
        do { return try BuiltBinary.url(named: name) } catch { throw PaywallSimProcessError(description: "\(error)") }
    }

    /// Runs the binary with `arguments`; stdout and stderr go to temp files (no pipe can fill up).
    /// `environment` is added to this process's environment. After `timeout` seconds the run is
    /// killed (SIGTERM, then SIGKILL) and `timedOut` is true.
    /// `directory` is the working directory the binary starts in (this process's when nil).
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 60,
                    binary: URL? = nil, directory: URL? = nil) throws -> ProcessResult {
        let executable = try binary ?? Self.binary()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("paywall-sim-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try ProcessLaunch.run(process) } catch {
            throw PaywallSimProcessError(description: "cannot start \(executable.path): \(error)")
        }
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                process.terminate()
                let grace = Date().addingTimeInterval(2)
                while process.isRunning && Date() < grace { usleep(10_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                break
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        return ProcessResult(stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                             stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
                             exitCode: process.terminationStatus, timedOut: timedOut)
    }

    /// A fresh empty state directory for one test.
    static func tempStateDirectory() -> URL { TestPaths.scratchDirectory("e2e") }

    /// A file `name` holding `text` in a fresh scratch folder (a tape, a catalog), made for one test.
    static func scratchFile(_ name: String, _ text: String) throws -> URL {
        let dir = tempStateDirectory()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }
}
