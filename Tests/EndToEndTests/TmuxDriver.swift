import TestSupport
import Foundation

/// Drives the real `paywall-sim` binary inside a detached tmux session: send keys, read the pane.
final class TmuxDriver {
    let name: String
    let width: Int
    let height: Int

    /// Whether tmux is installed (CI installs it; the tests skip with a message without it).
    static var isAvailable: Bool { (try? shell("command -v tmux"))?.status == 0 }

    static let packageRoot = TestPaths.packageRoot

    /// The binary of this test run's build.
    static var binary: URL { BuiltBinary.buildDirectory.appendingPathComponent("paywall-sim") }

    /// Starts `command` in a new tmux session of `width`×`height`; after it exits, `stty -a` of the
    /// pane's terminal is written to `sttyFile` so a test can check the terminal was restored.
    init(command: String, width: Int = 80, height: Int = 24, sttyFile: URL? = nil) throws {
        name = "pws-\(UUID().uuidString.prefix(8))"
        self.width = width
        self.height = height
        var script = "TERM=xterm-256color \(command); echo \"exit=$?\" > \(sttyFile?.path ?? "/dev/null").exit"
        if let sttyFile { script += "; stty -a > \(sttyFile.path)" }
        script += "; sleep 30"
        try Self.run(["tmux", "-L", name, "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", script])
    }

    /// Each driver has a tmux server of its own (`-L name`): on the shared default server, one test
    /// ending the last session stops the server under another test starting one ("no server running").
    deinit { _ = try? Self.run(["tmux", "-L", name, "kill-server"]) }

    /// Sends tmux key names (`Enter`, `Down`, `q`, `C-c`) or literal text with `literal`.
    func send(_ keys: String..., literal: Bool = false) throws {
        try Self.run(["tmux", "-L", name, "send-keys", "-t", name] + (literal ? ["-l"] : []) + keys)
    }

    /// Resizes the window, as a person dragging the terminal's corner.
    func resize(width: Int, height: Int) throws {
        try Self.run(["tmux", "-L", name, "resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The pane's default colours (256-colour indices), as a terminal's profile sets them: what a
    /// cell that leaves its colour to the terminal shows.
    func setDefaultColors(foreground: Int, background: Int) throws {
        try Self.run(["tmux", "-L", name, "set-option", "-t", name, "window-style", "fg=colour\(foreground),bg=colour\(background)"])
    }

    /// Presses each key in turn, waiting (up to 5 s) for the pane to change after each, then lets
    /// the last frame settle: what the screen looks like after the keys.
    func pressAndSettle(_ keys: [String]) throws {
        for key in keys {
            let before = try captureWithEscapes()
            try send(key)
            let deadline = Date().addingTimeInterval(5)
            while try captureWithEscapes() == before, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        }
        Thread.sleep(forTimeInterval: 0.3)
    }

    /// The pane's text, trailing spaces trimmed per line, trailing blank lines dropped.
    func capture() throws -> String {
        let out = try Self.run(["tmux", "-L", name, "capture-pane", "-p", "-t", name])
        return Self.normalize(out)
    }

    /// The pane as tmux holds it, with SGR sequences for colours and attributes (`capture-pane -e`).
    func captureWithEscapes() throws -> String {
        try Self.run(["tmux", "-L", name, "capture-pane", "-e", "-p", "-t", name])
    }

    /// Polls the pane until `predicate` holds (or `timeout` seconds pass); returns the last capture.
    @discardableResult
    func waitFor(timeout: TimeInterval = 10, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try capture()
            if predicate(last) { return last }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return last
    }

    /// Waits until the pane shows `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 10) throws -> String {
        try waitFor(timeout: timeout) { $0.contains(text) }
    }

    /// Text with trailing spaces and trailing empty lines removed, as goldens and the headless grid compare it.
    static func normalize(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var s = String(line)
            while s.last == " " { s.removeLast() }
            return s
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        try shell(arguments.map(quote).joined(separator: " ")).output
    }

    /// Runs `command` with `/bin/sh` through `CleanSpawn` (signals unblocked, output via a temp file).
    static func shell(_ command: String) throws -> (status: Int32, output: String) {
        try CleanSpawn.shell(command)
    }

    static func quote(_ argument: String) -> String { CleanSpawn.quote(argument) }
}
