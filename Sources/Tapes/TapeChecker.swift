import CopyDeck
import Foundation
import Profiles
import TerminalKit

/// `paywall-sim play --check`: loads tapes and checks what can be checked without running them.
public struct TapeChecker: Sendable {
    public var fileSystem: any TapeFileSystem

    public init(fileSystem: any TapeFileSystem = LocalFileSystem()) {
        self.fileSystem = fileSystem
    }

    /// A `passed` or `invalid` result per tape path, in order.
    public func check(paths: [String]) -> [TapeResult] {
        paths.map { path in
            switch load(path: path) {
            case .success: return TapeResult(tape: path, status: .passed)
            case .failure(let errors): return .invalid(tape: path, errors: errors)
            }
        }
    }

    /// Loads a tape (with its includes) and checks that the files its `Set` lines name exist.
    public func load(path: String) -> Result<Tape, TapeErrors> {
        switch TapeLoader(fileSystem: fileSystem).load(path: path) {
        case .failure(let errors):
            // Every problem is listed: the lines that did parse are checked too (a bad `Set Theme`
            // beside a syntax error), in the order of the text.
            guard let parsed = errors.parsed else { return .failure(errors) }
            let all = (errors.errors + missingFiles(in: parsed) + unknownNames(in: parsed)).enumerated().sorted { a, b in
                let (x, y) = (a.element.location, b.element.location)
                if x.file != y.file { return a.offset < b.offset }
                return (x.line, x.column, a.offset) < (y.line, y.column, b.offset)
            }.map(\.element)
            return .failure(TapeErrors(all))
        case .success(let tape):
            let problems = missingFiles(in: tape) + unknownNames(in: tape)
            return problems.isEmpty ? .success(tape) : .failure(TapeErrors(problems))
        }
    }

    /// An error at each `Set Theme|Locale|Profile` line whose name the simulator does not know.
    public func unknownNames(in tape: Tape) -> [TapeError] {
        tape.steps.compactMap { step -> TapeError? in
            switch step.command {
            case .setTheme(.name(let name)) where Theme.builtIn(name) == nil:
                return TapeError(step.location, "unknown theme '\(name)'"
                    + TapeVocabulary.didYouMean(name, in: Theme.builtInNames)
                    + ", expected one of \(Theme.builtInNames.joined(separator: ", ")) or a path to a .theme file")
            case .setProfile(.name(let name)) where !BuiltInProfiles.names.contains(name):
                return TapeError(step.location, "unknown profile '\(name)'"
                    + TapeVocabulary.didYouMean(name, in: BuiltInProfiles.names)
                    + ", expected one of \(BuiltInProfiles.names.joined(separator: ", ")) or a path to a profile .json file")
            case .setLocale(let locale) where !CopyDeck.isKnownLanguage(locale):
                return TapeError(step.location, "unknown language '\(locale)', expected a language code such as en, zh-Hans or ko")
            default:
                return nil
            }
        }
    }

    /// An error at each `Set StoreKit|Copy|Config|Theme|Profile` line whose file cannot be read.
    public func missingFiles(in tape: Tape) -> [TapeError] {
        tape.steps.compactMap { step -> TapeError? in
            let path: String
            let what: String
            switch step.command {
            case .setStoreKit(let p): path = p; what = "a .storekit file"
            case .setCopy(let p): path = p; what = "an .xcstrings file"
            case .setConfig(let p): path = p; what = "a remote-config JSON file"
            case .setTheme(.path(let p)): path = p; what = "a theme file"
            case .setProfile(.path(let p)): path = p; what = "a profile file"
            default: return nil
            }
            guard fileSystem.readText(atPath: path) == nil else { return nil }
            return TapeError(step.location, "file not found: \(path), expected \(what)"
                + " (relative paths start at the tape's folder)")
        }
    }
}
