import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// StoreKit's rules over a store's state, without effects: a command changes `state` as of `now`
/// and says in `effects` what it makes (the updates the app hears, the records to write, log
/// lines); `notifications(since:)` signs the App Store Server Notifications a change makes.
///
/// No lock, file or clock: `SimulatedStore` runs each command under the state directory's lock,
/// at its clock's time, then carries out the effects (`StoreRepository` writes, the notification
/// log appends) — the shape `PaywallCore`'s `FlowMachine` has for the flow.
struct StoreRules {
    let catalog: StoreCatalog
    private(set) var bundleID: String
    /// `Xcode` (StoreKit Testing) or `Sandbox`.
    private(set) var environment: String
    /// The app's Apple ID (App Store Connect's), when the state has one.
    private(set) var appAppleID: Int64?
    let keys: StoreSigningKeys
    /// The payloads this store signed lately, which a backend in the same process reads back.
    let signedPayloads: SignedPayloadCache
    /// The JWS headers (Apple's: `alg` and the certificate chain) encoded once: every signature starts with one.
    let encodedHeaders: JWSHeaders
    /// The app's `AppTransaction` id, which every transaction and renewal info carries: Apple's is
    /// "unique for each Apple Account that downloads your app", and one state directory is one
    /// Apple Account, so two directories differ and every process of one agrees (`appTransactionID(bundleID:keys:)`).
    private(set) var appTransactionID: String
    var state: StoreState
    /// The records' positions by id (see `RecordIndex`).
    var recordIndex = RecordIndex()
    /// The clock's time of the command being run.
    var now: Date
    /// The instant of the event being processed (a renewal, an expiry, a grace period's end): what
    /// the store signs and notifies happens then, however late a process noticed it. nil: `now`.
    var eventInstant: Date?
    /// What the commands run since the shell last took them made.
    var effects = StoreEffects()
    /// Transactions revoked since the change began (REFUND and REVOKE notifications).
    var revokedSinceMark: [String] = []
    /// Notifications the change makes that no difference of the state tells (CONSUMPTION_REQUEST,
    /// REFUND_DECLINED, REFUND_REVERSED), in order.
    var explicitEvents: [NotificationEvent] = []
    /// Line keys those notifications cover (their line's changes are part of them).
    var quietGroups: Set<String> = []
    /// The payload each notification `makeNotification` signed was encoded from, by its UUID, until
    /// the shell logs it (`SimulatedStore.logLines`): the log keeps it as made, instead of decoding
    /// it back from the signed text.
    var signedNotificationPayloads: [String: NotificationPayload] = [:]

    /// Rules over `state`, signing with `keys`, as of `now`.
    init(catalog: StoreCatalog, bundleID: String, environment: String, appAppleID: Int64? = nil, keys: StoreSigningKeys,
         signedPayloads: SignedPayloadCache = SignedPayloadCache(), state: StoreState, now: Date) throws {
        self.signedPayloads = signedPayloads
        self.catalog = catalog
        self.bundleID = bundleID
        self.environment = environment
        self.appAppleID = appAppleID
        self.keys = keys
        // Apple's header holds `alg` and `x5c` only: no `kid` (a backend that branches on one would
        // take another path than with Apple). The `kid` headers are kept to put older records back.
        let apples = try CompactJWS.encodedHeader(kid: nil, x5c: keys.chain.x5c)
        encodedHeaders = JWSHeaders(trusted: apples, untrusted: apples,
                                    trustedWithKid: try CompactJWS.encodedHeader(kid: StoreSigningKeys.trustedKeyID, x5c: keys.chain.x5c),
                                    untrustedWithKid: try CompactJWS.encodedHeader(kid: StoreSigningKeys.untrustedKeyID, x5c: keys.chain.x5c))
        appTransactionID = Self.appTransactionID(bundleID: bundleID, keys: keys)
        self.state = state
        self.now = now
    }

    /// Whom signed data is for now.
    var identity: SigningIdentity { SigningIdentity(environment: environment, bundleID: bundleID, appAppleID: appAppleID) }

    /// Signs for `identity` from now on (another process changed the state's setup); the
    /// `appTransactionId` follows the bundle id. What was signed before stays as it was signed.
    mutating func sign(as identity: SigningIdentity) {
        if identity.bundleID != bundleID { appTransactionID = Self.appTransactionID(bundleID: identity.bundleID, keys: keys) }
        (environment, bundleID, appAppleID) = (identity.environment, identity.bundleID, identity.appAppleID)
    }

    /// The switches in force (the catalog's, or as changed at run time).
    var settings: StoreSettings { state.settings ?? catalog.settings }

    /// The `appAppleId` signed data carries: the app's Apple ID in Production; absent elsewhere,
    /// as Apple leaves it out in the sandbox ("isn't present in the sandbox environment").
    var signedAppAppleID: Int64? { environment == "Production" ? appAppleID : nil }

    /// The rate subscriptions renew at (in a `Sandbox` store, the rate Apple's sandbox renews at).
    var renewalRate: TimeRate { isSandbox ? settings.timeRate.inSandbox : settings.timeRate }

    /// Whether the store signs for Apple's sandbox, and renews as the sandbox does.
    var isSandbox: Bool { environment == "Sandbox" }

    /// The store's present: the instant of the event being processed, else the command's time.
    func storeNow() -> Date { eventInstant ?? now }

    /// Hands over what was made since the last time, and starts afresh.
    mutating func takeEffects() -> StoreEffects {
        defer { effects = StoreEffects() }
        return effects
    }

    /// The state before a change, kept to tell which notifications it makes.
    func mark() -> NotificationMark {
        NotificationMark(lines: state.lines, recordCount: state.records.count, lastProcessed: state.lastProcessed)
    }

    mutating func note(_ line: String) {
        effects.notes.append("\(ISO8601.string(storeNow())) store: \(line)")
    }

    mutating func record(_ id: String) -> TransactionRecord? {
        recordIndex.position(of: id, in: state.records).map { state.records[$0] }
    }

    func signed(_ record: TransactionRecord) -> SignedTransaction { signed(record, jws: record.jws(encodedHeaders)) }

    func signed(_ record: TransactionRecord, jws: String) -> SignedTransaction {
        SignedTransaction(id: record.payload.transactionId, originalID: record.payload.originalTransactionId,
                          productID: record.payload.productId, purchaseDate: record.payload.purchase,
                          expirationDate: record.payload.expires, jws: jws)
    }

    func update(_ reason: TransactionUpdate.Reason, _ record: TransactionRecord) -> QueuedUpdate { .record(reason, record) }

    /// Signs `payload` with the trusted key, or the untrusted one when unverified transactions are on.
    func sign(_ payload: TransactionPayload) throws -> TransactionRecord {
        let untrusted = settings.unverifiedTransactions || settings.forcedError(.verification) != nil
        let bytes = try payload.encoded()
        let jws = try signJWS(bytes, untrusted: untrusted)
        // The store's header and the payload's own encoding (`sortedKeyJSON`): the record keeps the
        // signature and the signer, as `StoredJWS` would find reading the text again.
        let signature = jws.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(jws[jws.utf8.index(after: $0)...]) } ?? jws
        // The device's check (`VerificationResult`): only the trusted key verifies.
        let record = TransactionRecord(payload: payload, signature: signature, signer: untrusted ? .untrusted : .trusted,
                                       verified: !untrusted, finished: false)
        signedPayloads.remember(record.boxedPayload, signedAs: bytes)
        return record
    }

    /// Signs JSON as the App Store does (the trusted key), or with the untrusted key a device refuses.
    func signJWS(_ payload: Data, untrusted: Bool) throws -> String {
        try CompactJWS.sign(payload: payload, key: untrusted ? keys.untrusted : keys.trusted,
                            encodedHeader: untrusted ? encodedHeaders.untrusted : encodedHeaders.trusted)
    }

    /// Re-signs the stored transaction `id` after `change` (revocation, expiry, upgrade flag).
    /// With `redeliver`, it becomes unfinished again, so a new process redelivers the change.
    mutating func amend(_ id: String, redeliver: Bool = true, _ change: (inout TransactionPayload) -> Void) throws -> TransactionRecord? {
        guard let index = recordIndex.position(of: id, in: state.records) else { return nil }
        var payload = state.records[index].payload
        let wasRevoked = payload.revocationDate != nil
        change(&payload)
        if !wasRevoked, payload.revocationDate != nil { revokedSinceMark.append(id) }
        payload.signedDate = TransactionPayload.millis(storeNow())
        var record = try sign(payload)
        record.finished = redeliver ? false : state.records[index].finished
        state.records[index] = record
        effects.changedRecords.append(id)
        return record
    }
}

/// What commands made besides the new state, for the shell to carry out: the updates the app
/// hears, log lines, and which records the repository writes.
struct StoreEffects {
    /// `Transaction.updates` for the app, in order.
    var updates: [QueuedUpdate] = []
    /// Log lines, each dated at the store's present when written.
    var notes: [String] = []
    /// Ids of records added or re-signed.
    var changedRecords: [String] = []
    /// Ids of records only marked finished.
    var finishedRecords: [String] = []
    /// Whether records were removed (removals are not journaled: the next save is a snapshot).
    var snapshotDue = false
    /// Whether the queue of updates waiting for the app is to be emptied first (the transactions were cleared).
    var clearsUpdates = false
}
