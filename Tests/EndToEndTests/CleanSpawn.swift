import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a `/bin/sh -c` command with every signal unblocked and at its default action.
///
/// A test runner's worker threads block signals (SIGHUP, SIGTERM, SIGWINCH…) and `Process`
/// passes that mask on, so a tmux server or `paywall-sim` started from a test would ignore
/// `kill`, `kill-server` and resizes. `posix_spawn` with an empty mask and default actions starts
/// the command as a shell would. Output goes to a temp file, never a pipe: a tmux server the
/// command starts keeps its descriptors, and a pipe would never reach end of file.
enum CleanSpawn {
    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Runs `command` in `directory` (or the current one); returns its exit status (128+N for a
    /// signal) and everything it printed on stdout and stderr.
    static func shell(_ command: String, in directory: URL? = nil) throws -> (status: Int32, output: String) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("pws-spawn-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: out) }
        var script = "exec > \(quote(out.path)) 2>&1 < /dev/null; "
        if let directory { script += "cd \(quote(directory.path)) || exit 127; " }
        script += command

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var every = sigset_t()
        sigfillset(&every)
        sigdelset(&every, SIGKILL)
        sigdelset(&every, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &every)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let arguments = ["/bin/sh", "-c", script]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = ProcessLaunch.serialized { posix_spawn(&pid, "/bin/sh", nil, &attributes, &argv, environ) }
        guard rc == 0 else { throw Failure(description: "posix_spawn /bin/sh failed: errno \(rc)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid \(pid) failed: errno \(errno)") }
        }
        let signal = status & 0x7f
        let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        let text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        return (code, text)
    }

    /// `argument` in single quotes for `/bin/sh`.
    static func quote(_ argument: String) -> String {
        "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
