import ArgumentParser
import Foundation
import StoreSim

/// `store approve [REQUEST|PRODUCT]`: approves an Ask to Buy request.
struct StoreApproveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Approve an Ask to Buy request (default: the oldest). The app gets the purchase at its next launch.")

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("A request id or product id; default: the oldest pending request.", valueName: "REQUEST|PRODUCT"))
    var target: String?

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            let request = try StoreTargets.askToBuyRequest(target, in: store)
            try store.approveAskToBuy(requestID: request.requestID)
            return ControlReport(action: "approve", now: workspace.clock.now(),
                                 summary: ["Approved Ask to Buy request \(request.requestID) for \(request.productID)."],
                                 updates: store.takeUpdates())
        }
    }
}

/// `store decline [REQUEST|PRODUCT]`: declines an Ask to Buy request.
struct StoreDeclineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decline",
        abstract: "Decline an Ask to Buy request (default: the oldest). No transaction is made.")

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("A request id or product id; default: the oldest pending request.", valueName: "REQUEST|PRODUCT"))
    var target: String?

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            let request = try StoreTargets.askToBuyRequest(target, in: store)
            try store.declineAskToBuy(requestID: request.requestID)
            return ControlReport(action: "decline", now: workspace.clock.now(),
                                 summary: ["Declined Ask to Buy request \(request.requestID) for \(request.productID)."],
                                 updates: store.takeUpdates(),
                                 note: "The request is gone; the app's purchase stays pending until it checks again.")
        }
    }
}

/// `store expire [PRODUCT|GROUP]`: expires a subscription now.
struct StoreExpireCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expire",
        abstract: "Expire a subscription now, auto-renew off (default: the latest subscription's group). Seen by the app at its next launch.")

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("A subscription product or group id.", valueName: "PRODUCT|GROUP"))
    var target: String?

    func run() throws {
        try StoreRunner.groupControl(options, target: target, action: "expire", verb: "Expired") { store, group in
            try store.expireSubscription(groupID: group)
        }
    }
}

/// `store renew [PRODUCT|GROUP]`: forces a renewal now.
struct StoreRenewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "renew",
        abstract: "Renew a subscription now, a new transaction (default: the latest subscription's group). Seen by the app at its next launch.")

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("A subscription product or group id.", valueName: "PRODUCT|GROUP"))
    var target: String?

    func run() throws {
        try StoreRunner.groupControl(options, target: target, action: "renew", verb: "Renewed") { store, group in
            try store.forceRenewal(groupID: group)
        }
    }
}

/// `store refund [TRANSACTION|PRODUCT]`: revokes a transaction.
struct StoreRefundCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refund",
        abstract: "Refund (revoke) a transaction (default: the latest one not revoked); its entitlement ends. Seen by the app at its next launch.")

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("A transaction id or product id.", valueName: "TRANSACTION|PRODUCT"))
    var target: String?

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            let transaction = try StoreTargets.refundable(target, in: store)
            let before = EntitlementsReport.statuses(store)
            try store.refund(transactionID: transaction.id)
            return ControlReport(action: "refund", now: workspace.clock.now(),
                                 summary: ["Refunded transaction \(transaction.id) (\(transaction.productID))."],
                                 updates: store.takeUpdates(),
                                 changes: ControlReport.changes(from: before, to: EntitlementsReport.statuses(store)))
        }
    }
}

/// `store buy PRODUCT`: a purchase made outside the app (another device, a code).
struct StoreBuyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buy",
        abstract: "Buy a product outside the app (another device); the app gets it as an update at its next launch.")

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("The product id.", valueName: "PRODUCT"))
    var product: String

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            try StoreTargets.requireProduct(product, in: store.catalog)
            let before = EntitlementsReport.statuses(store)
            let transaction = try store.buyOutsideApp(productID: product)
            return ControlReport(action: "buy", now: workspace.clock.now(),
                                 summary: ["Bought \(product) outside the app: transaction \(transaction.id)."],
                                 updates: store.takeUpdates(),
                                 changes: ControlReport.changes(from: before, to: EntitlementsReport.statuses(store)))
        }
    }
}

extension StoreRunner {
    /// Runs `control` on one subscription group (`target`, or the latest subscription's) and reports
    /// the updates it queued and the status changes it made.
    static func groupControl(_ options: StoreOptions, target: String?, action: String, verb: String,
                             _ control: (SimulatedStore, String) throws -> Void) throws {
        try run(options) { workspace in
            let store = try workspace.openStore()
            let group = try StoreTargets.group(target, in: store)
            let before = EntitlementsReport.statuses(store)
            try control(store, group)
            return ControlReport(action: action, now: workspace.clock.now(), summary: ["\(verb) the subscription in group \(group)."],
                                 updates: store.takeUpdates(),
                                 changes: ControlReport.changes(from: before, to: EntitlementsReport.statuses(store)))
        }
    }
}
