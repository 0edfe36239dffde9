// store-worker STATE_DIR COUNT SEED
//
// Opens the store and backend in STATE_DIR, first drains redelivered unfinished transactions
// (post to the backend, then finish), then runs COUNT seeded steps: purchases, renewals and
// restores. After each durable step it prints one line, written straight to fd 1:
//   purchased ID   the store's ledger holds the transaction
//   granted ID     the backend's ledger holds it (verified)
//   finished ID    the store's ledger marks it finished (written, so a kill keeps it; its fsync
//                  is group-committed, see SimulatedStore.finish)
// The kill tests SIGKILL it at random instants and check these acknowledgements.
import Foundation
import PaywallFoundation
import PaywallCore
import StoreSim
import TeamServer
#if canImport(Glibc)
import Glibc
#endif

func say(_ line: String) {
    let data = Array((line + "\n").utf8)
    data.withUnsafeBufferPointer { buffer in _ = write(1, buffer.baseAddress, buffer.count) }
}

func fail(_ message: String) -> Never {
    say("error: \(message)")
    FileHandle.standardError.write(Data(utf8: "store-worker: \(message)\n"))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[2]), let seed = UInt64(arguments[3]) else {
    fail("usage: store-worker STATE_DIR COUNT SEED")
}
let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
let catalog = WorkerCatalog.catalog
let start = Date(timeIntervalSince1970: 1_780_000_000)

do {
    let clock = ManualClock(start)
    let store = try SimulatedStore(catalog: catalog, stateDirectory: directory, clock: clock, seed: 7,
                                   bundleID: WorkerCatalog.bundleID)
    if let last = store.lastProcessed, last > start { clock.set(last) }
    let backend = try VerificationBackend(stateDirectory: directory, verifier: store.signedDataVerifier,
                                          bundleID: WorkerCatalog.bundleID, userAppAccountToken: WorkerCatalog.user, clock: clock)

    func deliver(_ updates: [TransactionUpdate], offerID: String) throws {
        for update in updates {
            guard let transaction = update.transaction else { continue }
            let source: Entitlement.Source = update.reason == .restore ? .restore : .purchase
            switch backend.post(jws: transaction.jws, appAccountToken: WorkerCatalog.user, offerID: offerID, source: source) {
            case .verified: say("granted \(transaction.id)")
            case let .rejected(reason), let .unavailable(reason): fail("backend refused \(transaction.id): \(reason)")
            }
            if store.unfinishedTransactions.contains(where: { $0.id == transaction.id }) {
                try store.finish(transactionID: transaction.id)
                say("finished \(transaction.id)")
            }
        }
    }

    try deliver(store.takeUpdates(), offerID: "update")
    var rng = SeededGenerator(seed: seed)
    for _ in 0..<count {
        switch rng.next() % 4 {
        case 0, 1:
            let ids = ["coins_100", "coins_100", "weekly_9_99", "yearly_59_99", "lifetime"]
            let productID = ids[Int(rng.next() % UInt64(ids.count))]
            let result = store.purchase(productID: productID, options: StorePurchaseOptions(appAccountToken: WorkerCatalog.user))
            guard case let .success(transaction, _) = result else { fail("purchase \(productID): \(result)") }
            say("purchased \(transaction.id)")
            switch backend.post(jws: transaction.jws, appAccountToken: WorkerCatalog.user, offerID: "A") {
            case .verified: say("granted \(transaction.id)")
            case let .rejected(reason), let .unavailable(reason): fail("backend refused \(transaction.id): \(reason)")
            }
            if store.unfinishedTransactions.contains(where: { $0.id == transaction.id }) {
                try store.finish(transactionID: transaction.id)
                say("finished \(transaction.id)")
            }
            try deliver(store.takeUpdates(), offerID: "update")
        case 2:
            clock.advance(by: Double(1 + rng.next() % 3) * 86_400)
            try store.process(now: clock.now())
            say("processed \(Int(clock.now().timeIntervalSince1970))")
            try deliver(store.takeUpdates(), offerID: "update")
        default:
            _ = store.sync()
            try deliver(store.takeUpdates(), offerID: "restore")
            say("synced")
        }
    }
    say("done")
} catch {
    fail("\(error)")
}
