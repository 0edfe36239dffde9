// libFuzzer harness: remote-config JSON (PaywallCore.RemoteConfig). A refusal must be a RemoteConfigError with words.
import Foundation
import PaywallCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let config = try RemoteConfig.decode(from: data, path: "fuzz.json")
        if config.offer(config.defaultOffer) == nil { fatalError("accepted a config whose default offer is missing") }
    } catch let error as RemoteConfigError {
        if error.message.isEmpty { fatalError("refusal without words") }
    } catch {
        fatalError("not a RemoteConfigError: \(error)")
    }
    return 0
}
