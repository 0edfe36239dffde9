// The flow's public API speaks the store's vocabulary (a plan's trial terms and period, a signed
// transaction, an entitlement, the clock): whoever imports PaywallCore sees those words too.
@_exported import StoreKitVocabulary
