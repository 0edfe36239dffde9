import Foundation

/// Where a subscription's line is kept. A customer may hold two subscriptions in one group, as
/// Apple's `Product.SubscriptionInfo.status` (an array) has them: their own, keyed by the group,
/// and one a family member shares with them, keyed by `familyLineKey(group)`.
extension StoreState {
    /// The key of a group's family-shared line, beside the customer's own (keyed by the group).
    static func familyLineKey(_ groupID: String) -> String { groupID + "\u{1F}family" }

    /// The key of the line `payload` belongs to: the group's family-shared line for a family-shared
    /// transaction of that subscription, else the group's own (nil: not a subscription).
    func lineKey(for payload: TransactionPayload) -> String? {
        guard let group = payload.subscriptionGroupIdentifier else { return nil }
        let family = Self.familyLineKey(group)
        if payload.inAppOwnershipType == "FAMILY_SHARED", lines[family]?.originalTransactionID == payload.originalTransactionId {
            return family
        }
        return group
    }

    /// The keys of `groupID`'s lines that exist: the customer's own first, then the family-shared one.
    func lineKeys(of groupID: String) -> [String] {
        [groupID, Self.familyLineKey(groupID)].filter { lines[$0] != nil }
    }

    /// The line a control of `groupID` acts on (`expire`, `renew`, auto-renew, billing): the
    /// customer's own, else the family-shared one.
    func controlledLineKey(_ groupID: String) -> String {
        lineKeys(of: groupID).first ?? groupID
    }
}
