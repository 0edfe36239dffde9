// libFuzzer harness: String Catalogs (CopyDeck.StringCatalog). A refusal must be a CatalogError naming the file.
import CopyDeck
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let catalog = try StringCatalog.decode(data, origin: "fuzz.xcstrings")
        _ = CopyDeck(catalog).resolve("paywall.title", locale: "en", [3])
    } catch {
        if error.file != "fuzz.xcstrings" { fatalError("refusal without the file: \(error)") }
    }
    return 0
}
