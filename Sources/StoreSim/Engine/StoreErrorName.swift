import Foundation
import StoreKitVocabulary

extension StoreKitErrorName {
    /// Every name a simulated API may fail with (`StoreKitTestAPI.allowedErrors`).
    public static let simulated: Set<StoreKitErrorName> = Set(StoreKitTestAPI.allCases.flatMap(\.allowedErrors).map(Self.init(rawValue:)))
}

/// What a tape's `ExpectStoreError NAME` expects the store to refuse with: a StoreKit error, one of
/// the store's refusals, or both when they share the name (`ineligibleForOffer`).
public struct StoreErrorName: Hashable, Sendable, CustomStringConvertible {
    /// The StoreKit error of that name, when a simulated API can fail with it.
    public let storeKitError: StoreKitErrorName?
    /// The store's refusal of that name.
    public let refusal: StoreControlError.Refusal?

    /// The StoreKit error or refusal named `name` (case as written); nil when none is.
    public init?(_ name: String) {
        let storeKitError = StoreKitErrorName(rawValue: name)
        self.storeKitError = StoreKitErrorName.simulated.contains(storeKitError) ? storeKitError : nil
        refusal = StoreControlError.Refusal(rawValue: name)
        guard self.storeKitError != nil || refusal != nil else { return nil }
    }

    public var description: String { storeKitError?.rawValue ?? refusal?.rawValue ?? "" }
}
