import Foundation
import PaywallCore
import StoreSim
import Testing
@testable import Profiles

@Suite struct RewardedAdTests {
    let utc = TimeZone(identifier: "UTC")!
    let noon = Date(timeIntervalSince1970: 1_780_228_800)   // 2026-05-31T12:00:00Z

    @Test func freeUsersEarnMinutesUpToTheDailyCap() {
        let ad = RewardedAd(minutesPerAd: 15, dailyCap: 2, fillRate: 1)
        var generator = SeededGenerator(seed: 7)
        var ledger = RewardedAd.Ledger()
        var results: [RewardedAd.Result] = []
        for _ in 0..<3 {
            let (result, next) = ad.show(tier: .free, watchesToEnd: true, ledger: ledger, now: noon, timeZone: utc, generator: &generator)
            results.append(result)
            ledger = next
        }
        #expect(results == [.rewarded(minutes: 15), .rewarded(minutes: 15), .dailyCapReached])
        // The next day the cap starts again.
        let (tomorrow, _) = ad.show(tier: .free, watchesToEnd: true, ledger: ledger, now: noon.addingTimeInterval(86_400),
                                    timeZone: utc, generator: &generator)
        #expect(tomorrow == .rewarded(minutes: 15))
    }

    @Test func subscribersNeverSeeAds() {
        let ad = RewardedAd()
        var generator = SeededGenerator(seed: 1)
        for tier in [SubscriptionTier.basic, .premium, .business] {
            let (result, ledger) = ad.show(tier: tier, watchesToEnd: true, ledger: RewardedAd.Ledger(), now: noon,
                                           timeZone: utc, generator: &generator)
            #expect(result == .notForSubscribers)
            #expect(ledger.watched == 0)
            #expect(RewardedAd.copy(for: result) == nil)
            #expect(!InterstitialPolicy.loadsAds(for: tier))
        }
        #expect(InterstitialPolicy.loadsAds(for: .free))
    }

    @Test func noFillAndClosingEarlyGrantNothing() {
        var generator = SeededGenerator(seed: 3)
        let (empty, ledger) = RewardedAd(fillRate: 0).show(tier: .free, watchesToEnd: true, ledger: RewardedAd.Ledger(),
                                                           now: noon, timeZone: utc, generator: &generator)
        #expect(empty == .noFill)
        #expect(ledger.watched == 0)
        let (early, after) = RewardedAd().show(tier: .free, watchesToEnd: false, ledger: ledger, now: noon, timeZone: utc,
                                               generator: &generator)
        #expect(early == .closedEarly)
        #expect(after.watched == 0)
        #expect(RewardedAd.copy(for: .rewarded(minutes: 10)) == CopyLine("voip.ad.rewarded.granted", .integer(10)))
    }

    @Test func theSameSeedGivesTheSameFills() {
        func run() -> [RewardedAd.Result] {
            var generator = SeededGenerator(seed: 42)
            let ad = RewardedAd(dailyCap: 100, fillRate: 0.5)
            return (0..<20).map { _ in
                ad.show(tier: .free, watchesToEnd: true, ledger: RewardedAd.Ledger(), now: noon, timeZone: utc, generator: &generator).0
            }
        }
        let first = run()
        #expect(first == run())
        #expect(first.contains(.noFill) && first.contains(.rewarded(minutes: 10)))
    }

    @Test func interstitialsOnlyAfterCallsOfFreeUsers() {
        let everyCall = InterstitialPolicy()
        #expect(everyCall.showAfterCall(tier: .free, callsToday: 1, adLoaded: true))
        #expect(!everyCall.showAfterCall(tier: .free, callsToday: 1, adLoaded: false))
        #expect(!everyCall.showAfterCall(tier: .free, callsToday: 0, adLoaded: true))
        for tier in [SubscriptionTier.basic, .premium, .business] {
            #expect(!everyCall.showAfterCall(tier: tier, callsToday: 1, adLoaded: true))
        }
        let everyThird = InterstitialPolicy(everyNthCall: 3)
        #expect((1...6).map { everyThird.showAfterCall(tier: .free, callsToday: $0, adLoaded: true) } ==
                [false, false, true, false, false, true])
        #expect(InterstitialPolicy(everyNthCall: 0).everyNthCall == 1)
    }
}

@Suite struct ReceiptValidatorTests {
    let now = Date(timeIntervalSince1970: 1_780_228_800)
    var premium: SubscriptionStatus { SubscriptionStatus(tier: .premium, expiresAt: now.addingTimeInterval(86_400), validatedAt: now) }

    @Test func aServerAnswerIsCachedAndReturned() {
        var cache = InMemoryStatusStore()
        var sent: [String] = []
        let result = ReceiptValidator.validate(receipt: Data("receipt".utf8), server: { receipt in
            sent.append(receipt)
            return .success(premium)
        }, cache: &cache)
        #expect(result == ReceiptValidator.Result(status: premium, source: .server))
        #expect(cache.status == premium)
        #expect(sent == [Data("receipt".utf8).base64EncodedString()])
    }

    @Test func aServerFailureFallsBackToTheCache() {
        var cache = InMemoryStatusStore(status: premium)
        let result = ReceiptValidator.validate(receipt: Data("r".utf8), server: { _ in .failure(.init("timeout")) }, cache: &cache)
        #expect(result.status == premium)
        #expect(result.source == .cache(reason: "timeout"))
        #expect(cache.status == premium, "the cache is not overwritten by a failure")
    }

    @Test func aServerFailureWithAnEmptyCacheIsFree() {
        var cache = InMemoryStatusStore()
        let result = ReceiptValidator.validate(receipt: Data("r".utf8), server: { _ in .failure(.init("500")) }, cache: &cache)
        #expect(result == ReceiptValidator.Result(status: nil, source: .none))
    }

    @Test func noReceiptAsksNobody() {
        var cache = InMemoryStatusStore(status: premium)
        var asked = false
        let result = ReceiptValidator.validate(receipt: nil, server: { _ in asked = true; return .success(premium) }, cache: &cache)
        #expect(result.status == nil)
        #expect(!asked)
    }

    @Test func aCachedStatusExpires() {
        #expect(premium.effectiveTier(at: now) == .premium)
        #expect(premium.effectiveTier(at: now.addingTimeInterval(2 * 86_400)) == .free)
    }
}
