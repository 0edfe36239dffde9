// libFuzzer harness: Xcode .storekit files (the StoreSim catalog loader). A refusal must say where and why.
import Foundation
import StoreSim

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let catalog = try StoreKitConfigurationLoader.decode(data, origin: "fuzz.storekit")
        for product in catalog.products { _ = product.price(in: "USA"); _ = product.displayName(for: "en") }
    } catch {
        if error.description.isEmpty { fatalError("refusal without words") }
    }
    return 0
}
