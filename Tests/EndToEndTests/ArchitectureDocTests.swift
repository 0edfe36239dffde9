import Foundation
import Testing
import TestSupport

/// Reads the targets of `Package.swift` and their dependencies on other targets of the package.
enum PackageTargets {
    /// (target, its dependencies on the package's own targets) in the order `Package.swift` declares
    /// them: every `.target`, `.executableTarget` and `.systemLibrary`; test targets and external
    /// products (`.product(…)`) left out.
    static func read(_ manifest: String) -> [(name: String, dependencies: [String])] {
        var found: [(name: String, dependencies: [String])] = []
        let text = Array(manifest.utf8)
        let kinds = [".target(", ".executableTarget(", ".systemLibrary("].map { Array($0.utf8) }
        var index = 0
        while index < text.count {
            guard let kind = kinds.first(where: { text[index...].starts(with: $0) }) else { index += 1; continue }
            let open = index + kind.count - 1
            let close = matching(text, open)
            let body = String(decoding: text[(open + 1)..<close], as: UTF8.self)
            if let name = firstString(in: body, after: "name:") {
                found.append((name, dependencyList(in: body).map(quotedNames) ?? []))
            }
            index = close + 1
        }
        let names = Set(found.map(\.name))
        return found.map { ($0.name, $0.dependencies.filter(names.contains)) }
    }

    /// The index of the bracket closing the one at `open`, skipping string literals.
    private static func matching(_ text: [UInt8], _ open: Int) -> Int {
        let opening = text[open], closing: UInt8 = opening == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "]")
        var depth = 0, index = open, inString = false
        while index < text.count {
            let c = text[index]
            if c == UInt8(ascii: "\"") { inString.toggle() } else if !inString {
                if c == opening { depth += 1 } else if c == closing { depth -= 1; if depth == 0 { return index } }
            }
            index += 1
        }
        return text.count - 1
    }

    private static func firstString(in body: String, after label: String) -> String? {
        guard let range = body.range(of: label) else { return nil }
        let rest = body[range.upperBound...]
        guard let start = rest.firstIndex(of: "\"") else { return nil }
        let afterQuote = rest.index(after: start)
        guard let end = rest[afterQuote...].firstIndex(of: "\"") else { return nil }
        return String(rest[afterQuote..<end])
    }

    /// The `dependencies: [ … ]` list of a target's body with every `.product(…)` removed.
    private static func dependencyList(in body: String) -> String? {
        guard let range = body.range(of: "dependencies: [") else { return nil }
        let text = Array(body.utf8)
        let open = body.utf8.distance(from: body.utf8.startIndex, to: range.upperBound.samePosition(in: body.utf8)!) - 1
        var list = String(decoding: text[(open + 1)..<matching(text, open)], as: UTF8.self)
        while let product = list.range(of: ".product(") {
            let bytes = Array(list.utf8)
            let start = list.utf8.distance(from: list.utf8.startIndex, to: product.lowerBound.samePosition(in: list.utf8)!)
            let end = matching(bytes, start + ".product".utf8.count)
            list = String(decoding: bytes[..<start] + bytes[(end + 1)...], as: UTF8.self)
        }
        return list
    }

    private static func quotedNames(in list: String) -> [String] {
        list.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}

/// The module graph in docs/development/architecture.md is the one Package.swift declares.
@Suite("Architecture page")
struct ArchitectureDocTests {
    @Test func moduleGraphMatchesPackageSwift() throws {
        let root = TestPaths.packageRoot
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let page = try String(contentsOf: root.appendingPathComponent("docs/development/architecture.md"), encoding: .utf8)
        let declared = PackageTargets.read(manifest).map { $0.dependencies.isEmpty ? $0.name : "\($0.name) → \($0.dependencies.joined(separator: ", "))" }
        #expect(declared.count > 20, "Package.swift's targets were not read: \(declared)")
        let lines = page.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "```modules"), "architecture.md has no ```modules block")
        let end = try #require(lines[(start + 1)...].firstIndex(of: "```"))
        let drawn = Array(lines[(start + 1)..<end])
        #expect(drawn == declared, """
            docs/development/architecture.md's module graph differs from Package.swift; write it as:
            \(declared.joined(separator: "\n"))
            """)
    }

    @Test func readsTargetsAndLeavesProductsAndTestsOut() {
        let manifest = """
        targets: [
            .target(name: "A"),
            .target(name: "B", dependencies: ["A", .product(name: "Crypto", package: "swift-crypto")]),
            .systemLibrary(name: "C", pkgConfig: "c"),
            .executableTarget(name: "tool", dependencies: [
                "B", "C",
            ]),
            .testTarget(name: "BTests", dependencies: ["B"]),
        ]
        """
        let read = PackageTargets.read(manifest)
        #expect(read.map(\.name) == ["A", "B", "C", "tool"])
        #expect(read.map(\.dependencies) == [[], ["A"], [], ["B", "C"]])
    }

    @Test func developmentPagesStayShort() throws {
        for page in ["docs/development/architecture.md", "docs/development/performance.md"] {
            let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(page), encoding: .utf8)
            #expect(text.components(separatedBy: "\n").count < 300, "\(page) is a page of the current state, under 300 lines")
        }
    }

    /// performance.md explains every budget `paywall-bench --check` has, by its figure's name, and
    /// no budget is a time (the bench's `Budget.Measure` has no unit of time; this reads its source).
    @Test func everyBudgetIsExplainedAndNoneIsATime() throws {
        let root = TestPaths.packageRoot
        let budgets = try String(contentsOf: root.appendingPathComponent("Sources/paywall-bench/Budgets.swift"), encoding: .utf8)
        let page = try String(contentsOf: root.appendingPathComponent("docs/development/performance.md"), encoding: .utf8)
        let figures = budgets.components(separatedBy: "figure: \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        #expect(figures.count >= 25, "Budgets.swift lists its budgets as Budget(figure: …)")
        for figure in figures {
            #expect(page.contains("`\(figure)`"), "docs/development/performance.md explains the budget \(figure)")
        }
        let measures = budgets.components(separatedBy: "measure: .").dropFirst().compactMap { $0.prefix(while: \.isLetter) }
        #expect(measures.count == figures.count)
        for measure in Set(measures) {
            #expect(["instructions", "ratio", "bytes", "mebibytes", "count"].contains(String(measure)), "a budget measured in \(measure)")
        }
    }
}
