// libFuzzer harness: theme files (TerminalKit.ThemeParser). A refusal must be a ThemeError with a place.
import Foundation
import TerminalKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    do {
        let theme = try ThemeParser.parse(text, file: "fuzz.theme")
        for role in StyleRole.allCases { _ = theme.resolve(TextStyle(role), depth: .full256); _ = theme.resolve(TextStyle(role), depth: .none) }
    } catch let error as ThemeError {
        if error.line < 1 || error.column < 1 || error.message.isEmpty { fatalError("refusal without a place: \(error)") }
    } catch {
        fatalError("not a ThemeError: \(error)")
    }
    return 0
}
