import TestSupport
import Foundation
@testable import CopyDeck

/// Paths to the fixture catalogs and small helpers for tests.
enum Fixtures {
    /// `<package>/Tests/Fixtures/xcstrings`, found from this file's path.
    static let directory: URL = TestPaths.fixtures.appendingPathComponent("xcstrings")

    static func url(_ prefix: String) throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        guard let name = names.sorted().first(where: { $0.hasPrefix(prefix) }) else {
            throw CatalogError(file: directory.path, message: "no fixture starting with \(prefix)")
        }
        return directory.appendingPathComponent(name)
    }

    static func catalog(_ prefix: String) throws -> StringCatalog {
        try StringCatalog.load(contentsOf: url(prefix))
    }

    static func allURLs() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".xcstrings") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// Decodes catalog JSON written inline in a test.
    static func decode(_ json: String, origin: String = "test.xcstrings") throws(CatalogError) -> StringCatalog {
        try StringCatalog.decode(Data(json.utf8), origin: origin)
    }
}
