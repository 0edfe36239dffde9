/// Suggestions for mistyped names: the closest candidate within a few edits.
public enum Spelling {
    /// The closest candidate to `word` when it is a plausible typo (same letters ignoring case, or a small edit).
    public static func suggestion(for word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        if let same = candidates.first(where: { $0.lowercased() == lower }) { return same }
        guard word.count >= 2, word.count <= 64 else { return nil }
        var best: (String, Int)?
        for candidate in candidates where candidate.count >= 3 {
            let allowed = max(1, min(3, candidate.count / 3))
            guard abs(candidate.count - word.count) <= allowed else { continue }
            let distance = editDistance(lower, candidate.lowercased())
            if distance <= allowed, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// `, did you mean 'X'?` or an empty string.
    public static func didYouMean(_ word: String, in candidates: [String]) -> String {
        suggestion(for: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Edit distance counting insertions, deletions, substitutions and swaps of neighbours as one edit.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
