import Foundation

/// Rewrites a docs example's expected output from a real run, when `PAYWALLSIM_UPDATE_DOCS=1`.
///
/// The test that found the difference still fails (so nobody rewrites by accident); read the
/// rewrite with `git diff README.md docs` before committing. A command whose expected lines hold
/// a `…` wildcard is never rewritten: the wildcard is a choice of what to show, made by hand.
enum DocsExampleRewriter {
    static let updateVariable = "PAYWALLSIM_UPDATE_DOCS"

    static var isEnabled: Bool { ProcessInfo.processInfo.environment[updateVariable] == "1" }

    /// Blocks of one file run in parallel: one rewrite at a time, each on the file as it is now.
    private static let lock = NSLock()

    /// Replaces the expected lines of the `commandIndex`th command of `block` in its file (found
    /// again by the block's place among the file's blocks, since earlier rewrites may move it) with
    /// `output` and an `[exit N]` line when N is not 0. Returns what it did, for the test's report.
    /// `fileBlocks` are the file's blocks as the tests first read them (where `block` sits among them).
    static func rewrite(_ block: DocsExampleBlock, commandIndex: Int, output: [String], exitCode: Int32,
                        root: URL, fileBlocks: [DocsExampleBlock]) throws -> String {
        let command = block.commands[commandIndex]
        if command.expected.contains(DocsExampleParser.ellipsis) {
            return "not rewritten: its expected lines hold a `…` wildcard; edit it by hand"
        }
        return try lock.withLock {
            let url = root.appendingPathComponent(block.file)
            let original = try String(contentsOf: url, encoding: .utf8)
            let fresh = DocsExampleParser.parse(original, file: block.file)
            guard let place = fileBlocks.firstIndex(where: { $0.line == block.line }), place < fresh.count,
                  commandIndex < fresh[place].commands.count else {
                return "not rewritten: the block moved in a way the rewrite cannot follow; run again"
            }
            var lines = original.components(separatedBy: "\n")
            let target = fresh[place].commands[commandIndex]
            let first = target.line // 0-based index of the line after the `$ ` line
            var end = first
            if commandIndex + 1 < fresh[place].commands.count {
                end = fresh[place].commands[commandIndex + 1].line - 1
            } else {
                while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("```") { end += 1 }
            }
            // Blank lines before the next command or the fence stay as they were.
            var kept = end
            while kept > first, lines[kept - 1].trimmingCharacters(in: .whitespaces).isEmpty { kept -= 1 }
            let indent = String(lines[first - 1].prefix { $0 == " " })
            let written = (output + (exitCode == 0 ? [] : ["[exit \(exitCode)]"])).map { $0.isEmpty ? "" : indent + $0 }
            lines.replaceSubrange(first..<kept, with: written)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            return "rewrote \(block.file):\(target.line + 1)…; review with `git diff \(block.file)`"
        }
    }
}
