import Foundation
import PaywallFoundation

/// Findings grouped into defects as they are read in order (`CheckReport.groups`).
///
/// A tally reads one run of a report's findings; tallies of consecutive runs merge in order into
/// the tally of the whole run, so the runs can be read on every core. For each group it keeps what
/// the report shows: first text, screens, combinations and states in the order first seen, and a
/// count. No finding is copied.
struct GroupTally {
    private(set) var groups: [CheckReport.Group] = []
    private var index: [CheckReport.GroupID: Int] = [:]
    private var combinationSets: [Set<SweepCombination>] = []
    /// The states each group has, by text; filled in for a group only when a merge needs it.
    private var stateSets: [Set<BytewiseText>?] = []

    /// Tallies the findings of `parts`, in order.
    init(_ parts: ArraySlice<[Finding]>) {
        // Findings come combination by combination: a run of one combination is a block, and a
        // group looks its combination up only when it first meets a block.
        var block = 0, lastBlock: [Int] = []
        // States get numbers as they come (few kinds, over and over); a group keeps the numbers it has seen.
        var stateNumbers: [BytewiseText: Int] = [:], seenStates: [Set<Int>] = []
        var lastState = (text: "", number: -1)
        for part in parts {
            part.withUnsafeBufferPointer { findings in
                for finding in findings.indices {
                    if finding == 0 || findings[finding].combination != findings[finding - 1].combination { block += 1 }
                    let key = findings[finding].key, screen = findings[finding].screen
                    let id = CheckReport.GroupID(key: key, screen: key == nil ? screen : "", kind: findings[finding].kind,
                                                 message: findings[finding].message)
                    let at: Int
                    if let known = index[id] {
                        at = known
                    } else {
                        at = groups.count
                        index[id] = at
                        groups.append(CheckReport.Group(severity: findings[finding].severity, kind: id.kind, screen: screen, screens: [],
                                                        key: key, message: id.message, text: findings[finding].text, count: 0,
                                                        combinations: [], states: []))
                        combinationSets.append([])
                        stateSets.append(nil)
                        lastBlock.append(-1)
                        seenStates.append([])
                    }
                    groups[at].count += 1
                    if !groups[at].screens.contains(screen) { groups[at].screens.append(screen) }
                    if lastBlock[at] != block {
                        lastBlock[at] = block
                        if combinationSets[at].insert(findings[finding].combination).inserted {
                            groups[at].combinations.append(findings[finding].combination)
                        }
                    }
                    let state = findings[finding].state
                    if state.isEmpty { continue }
                    if !BytewiseText.same(lastState.text, state) {
                        let next = stateNumbers.count
                        let number = stateNumbers[BytewiseText(state), default: next]
                        if number == next { stateNumbers[BytewiseText(state)] = next }
                        lastState = (state, number)
                    }
                    if seenStates[at].insert(lastState.number).inserted { groups[at].states.append(state) }
                }
            }
        }
    }

    /// Folds in the tally of the findings that come after this one's.
    mutating func merge(_ later: GroupTally) {
        for (from, group) in later.groups.enumerated() {
            let id = CheckReport.GroupID(key: group.key, screen: group.key == nil ? group.screen : "", kind: group.kind, message: group.message)
            guard let at = index[id] else {
                index[id] = groups.count
                groups.append(group)
                combinationSets.append(later.combinationSets[from])
                stateSets.append(later.stateSets[from])
                continue
            }
            groups[at].count += group.count
            for screen in group.screens where !groups[at].screens.contains(screen) { groups[at].screens.append(screen) }
            for combination in group.combinations where combinationSets[at].insert(combination).inserted {
                groups[at].combinations.append(combination)
            }
            var states = stateSets[at] ?? Set(groups[at].states.map(BytewiseText.init))
            for state in group.states where states.insert(BytewiseText(state)).inserted { groups[at].states.append(state) }
            stateSets[at] = states
        }
    }

    /// The groups of the findings in `parts`, read in up to `runs` runs of parts at once, each of
    /// at least `shortestRun` findings (a short report is read in one run).
    static func groups(of parts: [[Finding]], runs: Int, shortestRun: Int = 20_000) -> [CheckReport.Group] {
        let total = parts.reduce(0) { $0 + $1.count }
        let runs = max(1, min(runs, total / max(1, shortestRun)))
        // Runs of whole parts, about `total / runs` findings each.
        var bounds = [0], counted = 0
        for (index, part) in parts.enumerated() where bounds.count < runs {
            counted += part.count
            if counted >= total * bounds.count / runs { bounds.append(index + 1) }
        }
        bounds.append(parts.count)
        let ranges = zip(bounds, bounds.dropFirst()).map { $0..<$1 }
        let tallies = Tallies(count: ranges.count)
        DispatchQueue.concurrentPerform(iterations: ranges.count) { run in tallies.set(run, GroupTally(parts[ranges[run]])) }
        var whole = tallies.take()
        for tally in whole.dropFirst() { whole[0].merge(tally) }
        return whole.first?.groups ?? []
    }

    /// The runs' tallies as they are done (each run sets its own slot).
    private final class Tallies: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [GroupTally?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ run: Int, _ tally: GroupTally) { lock.withLock { slots[run] = tally } }

        func take() -> [GroupTally] { lock.withLock { slots.compactMap { $0 } } }
    }
}
