import CopyDeck
import Foundation
import PaywallCore

/// The parts of a sweep's run: each locale's states made once, units of one (locale, size), and
/// their results put back in plan order.
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

    /// Each locale's deck and states, made on every core before the units that share them start.
    func prepareStates(_ planned: [(combination: SweepCombination, drawsCommon: Bool)]) -> [String: StateLists] {
        var firstOfLocale: [SweepCombination] = []
        var offersSwept: [OfferID] = []
        for (combination, _) in planned {
            if !firstOfLocale.contains(where: { $0.locale == combination.locale }) { firstOfLocale.append(combination) }
            if !offersSwept.contains(combination.offer) { offersSwept.append(combination.offer) }
        }
        let firsts = firstOfLocale, offers = offersSwept
        let made = LockedStateLists()
        DispatchQueue.concurrentPerform(iterations: firsts.count) { index in
            var lists = StateLists(sweep: self)
            var combination = firsts[index]
            _ = lists.deck(combination.locale)
            for offer in offers {
                combination.offer = offer
                _ = lists.states(combination, drawsCommon: true)
            }
            made.set(combination.locale, lists)
        }
        return made.all
    }

    /// State lists made on several threads, by locale.
    final class LockedStateLists: @unchecked Sendable {
        private let lock = NSLock()
        private var lists: [String: StateLists] = [:]

        func set(_ locale: String, _ made: StateLists) {
            lock.lock()
            defer { lock.unlock() }
            lists[locale] = made
        }

        var all: [String: StateLists] {
            lock.lock()
            defer { lock.unlock() }
            return lists
        }
    }

    /// The plan's indices grouped by (locale, size), in the order each group first appears.
    static func units(_ planned: [(combination: SweepCombination, drawsCommon: Bool)]) -> [[Int]] {
        var unitOf: [String: Int] = [:]
        var units: [[Int]] = []
        for (index, item) in planned.enumerated() {
            let name = "\(item.combination.locale)|\(item.combination.width)x\(item.combination.height)"
            if let unit = unitOf[name] { units[unit].append(index) } else { unitOf[name] = units.count; units.append([index]) }
        }
        return units
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
