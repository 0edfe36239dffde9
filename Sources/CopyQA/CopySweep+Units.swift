import CopyDeck
import Foundation
import PaywallCore

/// The parts of a sweep's run: each locale's states made once, units of one (locale, size, offer),
/// and their results put back in plan order.
extension CopySweep {
    /// The states a part of a sweep draws and the decks it draws them with, made once per locale (and offer).
    struct StateLists {
        let sweep: CopySweep
        var common: [String: [ScreenState]] = [:]
        var perOffer: [String: [ScreenState]] = [:]
        var decks: [String: CopyDeck] = [:]

        init(sweep: CopySweep) { self.sweep = sweep }

        mutating func deck(_ locale: String) -> CopyDeck {
            if let deck = decks[locale] { return deck }
            let deck = sweep.deck(locale: locale)
            decks[locale] = deck
            return deck
        }

        /// The offer-independent states when `drawsCommon`, then the offer's paywall states.
        mutating func states(_ combination: SweepCombination, drawsCommon: Bool) -> [ScreenState] {
            let locale = combination.locale
            var list: [ScreenState] = []
            if drawsCommon {
                let shared = common[locale] ?? sweep.states.common(locale: locale)
                common[locale] = shared
                list += shared
            }
            let offerKey = "\(locale)|\(combination.offer.rawValue)"
            let paywalls = perOffer[offerKey] ?? sweep.states.paywall(offer: combination.offer, locale: locale)
            perOffer[offerKey] = paywalls
            return list + paywalls
        }
    }

    /// Each locale's deck and states, made on every core before the units that share them start:
    /// one task per locale's offer-independent states and one per (locale, offer), so a few locales
    /// still keep every core busy.
    func prepareStates(_ planned: [(combination: SweepCombination, drawsCommon: Bool)]) -> [String: StateLists] {
        var firstOfLocale: [SweepCombination] = []
        var offersSwept: [OfferID] = []
        for (combination, _) in planned {
            if !firstOfLocale.contains(where: { $0.locale == combination.locale }) { firstOfLocale.append(combination) }
            if !offersSwept.contains(combination.offer) { offersSwept.append(combination.offer) }
        }
        // Task t: locale t / (offers + 1); its common states when t % (offers + 1) is 0, else one offer's.
        let firsts = firstOfLocale, offers = offersSwept, perLocale = offersSwept.count + 1
        let made = LockedStateLists()
        DispatchQueue.concurrentPerform(iterations: firsts.count * perLocale) { task in
            var lists = StateLists(sweep: self)
            var combination = firsts[task / perLocale]
            let part = task % perLocale
            if part == 0 {
                _ = lists.deck(combination.locale)
                lists.common[combination.locale] = states.common(locale: combination.locale)
            } else {
                combination.offer = offers[part - 1]
                _ = lists.states(combination, drawsCommon: false)
            }
            made.merge(combination.locale, lists)
        }
        return made.all
    }

    /// State lists made on several threads, by locale.
    final class LockedStateLists: @unchecked Sendable {
        private let lock = NSLock()
        private var lists: [String: StateLists] = [:]

        /// Adds a task's decks and states to its locale's.
        func merge(_ locale: String, _ made: StateLists) {
            lock.lock()
            defer { lock.unlock() }
            var into = lists[locale] ?? StateLists(sweep: made.sweep)
            into.decks.merge(made.decks) { first, _ in first }
            into.common.merge(made.common) { first, _ in first }
            into.perOffer.merge(made.perOffer) { first, _ in first }
            lists[locale] = into
        }

        var all: [String: StateLists] {
            lock.lock()
            defer { lock.unlock() }
            return lists
        }
    }

    /// How many locales' units are mixed in one batch (see `units`).
    static let localesPerBatch = 4

    /// The plan's indices grouped by (locale, size, offer), in batches of a few locales (in plan
    /// order), the units likely to cost most first within a batch.
    ///
    /// Themes share their drawing only within one offer (`ThemeFreeKey`), so nothing is drawn
    /// twice for being split by offer. Small units, the costliest first (the larger screens, and
    /// those that also draw the offer-independent states), leave the cores evenly loaded at the
    /// end; mixing a batch's locales keeps the cores on different layout memos (each has one
    /// lock), and batches keep the memos in use few at a time, so the registry (which lets its oldest go) does not drop them
    /// while they are needed. Results go back in plan order whatever order units run in.
    static func units(_ planned: [(combination: SweepCombination, drawsCommon: Bool)]) -> [[Int]] {
        var unitOf: [String: Int] = [:]
        var localeOrder: [String: Int] = [:]
        var units: [[Int]] = []
        var order: [(locale: Int, cost: Int)] = []
        for (index, item) in planned.enumerated() {
            let c = item.combination
            let name = "\(c.locale)|\(c.width)x\(c.height)|\(c.offer.rawValue)"
            let unit: Int
            if let known = unitOf[name] {
                unit = known
                units[unit].append(index)
            } else {
                unit = units.count
                unitOf[name] = unit
                units.append([index])
                if localeOrder[c.locale] == nil { localeOrder[c.locale] = localeOrder.count }
                order.append((localeOrder[c.locale] ?? 0, 0))
            }
            order[unit].cost = max(order[unit].cost, c.width * c.height * (item.drawsCommon ? 2 : 1))
        }
        return units.indices.sorted { a, b in
            let batchA = order[a].locale / localesPerBatch, batchB = order[b].locale / localesPerBatch
            if batchA != batchB { return batchA < batchB }
            return order[a].cost != order[b].cost ? order[a].cost > order[b].cost : a < b
        }.map { units[$0] }
    }

    /// What each combination of a plan drew and found, set by the unit that did it.
    final class UnitResults: @unchecked Sendable {
        private let lock = NSLock()
        private var screens: [Int]
        private var findings: [[Finding]]
        private var keys: [String: Set<String>] = [:]

        init(count: Int) {
            screens = Array(repeating: 0, count: count)
            findings = Array(repeating: [], count: count)
        }

        func set(_ done: [(index: Int, screens: Int, findings: [Finding])], locale: String, drawnKeys: Set<String>) {
            lock.lock()
            defer { lock.unlock() }
            for item in done {
                screens[item.index] = item.screens
                findings[item.index] = item.findings
            }
            keys[locale, default: []].formUnion(drawnKeys)
        }

        func at(_ index: Int) -> (screens: Int, findings: [Finding]) {
            lock.lock()
            defer { lock.unlock() }
            return (screens[index], findings[index])
        }

        /// The keys drawn on some screen, by locale.
        var drawnKeys: [String: Set<String>] {
            lock.lock()
            defer { lock.unlock() }
            return keys
        }
    }
}
