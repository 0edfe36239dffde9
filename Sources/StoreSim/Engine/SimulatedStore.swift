import Crypto
import Foundation
import StoreKitVocabulary
import PaywallFoundation

/// A StoreKit 2 store under `SKTestSession` rules, on a virtual clock, persisted in a state directory.
///
/// The shell around `StoreRules`: each call takes the state directory's lock, folds in what other
/// processes saved, runs the rules at the clock's time and carries out what they made (the
/// repository's writes, the notification log, the updates queue, the log). Synchronous and
/// deterministic: no timers or threads. The runner calls `process(now:)` (or `advance(to:)`) to run
/// renewals and expiries that are due, and drains `takeUpdates()`.
public final class SimulatedStore {
    /// StoreKit's rules and the state they keep: every change runs through them.
    var rules: StoreRules
    public var catalog: StoreCatalog { rules.catalog }
    public var bundleID: String { rules.bundleID }
    /// `Xcode` (StoreKit Testing) or `Sandbox`.
    public var environment: String { rules.environment }
    /// The `appAppleId` signed data and the App Store Server API's answers carry (Production only).
    public var signedAppAppleID: Int64? { rules.signedAppAppleID }
    public var keys: StoreSigningKeys { rules.keys }
    /// The JWS headers (Apple's: `alg` and the certificate chain) encoded once: every signature starts with one.
    var encodedHeaders: JWSHeaders { rules.encodedHeaders }
    /// Lines the debug view can show: every refusal and control, in order; the latest 1,000 at
    /// least (a catch-up notes each of its 20,000 renewals).
    public private(set) var log: [String] = []
    /// Whom the state signs for as another process may have changed it (the workspace reads its
    /// setup; nil: unchanged since the last call). Asked each time the store folds in other
    /// processes' writes, so every process on a state signs for the same environment and bundle.
    public var identityFollower: (() -> SigningIdentity?)?
    /// The last purchase refused: StoreKit's error and why, for a control to say (not read back from `log`).
    var lastPurchaseRefusal: (error: StoreKitErrorName, reason: String)?

    let clock: any Clock
    /// The ledger, the lock and what changed since the last save: how the state reaches the disk.
    var repository: StoreRepository
    /// Held for every change, so processes sharing the state directory never overwrite each other.
    var lock: StateLock { repository.lock }
    /// The state the rules keep.
    var state: StoreState {
        get { rules.state }
        _modify { yield &rules.state }
    }
    /// Whether records changed since the last save (or a snapshot is due).
    var hasUnsavedRecords: Bool { repository.hasUnsavedRecords }
    /// `Transaction.updates` waiting for the app, each the record as it was when queued (its JWS
    /// is made when taken: a catch-up of 20,000 renewals queues records, not 80 MB of JWS text).
    var updates: [QueuedUpdate] = []
    /// The notification log as this store last read it (a history page reads only what was appended since).
    let notificationHeads = NotificationHeads()
    /// The purchase whose sheet is open, if any (one purchase in flight at a time).
    var sheet: (productID: String, options: StorePurchaseOptions)?
    /// Where the store keeps its files.
    let stateDirectory: URL
    /// Whether its writes are fsynced: the policy of the workspace that opened it.
    let durability: Durability
    /// Whether this store made the state's store (its signing keys, which a reset keeps): the only
    /// opener whose suggestion (the app's locale) may pick the account's storefront.
    let madeTheState: Bool
    /// How deep in `exclusive` this process is: only the outermost change records notifications.
    private var changeDepth = 0

    /// Opens the store in `stateDirectory`; unfinished transactions are queued as redelivered updates.
    public init(catalog: StoreCatalog, stateDirectory: URL, clock: any Clock, seed: UInt64 = 1,
                bundleID: String = "com.paywallsim.app", environment: String = "Xcode", appAppleID: Int64? = nil,
                durability: Durability = .durable) throws {
        self.durability = durability
        self.clock = clock
        var repository = StoreRepository(folder: stateDirectory, durability: durability)
        var rng = SeededGenerator(seed: seed)
        // Under the lock: two processes opening a fresh directory at once make one set of keys.
        let (keys, state, made) = try repository.lock.withLock {
            // The first opener of a state's store makes its signing keys (a reset keeps them).
            let made = !FileManager.default.fileExists(atPath: StateLayout.Store(folder: stateDirectory).signingKeys.path)
            let keys = try StoreSigningKeys.loadOrCreate(in: stateDirectory, generator: &rng, durability: durability)
            return (keys, try repository.load() ?? StoreState(rng: rng), made)
        }
        madeTheState = made
        self.repository = repository
        self.stateDirectory = stateDirectory
        rules = try StoreRules(catalog: catalog, bundleID: bundleID, environment: environment, appAppleID: appAppleID, keys: keys,
                               state: state, now: clock.now())
        let unfinished = state.records.positions { !$0.contains(.finished) }
        if !unfinished.isEmpty { updates.append(.redeliveries(state.records, unfinished)) }
    }

    // A store let go makes its finishes durable (a session or a tool that ends without a flush);
    // a failed fsync here has no one to tell.
    deinit { try? syncFinishes() }

    /// The switches in force (the catalog's, or as changed at run time).
    public var settings: StoreSettings { rules.settings }

    /// The rate subscriptions renew at: the settings' time rate, or in a `Sandbox` store the rate
    /// Apple's sandbox renews at for it (`TimeRate.inSandbox`).
    public var renewalRate: TimeRate { rules.renewalRate }

    /// Whether the store signs for Apple's sandbox, and renews as the sandbox does.
    var isSandbox: Bool { rules.isSandbox }

    /// Changes the switches at run time; persisted.
    public func setSettings(_ settings: StoreSettings) throws {
        try exclusive {
            if rules.setSettings(settings) { try save() }
        }
    }

    /// Makes `code` the account's storefront, kept in the state: what the paywall prices in and
    /// what every transaction and notification is signed with. With `onlyOnNewState` it is set
    /// only when this store made the state (`madeTheState`) and nothing set a storefront or a
    /// switch since (a first launch picking it from the locale): whoever makes a state decides
    /// its account's country, as an App Store account has one before any app runs. Returns
    /// whether it changed.
    @discardableResult
    public func setStorefront(_ code: String, onlyOnNewState: Bool = false) throws -> Bool {
        try exclusive {
            if onlyOnNewState && (rules.hasKeptSettings || !madeTheState) { return false }
            guard rules.setStorefront(code) else { return false }
            try save()
            note("storefront \(code.uppercased())")
            return true
        }
    }

    /// The account's storefront: the state's own, else the catalog's.
    public var storefront: Storefront { Storefront.resolve(settings.storefront) }

    /// A new app account token from the store's seeded generator (persisted, so runs repeat).
    public func makeAppAccountToken() throws -> UUID {
        try change { $0.makeAppAccountToken() }
    }

    /// The team's In-App Purchase key promotional offers are checked against (made on first use,
    /// kept in `offer-key.json`; a team's own replaces it with `useOfferSigningKey`).
    public func offerSigningKey() throws -> OfferSigningKey {
        try exclusive {
            // From the store's seeded generator, so a seeded run makes the same key every time.
            var generator = state.rng
            let key = try OfferSigningKey.loadOrCreate(in: stateDirectory, generator: &generator, durability: durability)
            if generator != state.rng {
                state.rng = generator
                try save()
            }
            return key
        }
    }

    /// Makes `key` (a team's `.p8`) the key promotional offers are checked against.
    public func useOfferSigningKey(_ key: OfferSigningKey) throws {
        try lock.withLock { try key.save(in: stateDirectory, durability: durability) }
    }

    /// The public keys a verifier should trust, by key id.
    public var trustedPublicKeys: [String: P256.Signing.PublicKey] { keys.trustedPublicKeys }

    /// What a server trusts to verify this store's signed data: the state directory's root.
    public var signedDataVerifier: SignedDataVerifier { SignedDataVerifier(trustedRoot: keys.chain.root, recentlySigned: rules.signedPayloads) }

    /// `Product.products(for:)`: the catalog's products with these ids, in the order asked.
    public func products(for ids: [String]) throws(StoreKitFailure) -> [StoreProduct] {
        if let forced = settings.forcedError(.loadProducts) { note("products refused: forced \(forced)"); throw StoreKitFailure(forced) }
        // A product taken off sale is not returned, as the App Store no longer offers it.
        return ids.compactMap { catalog.product($0) }.filter { !settings.isOffSale($0.id) }
    }

    /// Drains the `Transaction.updates` queue. With `withJWS` false each transaction's `jws` is left
    /// empty: for a report that shows ids and dates only (a catch-up's 20,000 renewals).
    public func takeUpdates(withJWS: Bool = true) -> [TransactionUpdate] {
        var taken: [TransactionUpdate] = []
        taken.reserveCapacity(updates.reduce(0) { $0 + $1.count })
        drainUpdates(withJWS: withJWS) { taken.append($0) }
        return taken
    }

    /// Drains the `Transaction.updates` queue one update at a time, oldest first, each made only
    /// as `body` takes it (a report of a 20,000-renewal catch-up keeps its rows, not the updates).
    public func drainUpdates(withJWS: Bool = true, _ body: (TransactionUpdate) -> Void) {
        defer { updates.removeAll() }
        func made(_ reason: TransactionUpdate.Reason, _ record: TransactionRecord) -> TransactionUpdate {
            TransactionUpdate(reason: reason, productID: record.payload.productId,
                              transaction: withJWS ? signed(record) : signed(record, jws: ""), verified: record.verified)
        }
        for queued in updates {
            switch queued {
            case let .record(reason, record): body(made(reason, record))
            case let .made(update): body(update)
            case let .redeliveries(records, positions):
                // An unfinished refund redelivered at launch is still a revocation (the app reads
                // its `revocationDate`), not a purchase to verify again.
                for position in positions {
                    let record = records[position]
                    body(made(record.payload.revocationDate != nil ? .revocation : .redelivery, record))
                }
            case let .current(reason, id): if let record = record(id) { body(made(reason, record)) }
            }
        }
    }

    /// Empties the `Transaction.updates` queue without making its updates (a command that is not
    /// the app); returns how many there were of each reason.
    @discardableResult
    public func discardUpdates() -> [TransactionUpdate.Reason: Int] {
        defer { updates.removeAll() }
        var counts: [TransactionUpdate.Reason: Int] = [:]
        for queued in updates {
            switch queued {
            case let .record(reason, _): counts[reason, default: 0] += 1
            case let .made(update): counts[update.reason, default: 0] += 1
            case let .redeliveries(_, positions): counts[.redelivery, default: 0] += positions.count
            case let .current(reason, _): counts[reason, default: 0] += 1
            }
        }
        return counts
    }

    /// `Transaction.finish()`: marks the transaction finished so it is not redelivered.
    ///
    /// Group-committed: the journal line is written before this returns, so a kill leaves it, and
    /// it is fsynced with the store's next durable save or by `syncFinishes()` (the app's flush,
    /// at most 100 ms later). A power loss before that forgets the finish, and the transaction is
    /// delivered again at the next launch, as StoreKit redelivers every unfinished transaction;
    /// the purchase and its grant stay durable.
    public func finish(transactionID: String) throws {
        try exclusive {
            guard try rules.finish(transactionID: transactionID) else { return }
            absorbEffects()
            // Only a finish goes without its fsync: anything else unsaved (a change that threw) is synced.
            try save(sync: repository.hasChangedRecords)
        }
    }

    /// Whether finishes wait for `syncFinishes()`.
    public var hasUnsyncedFinishes: Bool { repository.hasUnsyncedLines }

    /// Fsyncs the finishes written since the store's last durable save.
    public func syncFinishes() throws { try repository.syncJournal() }

    /// Every transaction in the ledger, oldest first (`Transaction.all`).
    public var allTransactions: [SignedTransaction] { state.records.map(signed) }

    /// Every transaction's payload, oldest first, without making its JWS (a server's filters).
    public var transactionPayloads: [TransactionPayload] { state.records.map(\.payload) }

    /// The consumables the app finished and nobody refunded or revoked: what Get Transaction
    /// History V1 leaves out (Apple: "The results don't include consumable in-app purchases that
    /// the app marks as finished").
    public var finishedConsumableIDs: Set<String> {
        Set(state.records.filter { $0.finished && $0.payload.type == "Consumable" && $0.payload.revocationDate == nil }
            .map(\.payload.transactionId))
    }

    /// The transaction `id` as the App Store signs it, found by its id (nil: no such transaction).
    public func signedTransaction(id: String) -> SignedTransaction? { record(id).map(signed) }

    /// Whether `id` is a transaction's id or original transaction id in the ledger.
    public func knowsTransaction(_ id: String) -> Bool {
        record(id) != nil || state.records.contains { $0.payload.originalTransactionId == id }
    }

    /// How many transactions the ledger holds, and how many are not finished.
    public var transactionCounts: (all: Int, unfinished: Int) { (state.records.count, state.records.count { !$0.contains(.finished) }) }

    /// The latest transaction in the ledger, if any.
    public var latestTransaction: SignedTransaction? { state.records.last.map(signed) }

    /// The subscription groups the customer ever subscribed in or was shared (each has a subscription line), sorted.
    public var subscribedGroupIDs: [String] { Array(Set(state.lines.values.map(\.groupID))).sorted() }

    /// Transactions not finished yet (`Transaction.unfinished`).
    public var unfinishedTransactions: [SignedTransaction] { state.records.filter { !$0.finished }.map(signed) }

    /// The decoded payload of a transaction.
    public func payload(transactionID: String) -> TransactionPayload? {
        record(transactionID)?.payload
    }

    /// Purchases waiting outside the app (Ask to Buy, interrupted).
    public var pendingPurchases: [PendingPurchase] { state.pending }
    /// Ask to Buy requests a parent declined, oldest first (the app never hears of them).
    public var declinedRequests: [DeclinedRequest] { state.declined ?? [] }

    /// When `process(now:)` last ran.
    public var lastProcessed: Date? { state.lastProcessed }

    /// When the subscription of `originalTransactionID` ended before its latest transaction's expiry
    /// (`store expire`, a refund): the instant its status says, as Get All Subscription Statuses
    /// would tell a server; nil while it runs or when it ended at the expiry.
    public func earlyEnd(originalTransactionID: String) -> (at: Date, lastTransactionID: String)? {
        guard let (key, line) = state.lines.first(where: { $0.value.originalTransactionID == originalTransactionID }),
              let status = rules.reading(at: clock.now(), { $0.lineStatus(key: key) }), status.state == .expired || status.state == .revoked,
              let expires = record(line.latestTransactionID)?.payload.expires, line.expires < expires else { return nil }
        return (line.expires, line.latestTransactionID)
    }

    /// Whether the user may still get `group`'s introductory offer: until they received one in the group.
    public func isEligibleForIntroOffer(groupID: String) -> Bool {
        rules.isEligibleForIntroOffer(groupID: groupID)
    }

    /// `Transaction.currentEntitlements`: non-consumables, non-renewing subscriptions (they have no
    /// expiration: the app decides whether one still grants access, as Apple documents), and the
    /// latest transaction of each subscription (the customer's own and a family-shared one) that is
    /// subscribed or in its grace period; never revoked ones.
    public func currentEntitlements() -> [SignedTransaction] {
        rules.reading(at: clock.now()) { $0.currentEntitlements() }
    }

    /// The group's status that gives the customer the most: the first of `subscriptionStatuses`
    /// that is subscribed or in grace, else the customer's own; nil if never subscribed or shared.
    /// The customer is entitled while any of the group's statuses is active (Apple).
    public func subscriptionStatus(groupID: String) -> SubscriptionGroupStatus? {
        rules.reading(at: clock.now()) { $0.subscriptionStatus(groupID: groupID) }
    }

    /// `Product.SubscriptionInfo.status` for a group at the clock's time, as Apple's array: the
    /// customer's own subscription first, then one a family member shares; empty if neither.
    public func subscriptionStatuses(groupID: String) -> [SubscriptionGroupStatus] {
        rules.reading(at: clock.now()) { $0.subscriptionStatuses(groupID: groupID) }
    }

    /// The original transaction of the group's subscription and, while it is in a billing grace
    /// period, when that ends: what `subscriptionStatus` says of it, without building the signed
    /// transaction and renewal info (the session asks after every step).
    public func gracePeriod(groupID: String) -> (originalTransactionID: String, endsAt: Date?)? {
        guard let line = state.lines[state.controlledLineKey(groupID)], let record = record(line.latestTransactionID) else { return nil }
        let inGrace = rules.subscriptionState(line, record: record, now: clock.now()) == .inGracePeriod
        return (record.payload.originalTransactionId, inGrace ? line.graceEnds : nil)
    }

    /// `RenewalInfo` of the group signed as the App Store sends it (compact JWS, the store's key).
    public func signedRenewalInfo(groupID: String) throws -> String? {
        guard let status = subscriptionStatus(groupID: groupID) else { return nil }
        return try signedRenewalInfo(status)
    }

    /// `status`'s renewal info signed as the App Store sends it.
    public func signedRenewalInfo(_ status: SubscriptionGroupStatus) throws -> String {
        try signJWS(try status.renewalInfo.encoded(), untrusted: settings.unverifiedTransactions || settings.forcedError(.verification) != nil)
    }

    // MARK: - Internals shared by the extensions

    /// Runs one change holding the state directory's lock, after folding in what other processes
    /// saved, so ids are never reused and no other process's write is overwritten; the rules run at
    /// the clock's time, and what they made is carried out when the change ends (or throws).
    /// With `notifies` false the body signs and logs its own notifications (`process(now:)`, event by event).
    func exclusive<T>(notifies: Bool = true, _ body: () throws -> T) throws -> T {
        try lock.withLock {
            try refreshLocked()
            changeDepth += 1
            defer { changeDepth -= 1 }
            guard changeDepth == 1 else { return try body() }
            rules.now = clock.now()
            defer { absorbEffects() }
            guard notifies else { return try body() }
            let mark = rules.mark()
            rules.revokedSinceMark = []; rules.explicitEvents = []; rules.quietGroups = []
            let result = try body()
            try recordNotifications(since: mark)
            return result
        }
    }

    /// Folds in what other processes saved and queues what the app must hear of as updates.
    func refreshLocked() throws {
        followIdentityLocked()
        let before = state
        guard let refreshed = try repository.refresh(&rules.state) else { return }
        // Appended journal lines only append or replace records in place: the index still holds.
        if refreshed == .reloaded { rules.recordIndex.invalidate() }
        queueOutsideChanges(since: before)
    }

    /// Signs as the state's setup says now, when another process switched its environment or
    /// bundle id (`store buy --environment Production` beside a running `serve`): a `stat` when
    /// nothing changed. Returns whether the identity changed.
    @discardableResult
    public func followIdentity() throws -> Bool {
        guard let identity = identityFollower?(), identity != rules.identity else { return false }
        try lock.withLock { sign(as: identity) }
        return true
    }

    /// The part of `refreshLocked` that follows the setup's identity.
    private func followIdentityLocked() {
        if let identity = identityFollower?(), identity != rules.identity { sign(as: identity) }
    }

    private func sign(as identity: SigningIdentity) {
        appendLog("\(ISO8601.string(clock.now())) store: the state signs for \(identity.environment), \(identity.bundleID) now (was \(rules.environment), \(rules.bundleID))")
        rules.sign(as: identity)
    }

    /// Carries out what the rules made: the records the repository writes, the updates for the
    /// app, the log lines.
    func absorbEffects() {
        let effects = rules.takeEffects()
        for id in effects.changedRecords { repository.recordChanged(id) }
        for id in effects.finishedRecords { repository.recordFinished(id) }
        if effects.snapshotDue { repository.snapshotNext() }
        if effects.clearsUpdates { updates.removeAll() }
        updates += effects.updates
        for line in effects.notes { appendLog(line) }
    }

    /// Saves what changed since the last save: a journal line, or a snapshot when needed. With
    /// `sync` false the line is not fsynced yet (see `finish(transactionID:)`).
    func save(sync: Bool = true) throws {
        absorbEffects()
        try repository.save(&rules.state, sync: sync)
    }

    func note(_ line: String) {
        appendLog("\(ISO8601.string(clock.now())) store: \(line)")
    }

    private func appendLog(_ line: String) {
        if log.count >= 2_000 { log.removeFirst(1_000) }
        log.append(line)
    }

    func record(_ id: String) -> TransactionRecord? { rules.record(id) }

    func signed(_ record: TransactionRecord) -> SignedTransaction { rules.signed(record) }

    func signed(_ record: TransactionRecord, jws: String) -> SignedTransaction { rules.signed(record, jws: jws) }

    /// Signs JSON as the App Store does (the trusted key), or with the untrusted key a device refuses.
    func signJWS(_ payload: Data, untrusted: Bool) throws -> String { try rules.signJWS(payload, untrusted: untrusted) }
}
