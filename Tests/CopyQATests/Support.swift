import TestSupport
import BuiltInCopy
import CopyDeck
import Foundation
import PaywallCore
import PaywallScreens
import TerminalKit
@testable import CopyQA

/// The value a `Support.onLargeStack` thread hands back (written once, read after the semaphore).
final class LargeStackResult<T>: @unchecked Sendable {
    var value: T?
}

/// Paths and small helpers shared by the CopyQA tests.
enum Support {
    static let packageRoot = TestPaths.packageRoot

    /// `Tests/Fixtures/xcstrings`: real String Catalogs from public projects (see Tests/Fixtures/SOURCES.md).
    static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures/xcstrings")

    /// The shipped deck, parsed.
    static var shipped: StringCatalog { DefaultCopyDeck.catalog ?? StringCatalog(sourceLanguage: "en") }

    /// Runs `body` on a thread with an 8 MiB stack, as the CLI's main thread has. The test runner's
    /// pool threads have small stacks, and a debug build of the page writer (large value types
    /// copied frame by frame) overflowed one under a full parallel run.
    static func onLargeStack<T>(_ body: @escaping @Sendable () -> T) -> T {
        let box = LargeStackResult<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        done.wait()
        return box.value!
    }

    /// One locale, one theme, 80x24, one offer: a quick matrix.
    static func small(_ locales: [String] = ["en"], offers: [OfferID] = [.A], sizes: [TerminalSize] = [TerminalSize(width: 80, height: 24)]) -> SweepMatrix {
        SweepMatrix(locales: locales, themes: ["dark"], sizes: sizes, offers: offers)
    }

    /// The shipped deck with `change` applied.
    static func deck(_ change: (inout StringCatalog) -> Void) -> StringCatalog {
        var catalog = shipped
        change(&catalog)
        return catalog
    }

    /// Sweeps `deck` as the default deck over `matrix`.
    static func findings(_ deck: StringCatalog, _ matrix: SweepMatrix) -> [Finding] {
        CopySweep(defaults: deck).run(matrix)
    }

    /// A temporary folder, made fresh.
    static func tempDirectory(_ name: String) -> URL {
        let url = TestPaths.scratchDirectory("copyqa-\(name)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension StringCatalog {
    /// Sets the plain value (and state) of `key` in `language`.
    mutating func set(_ key: String, _ language: String, _ value: String, state: UnitState = .translated) {
        var entry = self[key] ?? CatalogEntry()
        entry.localizations[language] = .unit(value, state: state)
        self[key] = entry
    }

    /// Removes `language` from `key`.
    mutating func drop(_ key: String, _ language: String) {
        guard var entry = self[key] else { return }
        entry.localizations[language] = nil
        self[key] = entry
    }
}
