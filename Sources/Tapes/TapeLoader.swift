import Foundation

/// Loads a tape file and the tapes it includes into one flat list of steps.
public struct TapeLoader: Sendable {
    /// How deep `Include`s may nest before the loader refuses (a guard beside cycle detection).
    public static let maximumIncludeDepth = 32

    public var fileSystem: any TapeFileSystem

    public init(fileSystem: any TapeFileSystem = LocalFileSystem()) {
        self.fileSystem = fileSystem
    }

    /// Reads and parses `path`, replacing each `Include` with the included file's steps (which keep
    /// their own file:line). Collects every error: parse errors of every file, missing files and cycles
    /// (both reported at the `Include` line).
    public func load(path: String) -> Result<Tape, TapeErrors> {
        guard let source = fileSystem.readText(atPath: path) else {
            return .failure(TapeErrors([TapeError(.wholeFile(path),
                "cannot read the tape file, expected an existing readable file")]))
        }
        return load(source: source, file: path)
    }

    /// Like `load(path:)` for text already read (the file name places errors and resolves includes).
    public func load(source: String, file: String) -> Result<Tape, TapeErrors> {
        var errors: [TapeError] = []
        let root = TapePaths.resolve(file, relativeTo: ".")
        let steps = expand(source: source, file: file, chain: [root], errors: &errors)
        errors += TapeSettingOrder.problems(in: steps)
        let tape = Tape(file: file, steps: steps)
        return errors.isEmpty ? .success(tape) : .failure(TapeErrors(errors, parsed: tape))
    }

    private func expand(source: String, file: String, chain: [String], errors: inout [TapeError]) -> [TapeStep] {
        let parsed = TapeParser.parseCollecting(source: source, file: file)
        errors.append(contentsOf: parsed.errors)
        var steps: [TapeStep] = []
        for step in parsed.steps {
            guard case .include(let path) = step.command else {
                steps.append(step)
                continue
            }
            let key = TapePaths.resolve(path, relativeTo: ".")
            if let start = chain.firstIndex(of: key) {
                let cycle = (chain[start...] + [key]).map(TapePaths.lastComponent(of:))
                errors.append(TapeError(step.location, "Include cycle \(cycle.joined(separator: " -> ")),"
                    + " expected included tapes that do not include each other"))
                continue
            }
            guard chain.count < Self.maximumIncludeDepth else {
                errors.append(TapeError(step.location, "Include nested more than \(Self.maximumIncludeDepth) deep,"
                    + " expected a shallower chain of includes"))
                continue
            }
            guard let included = fileSystem.readText(atPath: path) else {
                errors.append(TapeError(step.location, "file not found: \(path), expected an existing tape file"
                    + " (relative paths start at the including tape's folder)"))
                continue
            }
            steps += expand(source: included, file: path, chain: chain + [key], errors: &errors)
        }
        return steps
    }
}
