import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Every `$ paywall-sim …` example in README.md and docs/**/*.md is run here, and its output and
// exit code compared with what the page says (the format is in docs/development/testing.md):
//
// - A fenced block whose info string is `console` holds commands. A command line starts with
//   `$ paywall-sim ` (or is `$ paywall-sim` alone); no pipes, other programs or shell variables.
// - The lines after it, up to the next `$ ` line or the end of the block, are the expected
//   combined stdout and stderr, compared line by line after trimming trailing whitespace of each
//   line and trailing empty lines. A line that is exactly `…` matches zero or more lines. A final
//   `[exit N]` line gives the exit code (absent: 0).
// - Each block runs in a fresh temporary working directory with `Scripts`, `Themes` and `Tests`
//   linked to the repository's, HOME=<dir>/home, XDG_STATE_HOME=<dir>/state, TERM=dumb,
//   COLUMNS=80, NO_COLOR unset, stdin from /dev/null. The commands of a block share the directory.

/// One `$ paywall-sim …` command of a console block and what it must print.
struct DocsExampleCommand: Sendable, Equatable {
    /// 1-based line of the `$ ` line in its file.
    var line: Int
    /// The command as written, without the `$ ` prompt.
    var text: String
    /// The arguments after `paywall-sim`.
    var arguments: [String]
    /// The expected output lines (trailing whitespace trimmed, no trailing empty lines).
    var expected: [String]
    var exitCode: Int32
}

/// A ```console block of a Markdown file (or a problem found while reading one).
struct DocsExampleBlock: Sendable, CustomTestStringConvertible {
    /// Path relative to the package root, e.g. `docs/guide.md`.
    var file: String
    /// 1-based line of the opening fence (of the offending line for a problem outside a block).
    var line: Int
    var commands: [DocsExampleCommand]
    /// Why the block cannot be run as written; the test fails with it.
    var problem: String?

    var testDescription: String { "\(file):\(line)" }
}

/// A command line that is not a plain `paywall-sim` invocation.
struct DocsExampleSyntaxError: Error, CustomStringConvertible {
    var description: String
}

/// Reads console blocks out of Markdown.
enum DocsExampleParser {
    static let ellipsis = "\u{2026}"
    static let prompt = "$ paywall-sim"
    /// Blocks of these info strings must not hold a `$ paywall-sim` line (it would never run).
    static let shellLikeInfo: Set<String> = ["", "sh", "bash", "shell", "zsh", "text"]

    private struct Fence {
        var indent: Int
        var character: Character
        var length: Int
        var info: String
    }

    private static func openingFence(_ line: String) -> Fence? {
        let indent = line.prefix { $0 == " " }.count
        let rest = line.dropFirst(indent)
        guard let first = rest.first, first == "`" || first == "~" else { return nil }
        let length = rest.prefix { $0 == first }.count
        guard length >= 3 else { return nil }
        let info = rest.dropFirst(length).trimmingCharacters(in: .whitespaces)
        if first == "`" && info.contains("`") { return nil }
        let word = info.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
        return Fence(indent: indent, character: first, length: length, info: word)
    }

    private static func closes(_ fence: Fence, _ line: String) -> Bool {
        let rest = line.drop { $0 == " " }
        let run = rest.prefix { $0 == fence.character }.count
        return run >= fence.length && rest.dropFirst(run).allSatisfy(\.isWhitespace)
    }

    static func trimTrailing(_ line: some StringProtocol) -> String {
        var text = String(line)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }

    /// The console blocks of `markdown` (from `file`), and a problem entry for every
    /// `$ paywall-sim` line left in a shell-like block that is not `console`.
    static func parse(_ markdown: String, file: String) -> [DocsExampleBlock] {
        let lines = markdown.components(separatedBy: "\n").map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        var blocks: [DocsExampleBlock] = []
        var index = 0
        while index < lines.count {
            guard let fence = openingFence(lines[index]) else { index += 1; continue }
            let start = index
            var body: [(line: Int, text: String)] = []
            index += 1
            while index < lines.count && !closes(fence, lines[index]) {
                let raw = lines[index]
                let strip = min(fence.indent, raw.prefix { $0 == " " }.count)
                body.append((index + 1, String(raw.dropFirst(strip))))
                index += 1
            }
            let closed = index < lines.count
            index += 1
            if fence.info != "console" {
                if shellLikeInfo.contains(fence.info) {
                    for entry in body where entry.text.hasPrefix(prompt) {
                        blocks.append(DocsExampleBlock(file: file, line: entry.line, commands: [],
                            problem: "a `$ paywall-sim` line outside a ```console block (info string '\(fence.info)'): "
                                + "make the block ```console so it is tested, or drop the `$ ` prompt"))
                    }
                }
                continue
            }
            blocks.append(consoleBlock(body, file: file, line: start + 1, closed: closed))
        }
        return blocks
    }

    private static func consoleBlock(_ body: [(line: Int, text: String)], file: String, line: Int, closed: Bool) -> DocsExampleBlock {
        var block = DocsExampleBlock(file: file, line: line, commands: [], problem: nil)
        if !closed { block.problem = "the block is never closed" }
        for entry in body {
            if entry.text.hasPrefix("$ ") {
                let command = trimTrailing(entry.text.dropFirst(2))
                guard command == "paywall-sim" || command.hasPrefix("paywall-sim ") else {
                    block.problem = "line \(entry.line): a command must start with `\(prompt) ` (only paywall-sim commands are run)"
                    return block
                }
                do {
                    let words = try self.words(command)
                    block.commands.append(DocsExampleCommand(line: entry.line, text: command, arguments: Array(words.dropFirst()),
                                                             expected: [], exitCode: 0))
                } catch {
                    block.problem = "line \(entry.line): \(error)"
                    return block
                }
            } else if block.commands.isEmpty {
                if !entry.text.trimmingCharacters(in: .whitespaces).isEmpty {
                    block.problem = "line \(entry.line): text before the first `\(prompt)` command"
                    return block
                }
            } else {
                block.commands[block.commands.count - 1].expected.append(trimTrailing(entry.text))
            }
        }
        for position in block.commands.indices {
            var expected = block.commands[position].expected
            while expected.last == "" { expected.removeLast() }
            if let last = expected.last, let code = exitCode(last) {
                block.commands[position].exitCode = code
                expected.removeLast()
                while expected.last == "" { expected.removeLast() }
            }
            block.commands[position].expected = expected
        }
        if block.commands.isEmpty && block.problem == nil { block.problem = "a console block without a `\(prompt)` command" }
        return block
    }

    /// N for a line `[exit N]`.
    static func exitCode(_ line: String) -> Int32? {
        guard line.hasPrefix("[exit "), line.hasSuffix("]") else { return nil }
        let digits = line.dropFirst("[exit ".count).dropLast()
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int32(digits)
    }

    /// Splits a command into words: blanks separate them, `'…'` and `"…"` quote, a backslash
    /// escapes the next character. Anything a shell would treat specially is refused.
    static func words(_ command: String) throws -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var characters = Array(command)[...]
        while let character = characters.popFirst() {
            switch character {
            case " ", "\t":
                if inWord { words.append(current); current = ""; inWord = false }
            case "'":
                guard let end = characters.firstIndex(of: "'") else { throw DocsExampleSyntaxError(description: "unterminated ' quote") }
                current += String(characters[..<end])
                characters = characters[(end + 1)...]
                inWord = true
            case "\"":
                var closed = false
                while let next = characters.popFirst() {
                    if next == "\"" { closed = true; break }
                    if next == "\\", let escaped = characters.first, "\"\\$`".contains(escaped) {
                        current.append(escaped)
                        characters = characters.dropFirst()
                        continue
                    }
                    if next == "$" || next == "`" {
                        throw DocsExampleSyntaxError(description: "shell variables and substitutions are not allowed ('\(next)')")
                    }
                    current.append(next)
                }
                guard closed else { throw DocsExampleSyntaxError(description: "unterminated \" quote") }
                inWord = true
            case "\\":
                guard let escaped = characters.popFirst() else { throw DocsExampleSyntaxError(description: "a command may not end with \\") }
                current.append(escaped)
                inWord = true
            default:
                if "|&;<>()$`*?[".contains(character) || (character == "#" && !inWord) {
                    throw DocsExampleSyntaxError(description: "'\(character)' is not allowed: only plain paywall-sim arguments (no pipes, redirections, variables, globs or comments)")
                }
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}

/// Compares output with the expected lines.
enum DocsExampleMatcher {
    /// Output as compared: lines with trailing whitespace trimmed, no trailing empty lines.
    static func lines(of output: String) -> [String] {
        var lines = output.components(separatedBy: "\n").map { DocsExampleParser.trimTrailing($0) }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// True when `actual` matches `expected`, where a line `…` stands for zero or more lines.
    static func matches(expected: [String], actual: [String]) -> Bool {
        let count = actual.count
        // next[j]: expected[(i+1)...] matches actual[j...]; starts as the empty pattern.
        var next = (0...count).map { $0 == count }
        for line in expected.reversed() {
            var row = [Bool](repeating: false, count: count + 1)
            if line == DocsExampleParser.ellipsis {
                row[count] = next[count]
                for j in stride(from: count - 1, through: 0, by: -1) { row[j] = next[j] || row[j + 1] }
            } else {
                for j in 0..<count { row[j] = line == actual[j] && next[j + 1] }
            }
            next = row
        }
        return next[0]
    }

    /// A line diff (longest common subsequence): `  ` both, `- ` expected only, `+ ` actual only.
    static func diff(expected: [String], actual: [String]) -> String {
        let e = expected.count, a = actual.count
        var common = [[Int]](repeating: [Int](repeating: 0, count: a + 1), count: e + 1)
        for i in stride(from: e - 1, through: 0, by: -1) {
            for j in stride(from: a - 1, through: 0, by: -1) {
                common[i][j] = expected[i] == actual[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var out: [String] = []
        var i = 0, j = 0
        while i < e || j < a {
            if i < e && j < a && expected[i] == actual[j] {
                out.append("  " + expected[i]); i += 1; j += 1
            } else if i < e && (j == a || common[i + 1][j] >= common[i][j + 1]) {
                out.append("- " + expected[i]); i += 1
            } else {
                out.append("+ " + actual[j]); j += 1
            }
        }
        return out.joined(separator: "\n")
    }
}

/// Finds the Markdown files and runs their blocks with the built binary.
enum DocsExamples {
    static let root = PaywallSimProcess.packageRoot

    /// `README.md`, then every `docs/**/*.md`, as paths relative to the package root.
    static func markdownFiles() -> [String] {
        var files: [String] = []
        if FileManager.default.fileExists(atPath: root.appendingPathComponent("README.md").path) { files.append("README.md") }
        let docs = root.appendingPathComponent("docs")
        var found: [String] = []
        if let walker = FileManager.default.enumerator(atPath: docs.path) {
            while let relative = walker.nextObject() as? String {
                if relative.hasSuffix(".md") { found.append("docs/" + relative) }
            }
        }
        return files + found.sorted()
    }

    /// Pages whose examples use the default state directory on purpose: it is their subject.
    static let defaultStatePages: Set<String> = ["docs/reference/state-directory.md"]

    /// Whether a command (its arguments after `paywall-sim`) opens a state directory: `run` (also
    /// bare, or with options only), `serve`, and every `store` command but `api-key`.
    static func keepsState(_ arguments: [String]) -> Bool {
        guard let first = arguments.first else { return true }
        if ["--version", "--help", "-h", "help"].contains(first) { return false }
        if first.hasPrefix("-") || first == "run" || first == "serve" { return true }
        return first == "store" && arguments.dropFirst().first != "api-key"
    }

    /// Every console block (and problem) of the docs; read once, when the tests are discovered.
    static let blocks: [DocsExampleBlock] = markdownFiles().flatMap { file -> [DocsExampleBlock] in
        guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else {
            return [DocsExampleBlock(file: file, line: 1, commands: [], problem: "cannot read the file as UTF-8")]
        }
        return DocsExampleParser.parse(text, file: file)
    }

    struct Outcome: Sendable {
        var command: DocsExampleCommand
        var output: [String]
        var exitCode: Int32
    }

    private static let timeoutProgram = ["/usr/bin/timeout", "/bin/timeout"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs the block's commands in one fresh working directory, in order.
    static func run(_ block: DocsExampleBlock, binary: URL) throws -> [Outcome] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("paywall-sim-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("home"), withIntermediateDirectories: true)
        let links = ["Scripts", "Themes", "Tests"].map { directory.appendingPathComponent($0) }
        defer {
            // Unlink the links first, so removing the directory can never reach the repository.
            for link in links { unlink(link.path) }
            try? FileManager.default.removeItem(at: directory)
        }
        for link in links {
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: root.appendingPathComponent(link.lastPathComponent))
        }
        let q = CleanSpawn.quote
        var environment = "unset NO_COLOR; export HOME=\(q(directory.appendingPathComponent("home").path)) "
        environment += "XDG_STATE_HOME=\(q(directory.appendingPathComponent("state").path)) TERM=dumb COLUMNS=80; "
        let limit = timeoutProgram.map { "\(q($0)) -k 10 300 " } ?? ""
        return try block.commands.map { command in
            let script = environment + "exec " + limit + ([binary.path] + command.arguments).map(q).joined(separator: " ")
            let (status, output) = try CleanSpawn.shell(script, in: directory)
            return Outcome(command: command, output: DocsExampleMatcher.lines(of: output), exitCode: status)
        }
    }
}

@Suite("Examples in the docs")
struct DocsExamplesTests {
    @Test("console block", arguments: DocsExamples.blocks)
    func consoleBlock(_ block: DocsExampleBlock) throws {
        if let problem = block.problem {
            Issue.record(Comment(rawValue: "\(block.file):\(block.line): \(problem)"))
            return
        }
        let binary = try PaywallSimProcess.binary()
        for (index, outcome) in try DocsExamples.run(block, binary: binary).enumerated() {
            let command = outcome.command
            let sameOutput = DocsExampleMatcher.matches(expected: command.expected, actual: outcome.output)
            let sameExit = outcome.exitCode == command.exitCode
            guard !(sameOutput && sameExit) else { continue }
            var message = "\(block.file):\(command.line): $ \(command.text)\n"
            if !sameExit {
                message += "exit code \(outcome.exitCode), expected \(command.exitCode)"
                if outcome.exitCode == 124 { message += " (124: it may have run into the 300 s time limit)" }
                message += "\n"
            }
            if !sameOutput {
                message += "output differs (- expected, + actual; a `…` line matches any lines):\n"
                message += DocsExampleMatcher.diff(expected: command.expected, actual: outcome.output)
            }
            if DocsExampleRewriter.isEnabled {
                message += "\n" + (try DocsExampleRewriter.rewrite(block, commandIndex: index, output: outcome.output,
                                                                    exitCode: outcome.exitCode, root: DocsExamples.root,
                                                                    fileBlocks: DocsExamples.blocks.filter { $0.file == block.file }))
            } else {
                message += "\n(\(DocsExampleRewriter.updateVariable)=1 swift test --filter DocsExamples rewrites it from this run)"
            }
            Issue.record(Comment(rawValue: message))
        }
    }

    @Test func theDocsHaveConsoleExamples() {
        #expect(FileManager.default.fileExists(atPath: DocsExamples.root.appendingPathComponent("README.md").path),
                "README.md not found at the package root \(DocsExamples.root.path)")
        let commands = DocsExamples.blocks.reduce(0) { $0 + $1.commands.count }
        #expect(commands > 0, "no ```console block with a `$ paywall-sim` command in README.md or docs/**/*.md: the examples would pass untested")
        #expect(DocsExamples.markdownFiles().contains { $0.hasPrefix("docs/") }, "no Markdown file under docs/")
    }

    /// Every example that keeps state names a state directory of its own, named by no other block,
    /// so a reader typing the examples in order, page after page, never meets another example's
    /// purchases, catalog, profile or environment (docs/development/testing.md).
    @Test func everyStatefulExampleHasItsOwnState() {
        var owners: [String: String] = [:]
        for block in DocsExamples.blocks where block.problem == nil {
            for command in block.commands {
                let arguments = command.arguments
                guard let flag = arguments.firstIndex(of: "--state"), flag + 1 < arguments.count else {
                    if DocsExamples.keepsState(arguments) && !DocsExamples.defaultStatePages.contains(block.file) {
                        Issue.record(Comment(rawValue: "\(block.file):\(command.line): $ \(command.text): name a state directory of its own (--state demo-…)"))
                    }
                    continue
                }
                let state = arguments[flag + 1]
                if let owner = owners[state], owner != block.testDescription {
                    Issue.record(Comment(rawValue: "\(block.file):\(command.line): --state \(state) is also the state of the block at \(owner): give each block its own"))
                } else {
                    owners[state] = block.testDescription
                }
            }
        }
        #expect(owners.count > 10, "the docs' examples name their state directories: \(owners.keys.sorted())")
    }

    /// The user's pages are split by task: each index page (`docs/guide.md`, `backend.md`,
    /// `copy.md`) links every page of its folder, and no page is 300 lines or more.
    @Test func userPagesAreShortAndIndexed() throws {
        let root = DocsExamples.root
        for index in ["guide", "backend", "copy"] {
            let indexFile = "docs/\(index).md"
            let indexText = try String(contentsOf: root.appendingPathComponent(indexFile), encoding: .utf8)
            let pages = DocsExamples.markdownFiles().filter { $0.hasPrefix("docs/\(index)/") }
            #expect(!pages.isEmpty, "no pages under docs/\(index)/")
            for page in [indexFile] + pages {
                let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
                let lines = text.components(separatedBy: "\n").count - (text.hasSuffix("\n") ? 1 : 0)
                #expect(lines < 300, "\(page) has \(lines) lines: split it by task (under 300 lines a page)")
                if page != indexFile {
                    let link = "(" + page.dropFirst("docs/".count) + ")"
                    #expect(indexText.contains(link), "\(indexFile) does not link \(page)")
                }
            }
        }
    }

    @Test func parserReadsASampleBlock() throws {
        let sample = """
        Some text.

        ```console
        $ paywall-sim store advance 3x --state 'my dir'
        Error: DURATION 3x: expected a number\t
        …

        [exit 64]

        $ paywall-sim --version
        0.1.0

        ```

        ```sh
        paywall-sim run --record my-flow.tape
        ```
        """
        let blocks = DocsExampleParser.parse(sample, file: "sample.md")
        try #require(blocks.count == 1)
        let block = blocks[0]
        #expect(block.problem == nil)
        #expect(block.line == 3)
        #expect(block.testDescription == "sample.md:3")
        try #require(block.commands.count == 2)
        #expect(block.commands[0] == DocsExampleCommand(
            line: 4, text: "paywall-sim store advance 3x --state 'my dir'",
            arguments: ["store", "advance", "3x", "--state", "my dir"],
            expected: ["Error: DURATION 3x: expected a number", "…"], exitCode: 64))
        #expect(block.commands[1] == DocsExampleCommand(
            line: 10, text: "paywall-sim --version", arguments: ["--version"], expected: ["0.1.0"], exitCode: 0))
    }

    @Test func parserRefusesWhatItCannotRun() {
        func problem(_ markdown: String) -> String? {
            DocsExampleParser.parse(markdown, file: "bad.md").first?.problem
        }
        #expect(problem("```console\n$ ls -l\n```") != nil, "another program")
        #expect(problem("```console\n$ paywall-sim play x.tape | head\n```") != nil, "a pipe")
        #expect(problem("```console\n$ paywall-sim play $TAPE\n```") != nil, "a shell variable")
        #expect(problem("```console\nPASS\n$ paywall-sim --version\n```") != nil, "output before the command")
        #expect(problem("```console\n$ paywall-sim --version\n") != nil, "never closed")
        #expect(problem("```sh\n$ paywall-sim --version\n0.1.0\n```") != nil, "a prompt in a block that is not run")
        #expect(DocsExampleParser.parse("````markdown\n```console\n$ paywall-sim x\n```\n````", file: "ok.md").isEmpty,
                "a console block shown inside a longer fence is text")
    }

    @Test func ellipsisMatchesAnyNumberOfLines() {
        #expect(DocsExampleMatcher.matches(expected: ["a", "…", "d"], actual: ["a", "b", "c", "d"]))
        #expect(DocsExampleMatcher.matches(expected: ["a", "…", "d"], actual: ["a", "d"]))
        #expect(DocsExampleMatcher.matches(expected: ["…"], actual: []))
        #expect(DocsExampleMatcher.matches(expected: [], actual: []))
        #expect(!DocsExampleMatcher.matches(expected: [], actual: ["a"]))
        #expect(!DocsExampleMatcher.matches(expected: ["a", "d"], actual: ["a", "b", "d"]))
        #expect(!DocsExampleMatcher.matches(expected: ["a", "…"], actual: ["b"]))
        #expect(DocsExampleMatcher.lines(of: "x  \ny\t\n\n\n") == ["x", "y"])
        #expect(DocsExampleMatcher.diff(expected: ["a", "b"], actual: ["a", "c"]) == "  a\n- b\n+ c")
    }

    @Test("the update switch rewrites a command's output in place, keeps blank lines and wildcards")
    func rewriterRewritesInPlace() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("docs-rewrite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let markdown = """
        Intro.

        ```console
        $ paywall-sim --version
        0.0.9

        $ paywall-sim store advance 3x
        Error: old text
        …
        [exit 64]
        ```

          ```console
          $ paywall-sim nope
          stale
          ```
        """
        let file = "page.md"
        try markdown.write(to: root.appendingPathComponent(file), atomically: true, encoding: .utf8)
        let blocks = DocsExampleParser.parse(markdown, file: file)
        try #require(blocks.count == 2)
        // The first block grows by a line, which moves the second: its rewrite finds it again.
        let page = root.appendingPathComponent(file)
        _ = try DocsExampleRewriter.rewrite(blocks[0], commandIndex: 0, output: ["0.1.0", "(debug build)"], exitCode: 0,
                                            root: root, fileBlocks: blocks)
        _ = try DocsExampleRewriter.rewrite(blocks[1], commandIndex: 0, output: ["Error: 'nope' is not a command"], exitCode: 64,
                                            root: root, fileBlocks: blocks)
        let wildcard = try DocsExampleRewriter.rewrite(blocks[0], commandIndex: 1, output: ["new"], exitCode: 1, root: root, fileBlocks: blocks)
        #expect(wildcard.hasPrefix("not rewritten"))
        let result = try String(contentsOf: page, encoding: .utf8)
        #expect(result == """
        Intro.

        ```console
        $ paywall-sim --version
        0.1.0
        (debug build)

        $ paywall-sim store advance 3x
        Error: old text
        …
        [exit 64]
        ```

          ```console
          $ paywall-sim nope
          Error: 'nope' is not a command
          [exit 64]
          ```
        """)
    }
}
