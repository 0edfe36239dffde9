import Foundation
import StoreKitVocabulary

extension SimulatedStore {
    /// Moves the store to `date` (the runner sets the clock first): same as `process(now:)`.
    public func advance(to date: Date) throws { try process(now: date) }

    /// Runs renewals, billing retries and expiries due by `now`, **each at its own instant**: a
    /// renewal is signed when the period it follows ended, a grace period's end is notified when it
    /// ended, however late a process looks. Events run in order, one instant at a time, and are
    /// saved and logged in batches, so a jump over months of a fast time rate holds one batch in
    /// memory. Each renewal is a new transaction in the updates. A subscriber who lapses is sent
    /// the win-back message when the group has win-back offers.
    public func process(now: Date) throws {
        // Nothing saved by another process and nothing due: the locked pass below would only move
        // the processed time, so move it without taking the lock (the session asks after every step).
        if !hasUnsavedRecords, rules.nothingFallsDue(by: now), !repository.changedOnDisk() {
            state.lastProcessed = max(state.lastProcessed ?? now, now)
            return
        }
        try processLocked(now: now)
    }

    /// The pass of `process(now:)` that holds the lock: what other processes saved folded in, then
    /// every event due by `now` (tests run it alone to compare with the pass that skips the lock).
    func processLocked(now: Date) throws {
        try exclusive(notifies: false) {
            let lines = state.lines
            let messages = state.messages
            var batch: [ServerNotification] = []
            var previous: (instant: Date, lines: [String: SubscriptionLine])?
            while let instant = rules.nextDueInstant(by: now) {
                // A step that changed nothing would be found due again: stop rather than spin.
                if let previous, previous.instant == instant, previous.lines == state.lines { break }
                previous = (instant, state.lines)
                batch += try rules.step(at: instant)
                absorbEffects()
                if batch.count >= Self.eventsPerBatch || repository.changedCount >= Self.eventsPerBatch { try flush(&batch) }
            }
            // What falls due at no instant of its own (a win-back for a subscription that ended
            // before) and the processed time: one last step at `now`.
            batch += try rules.step(at: now)
            absorbEffects()
            if state.lines == lines, state.messages == messages, !hasUnsavedRecords, batch.isEmpty { return }
            try flush(&batch)
        }
    }

    /// About how many renewals catching up to `now` runs: for every subscription that renews, one
    /// per period since its expiry, up to the sandbox's limit in a `Sandbox` store (an estimate: a
    /// renewal that fails for billing counts too).
    public func renewalsDue(by now: Date) -> Int { rules.renewalsDue(by: now) }

    /// Notifications and changed records kept in memory before they are written during a jump: a
    /// notification's signed payload holds three JWS, so a batch is what a jump holds beside the state.
    static let eventsPerBatch = 64

    /// Saves the ledger, then logs `batch` (the order a change's own save and log keep).
    private func flush(_ batch: inout [ServerNotification]) throws {
        if hasUnsavedRecords || state.lastProcessed != repository.savedLastProcessed { try save() }
        guard !batch.isEmpty else { return }
        try notificationLog.append(logLines(batch))
        for n in batch { note("notification \(n.notificationType)\(n.subtype.map { "/\($0)" } ?? "")") }
        batch.removeAll(keepingCapacity: true)
    }
}
