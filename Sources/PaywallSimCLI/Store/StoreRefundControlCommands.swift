import ArgumentParser
import Foundation
import StoreSim

/// `store refund-request [TRANSACTION|PRODUCT] [--reason REASON]`: the app's refund request sheet.
struct StoreRefundRequestCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "refund-request",
        abstract: "Ask for a refund from the app's refund request sheet (beginRefundRequest). Xcode approves it at once, the sandbox as store sandbox-refunds says, Production waits for store approve-refund or decline-refund. A second request is duplicateRequest.")
    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("A transaction id or product id; default: the latest not revoked.", valueName: "TRANSACTION|PRODUCT"))
    var transaction: StoreTarget.Transaction?
    @Option(name: .long, help: ArgumentHelp("The customer's reason, as CONSUMPTION_REQUEST's consumptionRequestReason carries it.", valueName: "REASON"))
    var reason: RefundRequestReason?

    var command: StoreSim.StoreCommand { .refundRequest(transaction, reason: reason) }
}

/// `store approve-refund [TRANSACTION|PRODUCT]`: Apple approves a waiting refund request.
struct StoreApproveRefundCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve-refund",
        abstract: "Approve a refund request waiting for Apple (Production; default: the oldest): the transaction is refunded (REFUND).")
    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("The transaction id or product of the request.", valueName: "TRANSACTION|PRODUCT"))
    var target: StoreTarget.Transaction?

    var command: StoreSim.StoreCommand { .approveRefund(target) }
}

/// `store decline-refund [TRANSACTION|PRODUCT]`: Apple declines a waiting refund request.
struct StoreDeclineRefundCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "decline-refund",
        abstract: "Decline a refund request waiting for Apple (Production; default: the oldest): nothing is refunded (REFUND_DECLINED).")
    static let reportsChanges = false

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("The transaction id or product of the request.", valueName: "TRANSACTION|PRODUCT"))
    var target: StoreTarget.Transaction?

    var command: StoreSim.StoreCommand { .declineRefund(target) }
}

/// `store reverse-refund [TRANSACTION|PRODUCT]`: Apple reverses a refund it granted.
struct StoreReverseRefundCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "reverse-refund",
        abstract: "Reverse a refund (a dispute the customer raised; default: the latest refunded transaction): it is no longer revoked and its entitlement is back (REFUND_REVERSED).")
    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("A refunded transaction id or its product.", valueName: "TRANSACTION|PRODUCT"))
    var target: StoreTarget.Transaction?

    var command: StoreSim.StoreCommand { .reverseRefund(target) }
}

/// `store consumption [TRANSACTION|PRODUCT] DELIVERY …`: the team's server answers a CONSUMPTION_REQUEST.
struct StoreConsumptionCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "consumption",
        abstract: "Answer the App Store's CONSUMPTION_REQUEST as the team's server does (Send Consumption Information): kept on the refund request (store transactions shows it); the decision stays Apple's.",
        discussion: "--delivery STATUS (Apple's deliveryStatus; DELIVERED when not given), and optionally --consumed PERCENT (45.2), --prefer DECLINE|GRANT_FULL|GRANT_PRORATED and --sample. "
            + "Apple's rules: with GRANT_PRORATED an auto-renewable subscription sends no --consumed (the App Store calculates it), any other product one above 0. "
            + "The same answer through serve is PUT /inApps/v2/transactions/consumption/{transactionId}.")
    static let reportsChanges = false

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("The transaction id or product of the refund request; default: the newest waiting (else the newest).", valueName: "TRANSACTION|PRODUCT"))
    var target: StoreTarget.Transaction?
    @Option(name: .customLong("delivery"), help: ArgumentHelp("deliveryStatus: whether the app delivered a purchase that works.", valueName: "STATUS"))
    var delivery: ConsumptionInformation.DeliveryStatus = .delivered
    @Option(name: .customLong("consumed"), help: ArgumentHelp("consumptionPercentage: the share consumed, in percent (0 to 100, three decimals at most).", valueName: "PERCENT"))
    var consumed: String?
    @Option(name: .customLong("prefer"), help: ArgumentHelp("refundPreference: the outcome the team prefers.", valueName: "PREFERENCE"))
    var preference: ConsumptionInformation.RefundPreference?
    @Flag(name: .customLong("sample"), help: "sampleContentProvided: a free sample, trial or description was offered before the purchase.")
    var sample = false

    func validate() throws {
        if let consumed, ConsumptionInformation.milliunits(percent: consumed) == nil {
            throw ValidationError("--consumed \(consumed): expected a percentage from 0 to 100 such as 45.2")
        }
    }

    var command: StoreSim.StoreCommand {
        .consumption(target, ConsumptionInformation(deliveryStatus: delivery, consumptionPercentage: consumed.flatMap { ConsumptionInformation.milliunits(percent: $0) },
                                                    refundPreference: preference, sampleContentProvided: sample))
    }
}

/// `store sandbox-refunds approve|decline`: how the sandbox answers refund requests.
struct StoreSandboxRefundsCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox-refunds",
        abstract: "Set how a Sandbox state answers refund requests, at once, from now on: approve (REFUND, the default) or decline (REFUND_DECLINED); kept in the state.")
    static let reportsChanges = false

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("approve or decline.", valueName: "approve|decline"))
    var answer: SandboxRefundAnswer

    var command: StoreSim.StoreCommand { .sandboxRefunds(answer) }
}

/// `store remove-from-sale PRODUCT`: App Store Connect's "Remove from Sale".
struct StoreRemoveFromSaleCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-from-sale",
        abstract: "Take a product off sale: it is not sold (productUnavailable) and its subscribers expire at the end of their period (EXPIRED / PRODUCT_NOT_FOR_SALE, expiration intent 4).")

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("The product id.", valueName: "PRODUCT"))
    var product: StoreTarget.Product

    var command: StoreSim.StoreCommand { .removeFromSale(product) }
}

/// `store on-sale PRODUCT`: the product is sold again.
struct StoreOnSaleCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "on-sale", abstract: "Put a product taken off sale back on sale.")
    static let reportsChanges = false

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("The product id.", valueName: "PRODUCT"))
    var product: StoreTarget.Product

    var command: StoreSim.StoreCommand { .onSale(product) }
}
