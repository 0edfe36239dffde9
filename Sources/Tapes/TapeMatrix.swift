import Foundation

/// A tape played over a matrix of settings (`play --matrix locale=en,ko offer=A,B`, or a tape's
/// `Matrix …` line): one play per combination, each with those `Set` lines in place of the tape's
/// own, and each golden, screenshot and output named for its combination (`paywall-ko-B.svg`).
public struct TapeMatrix: Hashable, Sendable {
    /// The settings a matrix can vary, as `KEY=V1,V2` names them, and the `Set` line each makes.
    public static let keys: [String: String] = ["locale": "Locale", "offer": "Offer", "theme": "Theme", "size": "Size"]

    /// The dimensions in the order given: a key and its values.
    public var dimensions: [(key: String, values: [String])]

    public init(dimensions: [(key: String, values: [String])]) { self.dimensions = dimensions }

    public static func == (a: TapeMatrix, b: TapeMatrix) -> Bool {
        a.dimensions.map(\.key) == b.dimensions.map(\.key) && a.dimensions.map(\.values) == b.dimensions.map(\.values)
    }

    public func hash(into hasher: inout Hasher) {
        for dimension in dimensions {
            hasher.combine(dimension.key)
            hasher.combine(dimension.values)
        }
    }

    /// `KEY=V1,V2` words into a matrix, or the problem with the first bad one.
    public static func parse(_ words: [String]) -> Result<TapeMatrix, MatrixError> {
        var dimensions: [(key: String, values: [String])] = []
        for word in words {
            guard let equals = word.firstIndex(of: "="), keys[String(word[..<equals])] != nil else {
                return .failure(MatrixError(word: word, message: "expected KEY=V1,V2 with KEY one of \(keys.keys.sorted().joined(separator: ", "))"))
            }
            let key = String(word[..<equals])
            let values = word[word.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !values.isEmpty, !values.contains(where: \.isEmpty) else {
                return .failure(MatrixError(word: word, message: "expected values after \(key)= separated by commas, like \(key)=\(key == "offer" ? "A,B" : "en,ko")"))
            }
            guard !dimensions.contains(where: { $0.key == key }) else {
                return .failure(MatrixError(word: word, message: "\(key) is given twice"))
            }
            dimensions.append((key, values))
        }
        return .success(TapeMatrix(dimensions: dimensions))
    }

    /// A bad `KEY=VALUES` word.
    public struct MatrixError: Error, Hashable, Sendable, CustomStringConvertible {
        public var word: String
        public var message: String
        public var description: String { "bad matrix '\(word)', \(message)" }
    }

    /// One combination: its values by key, in the matrix's order.
    public struct Combination: Hashable, Sendable {
        public var values: [(key: String, value: String)]

        public static func == (a: Combination, b: Combination) -> Bool {
            a.values.map(\.key) == b.values.map(\.key) && a.values.map(\.value) == b.values.map(\.value)
        }

        public func hash(into hasher: inout Hasher) {
            for pair in values { hasher.combine(pair.key); hasher.combine(pair.value) }
        }

        /// `ko-B`: what names its goldens and outputs.
        public var suffix: String {
            values.map { $0.value.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" ? $0 : "-" } }.map { String($0) }.joined(separator: "-")
        }

        /// `locale=ko offer=B`, for reports.
        public var label: String { values.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }

        /// The tape's `Set` lines for this combination.
        public var setLines: String {
            values.map { "Set \(TapeMatrix.keys[$0.key] ?? $0.key) \($0.value)" }.joined(separator: "\n") + "\n"
        }
    }

    /// Every combination, the first dimension varying slowest.
    public var combinations: [Combination] {
        dimensions.reduce([Combination(values: [])]) { partial, dimension in
            partial.flatMap { combination in
                dimension.values.map { Combination(values: combination.values + [(dimension.key, $0)]) }
            }
        }
    }

    /// `tape` for `combination`: its `Set` lines for the matrix's keys (and any `Matrix` line)
    /// replaced by the combination's, which come first; or the errors in those lines (a bad locale).
    public func tape(_ tape: Tape, for combination: Combination) -> Result<Tape, TapeErrors> {
        switch TapeParser.parse(source: combination.setLines, file: tape.file) {
        case .failure(let errors): return .failure(errors)
        case .success(let settings):
            let replaced = Set(dimensions.map(\.key))
            let kept = tape.steps.filter { step in
                switch step.command {
                case .setLocale: return !replaced.contains("locale")
                case .setOffer: return !replaced.contains("offer")
                case .setTheme: return !replaced.contains("theme")
                case .setSize: return !replaced.contains("size")
                case .matrix: return false
                default: return true
                }
            }
            return .success(Tape(file: tape.file, steps: settings.steps + kept))
        }
    }
}
