import Crypto
import Foundation
import PaywallFoundation
import StoreKitVocabulary
import StoreSim

/// Seed 004's `POST /iap/transactions`, in process: verify the JWS, store, compute the entitlement.
///
/// Rules: ES256 only, signed by a trusted store key, the expected bundle id and environment, the
/// app account token is this user's; idempotent by transaction id (a replay is never granted
/// twice); the entitlement comes from all stored, unrevoked transactions at `now`.
public final class VerificationBackend {
    public let bundleID: String
    /// Environments accepted, e.g. `["Xcode", "Sandbox"]`.
    public let environments: Set<String>
    /// The user's app account token; transactions carrying another token are refused.
    /// The user's app account token: a purchase claiming another is refused. A server follows a
    /// reset that made a new user by setting it again.
    public var userAppAccountToken: UUID
    /// Off: every call answers `unavailable` (the switch that takes the backend down).
    public var isUp = true
    /// Every refusal and grant, in order, for the debug view.
    public private(set) var log: [String] = []
    /// The products that make a user premium; nil: every non-consumable and subscription does.
    /// (Seed 002's templates are non-consumables that unlock one template each, not premium.)
    public var premiumProductIDs: Set<String>?
    /// How long the app grants a non-renewing subscription (Apple's transactions carry no expiry):
    /// by product id, from the remote config's `nonRenewingAccess`; products not named get `defaultNonRenewingAccess`.
    public var nonRenewingAccess: [String: BillingPeriod] = [:]
    /// What the App Store says of a subscription that ended before its transaction's expiry (by
    /// original transaction id), as a server learns it from `EXPIRED` or Get All Subscription
    /// Statuses: nil when it did not. Set by whoever opens the backend next to the store.
    public var appStoreEnd: (String) -> EarlyEnd? = { _ in nil }
    /// Whom the App Store beside it signs for now (environment, bundle id), when that can change
    /// under it (another process switched the state's setup): data signed so is accepted too.
    public var storeSigning: () -> (environment: String, bundleID: String)? = { nil }
    /// The access a non-renewing subscription gives when the config names no length: one year.
    public var defaultNonRenewingAccess = BillingPeriod(value: 1, unit: .year)

    /// Checks each JWS as Apple's verifier does: the x5c chain to the state's root, then the signature.
    private let verifier: SignedDataVerifier
    private let clock: any Clock
    private var ledger: JournaledLedger<BackendState>
    /// Held for every change, so processes sharing the state directory never overwrite each other.
    private let lock: StateLock
    private var state: BackendState
    /// Records changed and grants made since the last save.
    private var dirty: Set<String> = []
    private var savedGrants = 0
    /// The records that can entitle, by subscription; nil until first needed and after another
    /// process's changes were folded in (then rebuilt from the records).
    private var index: EntitlementIndex?

    /// Every environment a backend accepts unless told otherwise.
    public static let allEnvironments: Set<String> = ["Xcode", "Sandbox", "LocalTesting"]

    /// Opens the backend's ledger in `stateDirectory`, written as `durability` says.
    public init(stateDirectory: URL, verifier: SignedDataVerifier, bundleID: String,
                environments: Set<String> = allEnvironments, userAppAccountToken: UUID, clock: any Clock,
                durability: Durability = .durable) throws {
        self.verifier = verifier
        self.bundleID = bundleID
        self.environments = environments
        self.userAppAccountToken = userAppAccountToken
        self.clock = clock
        var ledger = JournaledLedger<BackendState>(url: StateLayout.Backend(folder: stateDirectory).ledger, durability: durability)
        lock = StateLock.backend(StateLayout.Backend(folder: stateDirectory))
        state = try lock.withLock { try ledger.load() } ?? BackendState()
        self.ledger = ledger
        savedGrants = state.grants.count
    }

    /// Transaction ids granted, in order (each at most once).
    public var grantedTransactionIDs: [String] { state.grants }

    /// The stored record of a transaction.
    public func record(transactionID: String) -> BackendRecord? { state.records[transactionID] }

    /// The last entitlement the backend verified, if any.
    public var lastVerifiedEntitlement: Entitlement? { state.lastVerified }

    /// `POST /iap/transactions`: verifies and stores the transaction, answers the entitlement.
    public func post(jws: String, appAccountToken: UUID?, offerID: String,
                     source: Entitlement.Source = .purchase) -> TransactionVerification {
        exclusive { postLocked(jws: jws, appAccountToken: appAccountToken, offerID: offerID, source: source) }
    }

    private func postLocked(jws: String, appAccountToken: UUID?, offerID: String, source: Entitlement.Source) -> TransactionVerification {
        let now = clock.now()
        guard isUp else { return refuse(unavailable: "backend is down") }
        let payloadData: Data
        do { payloadData = try verifier.verify(jws, now: now) } catch { return refuse(error.description) }
        // The store's own payload when it signed these very bytes in this process; else decoded.
        guard let boxed = verifier.recentlySigned?.payload(signedAs: payloadData)
                ?? (try? LocatedJSONDecoder().decode(TransactionPayload.self, from: payloadData)).map(Boxed.init) else {
            return refuse("payload is not a transaction payload")
        }
        let payload = boxed.value
        let id = payload.transactionId
        let signing = storeSigning()
        guard payload.bundleId == bundleID || payload.bundleId == signing?.bundleID else {
            return refuse("transaction \(id): bundle id \(payload.bundleId), expected \(bundleID)")
        }
        guard environments.contains(payload.environment) || payload.environment == signing?.environment else {
            return refuse("transaction \(id): environment \(payload.environment) not accepted (\(environments.sorted().joined(separator: ", ")))")
        }
        if let claimed = appAccountToken, claimed != userAppAccountToken {
            return refuse("transaction \(id): app account token \(claimed.uuidString.lowercased()) is not this user's")
        }
        if let token = payload.appAccountToken, UUID(uuidString: token) != userAppAccountToken {
            return refuse("transaction \(id): signed app account token \(token) is not this user's")
        }
        if let existing = state.records[id] {
            if payload.signedDate > existing.payload.signedDate {
                state.records[id]?.replacePayload(boxed) // a newer signed state: revocation, expiry, upgrade
                if let updated = state.records[id] { index?.update(old: existing, new: updated) }
                dirty.insert(id)
                note("transaction \(id): updated (no new grant)")
            } else {
                note("transaction \(id): replay; already granted, not granted again")
            }
        } else {
            let record = BackendRecord(transactionID: id, boxedPayload: boxed, offerID: offerID, receivedAt: now, source: source)
            state.records[id] = record
            index?.update(old: nil, new: record)
            dirty.insert(id)
            if payload.revocationDate == nil {
                state.grants.append(id)
                if let expires = payload.expires, expires <= now {
                    note("transaction \(id) \(payload.productId): verified and recorded, but expired at \(ISO8601.string(expires)): not premium")
                } else {
                    note("transaction \(id) \(payload.productId): verified and granted")
                }
            }
        }
        let entitlement = compute(now: now, source: source)
        state.lastVerified = entitlement
        do { try save() } catch { return refuse(unavailable: "backend storage failed: \(error)") }
        if payload.revocationDate != nil { return refuse("transaction \(id) was revoked (refund reason \(payload.revocationReason ?? 0))") }
        return .verified(entitlement)
    }

    /// Forgets every record and grant (a fresh user): a new empty snapshot, the journal removed.
    public func reset() throws {
        try lock.withLock {
            state = BackendState(journalSeq: state.journalSeq)
            index = nil
            try ledger.save(&state, change: nil)
            dirty = []
            savedGrants = 0
        }
    }

    /// Entitlement refresh: the entitlement from stored transactions at `now`.
    public func refreshEntitlement(now: Date) -> TransactionVerification {
        guard isUp else { return refuse(unavailable: "backend is down") }
        return exclusive {
            // Nothing ever verified: the source says so (not "purchase").
            let source: Entitlement.Source = state.records.isEmpty ? .none : state.lastVerified?.source == .restore ? .restore : .purchase
            let entitlement = compute(now: now, source: source)
            guard entitlement != state.lastVerified else { return .verified(entitlement) }
            state.lastVerified = entitlement
            do { try save() } catch { return refuse(unavailable: "backend storage failed: \(error)") }
            return .verified(entitlement)
        }
    }

    /// Runs one change holding the state directory's lock, after folding in what other processes
    /// saved (so a grant is never made twice, nor another process's record overwritten).
    private func exclusive(_ body: () -> TransactionVerification) -> TransactionVerification {
        do {
            return try lock.withLock {
                if try ledger.refresh(&state) {
                    index = nil
                    dirty = []
                    savedGrants = state.grants.count
                }
                return body()
            }
        } catch {
            return refuse(unavailable: "backend storage failed: \(error)")
        }
    }


    /// What the App Store says of a subscription's billing (a `DID_FAIL_TO_RENEW` notification with
    /// subtype `GRACE_PERIOD` gives the grace's end; recovery or expiry clears it). Returns whether it changed.
    @discardableResult
    public func recordGracePeriod(originalTransactionID: String, endsAt: Date?) -> Bool {
        guard state.gracePeriods?[originalTransactionID] != endsAt else { return false }
        var changed = false
        _ = exclusive {
            guard state.gracePeriods?[originalTransactionID] != endsAt else { return .verified(state.lastVerified ?? .free) }
            var periods = state.gracePeriods ?? [:]
            periods[originalTransactionID] = endsAt
            state.gracePeriods = periods
            changed = true
            do { try save() } catch { return refuse(unavailable: "backend storage failed: \(error)") }
            return .verified(state.lastVerified ?? .free)
        }
        if changed { note("grace period of \(originalTransactionID): \(endsAt.map { "until \(ISO8601.string($0))" } ?? "over")") }
        return changed
    }

    /// What the App Store says of a subscription that ended before its transaction's expiry (an
    /// `EXPIRED` notification, or its status): access to what was bought before `endedAt` ends then.
    /// Returns whether it changed.
    @discardableResult
    public func recordEarlyEnd(originalTransactionID: String, _ end: EarlyEnd) -> Bool {
        guard state.endedEarly?[originalTransactionID] != end else { return false }
        _ = exclusive {
            var ends = state.endedEarly ?? [:]
            ends[originalTransactionID] = end
            state.endedEarly = ends
            do { try save() } catch { return refuse(unavailable: "backend storage failed: \(error)") }
            return .verified(state.lastVerified ?? .free)
        }
        note("subscription \(originalTransactionID): ended at \(ISO8601.string(end.at)), before its transaction's expiry")
        return true
    }

    /// The product id a paid-to-freemium entitlement shows (the app itself, bought when it was paid).
    public static let paidAppProductID = "paid_app_purchase"

    /// Paid-to-freemium: verifies a signed `AppTransaction` (trusted key, this bundle) and, when its
    /// original version is below `paidBefore`, grants lifetime Premium. Returns whether it did.
    @discardableResult
    public func postAppTransaction(jws: String, paidBefore: String) -> Bool {
        guard isUp else { return false }
        guard let data = try? verifier.verify(jws, now: clock.now()),
              let payload = try? LocatedJSONDecoder().decode(AppTransactionPayload.self, from: data) else {
            note("rejected: an AppTransaction that does not verify")
            return false
        }
        guard payload.bundleId == bundleID else { note("rejected: AppTransaction of \(payload.bundleId)"); return false }
        guard Self.version(payload.originalApplicationVersion, isBelow: paidBefore) else {
            note("AppTransaction: first version \(payload.originalApplicationVersion) is not before \(paidBefore): no paid-app grant")
            return false
        }
        guard state.paidAppPurchase == nil else { return true }
        var granted = false
        _ = exclusive {
            state.paidAppPurchase = AppPurchase(originalApplicationVersion: payload.originalApplicationVersion,
                                                originalPurchaseDate: TransactionPayload.date(payload.originalPurchaseDate),
                                                applicationVersion: payload.applicationVersion)
            do { try save() } catch { return refuse(unavailable: "backend storage failed: \(error)") }
            granted = true
            return .verified(state.lastVerified ?? .free)
        }
        if granted { note("AppTransaction: bought version \(payload.originalApplicationVersion), before \(paidBefore): lifetime Premium") }
        return granted
    }

    /// Compares dotted versions by number (`1.9` < `1.10` < `2`).
    public static func version(_ a: String, isBelow b: String) -> Bool {
        let x = a.split(separator: ".").map { Int($0) ?? 0 }, y = b.split(separator: ".").map { Int($0) ?? 0 }
        for i in 0..<max(x.count, y.count) {
            let l = i < x.count ? x[i] : 0, r = i < y.count ? y[i] : 0
            if l != r { return l < r }
        }
        return false
    }

    /// Premium when a stored unrevoked, not upgraded-away transaction is a non-consumable or unexpired at `now`.
    ///
    /// Reads the entitlement index, not every record: its cost does not grow with the consumables
    /// and past renewals stored (see `EntitlementIndex` for the rule).
    public func compute(now: Date, source: Entitlement.Source) -> Entitlement {
        if index == nil { index = EntitlementIndex(records: state.records.values) }
        let index = self.index!
        if let lifetime = index.lifetimeTransaction(premium: premiumProductIDs), let record = state.records[lifetime] {
            return entitled(record, expires: nil, source: source, now: now)
        }
        if state.paidAppPurchase != nil {
            return Entitlement(isPremium: true, productID: Self.paidAppProductID, expiresAt: nil, source: source, verifiedAt: now)
        }
        let best = index.longestAccess(
            now: now, premium: premiumProductIDs,
            nonRenewingEnd: { (nonRenewingAccess[$0.payload.productId] ?? defaultNonRenewingAccess).advance($0.payload.purchase, in: FixedOffsetCalendar.utc) },
            grace: { state.gracePeriods?[$0] }, ended: { state.endedEarly?[$0] ?? appStoreEnd($0) })
        guard let best, let record = state.records[best.transactionID] else {
            return Entitlement(isPremium: false, source: source, verifiedAt: now)
        }
        return entitled(record, expires: best.until, source: source, now: now)
    }

    private func entitled(_ record: BackendRecord, expires: Date?, source: Entitlement.Source, now: Date) -> Entitlement {
        Entitlement(isPremium: true, productID: record.payload.productId, expiresAt: expires, source: source, verifiedAt: now)
    }

    /// Saves the records and grants changed since the last save (a journal line, or a snapshot).
    private func save() throws {
        let change = BackendState.Change(upserts: dirty.sorted().compactMap { state.records[$0] },
                                         newGrants: Array(state.grants.dropFirst(savedGrants)), lastVerified: state.lastVerified,
                                         gracePeriods: state.gracePeriods, endedEarly: state.endedEarly,
                                         paidAppPurchase: state.paidAppPurchase)
        try ledger.save(&state, change: change)
        dirty = []
        savedGrants = state.grants.count
    }

    private func note(_ line: String) { log.append("\(ISO8601.string(clock.now())) backend: \(line)") }

    private func refuse(_ reason: String) -> TransactionVerification {
        note("rejected: \(reason)")
        return .rejected(reason: reason)
    }

    private func refuse(unavailable reason: String) -> TransactionVerification {
        note("unavailable: \(reason)")
        return .unavailable(reason: reason)
    }
}
