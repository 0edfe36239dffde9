import Testing
@testable import CopyDeck

@Suite("printf-style formatting as String Catalogs use it")
struct FormattingTests {
    struct Case: Sendable, CustomStringConvertible {
        let format: String
        let args: [CopyArgument]
        let expected: String
        var description: String { "\(format) → \(expected)" }
    }

    static let table: [Case] = [
        Case(format: "%@ / month", args: ["$4.99"], expected: "$4.99 / month"),
        Case(format: "%lld messages left", args: [7], expected: "7 messages left"),
        Case(format: "%ld of %d", args: [3, 10], expected: "3 of 10"),
        Case(format: "%d%%", args: [40], expected: "40%"),
        Case(format: "Save %d%% today", args: [40], expected: "Save 40% today"),
        Case(format: "%f", args: [1.5], expected: "1.500000"),
        Case(format: "%.2f / week", args: [0.9615], expected: "0.96 / week"),
        Case(format: "%.1f", args: [2], expected: "2.0"),
        Case(format: "%1$@ (%2$lld)", args: ["Pro", 3], expected: "Pro (3)"),
        Case(format: "%2$@ %1$@", args: ["world", "hello"], expected: "hello world"),
        Case(format: "%2$lld × %1$@", args: ["Pro", 2], expected: "2 × Pro"),
        Case(format: "%1$@ then %1$@", args: ["again"], expected: "again then again"),
        Case(format: "%@", args: [12], expected: "12"),
        Case(format: "%@", args: [2.0], expected: "2"),
        Case(format: "%lld", args: ["42"], expected: "42"),
        Case(format: "%5d|%-5d|%05d", args: [42, 42, 42], expected: "   42|42   |00042"),
        Case(format: "%x", args: [255], expected: "ff"),
        Case(format: "%c", args: [65], expected: "A"),
        Case(format: "%s and %.3s", args: ["cat", "dogma"], expected: "cat and dog"),
        Case(format: "~80% off", args: [], expected: "~80% off"),
        Case(format: "50%% off", args: [], expected: "50%% off"),
        Case(format: "no placeholders", args: ["ignored"], expected: "no placeholders"),
        Case(format: "유료 %@ · 매월", args: ["₩12,000"], expected: "유료 ₩12,000 · 매월"),
    ]

    @Test("the formatting table", arguments: table)
    func formats(_ item: Case) {
        let rendered = CopyFormatter(locale: "en").format(item.format, item.args)
        #expect(rendered.text == item.expected)
        #expect(rendered.problems.isEmpty)
    }

    @Test("too few arguments leave the placeholder visible and report it")
    func missingArguments() {
        let rendered = CopyFormatter(locale: "en").format("%1$@ costs %2$@", ["Pro"])
        #expect(rendered.text == "Pro costs %2$@")
        #expect(rendered.problems == [.missingArgument(specifier: "%2$@", index: 2)])
        let none = CopyFormatter(locale: "en").format("%@ / month", [])
        #expect(none.text == "%@ / month")
        #expect(none.problems == [.missingArgument(specifier: "%@", index: 1)])
    }

    @Test("unknown specifiers stay visible and are reported")
    func unknownSpecifier() {
        let rendered = CopyFormatter(locale: "en").format("%k and %@ and %*d and %", ["x", 3])
        #expect(rendered.text == "%k and x and %*d and %")
        #expect(rendered.problems == [.unknownSpecifier("%k"), .unknownSpecifier("%*d"), .unknownSpecifier("%")])
    }

    @Test("absurd widths and precisions are refused, not allocated")
    func absurdWidths() {
        for format in ["%999999999d", "%.99999999999999999999f", "%99999999999999999999999@"] {
            let rendered = CopyFormatter(locale: "en").format(format, [1])
            #expect(rendered.text == format)
            #expect(rendered.problems == [.unknownSpecifier(format)])
        }
        #expect(CopyFormatter(locale: "en").format("%256d|", [1]).text.count == 257)
    }

    @Test("an argument of the wrong type is shown as text and reported")
    func typeMismatch() {
        let rendered = CopyFormatter(locale: "en").format("%lld days", ["many"])
        #expect(rendered.text == "many days")
        #expect(rendered.problems == [.argumentTypeMismatch(specifier: "%lld", index: 1, argument: "many")])
        let fraction = CopyFormatter(locale: "en").format("%d", [1.5])
        #expect(fraction.problems.count == 1)
    }

    @Test("specifier parsing: kinds, positions, sequential indexes")
    func parsing() {
        let specs = FormatSpecifier.parse("%1$@ (%2$lld) %@ %.2f %% %#@count@")
        #expect(specs.map(\.text) == ["%1$@", "%2$lld", "%@", "%.2f", "%#@count@"])
        #expect(specs.map(\.kind) == [.object, .integer, .object, .double, .substitution("count")])
        #expect(specs.map(\.position) == [1, 2, nil, nil, nil])
        #expect(specs.map(\.argumentIndex) == [1, 2, 1, 2, 3])
        #expect(specs[3].precision == 2)
        #expect(specs[1].length == "ll")
    }

    @Test("substitutions pick their own plural form")
    func substitutions() {
        let forms = Variations(plural: [.one: .unit("%arg day"), .other: .unit("%arg days")])
        let localization = Localization(stringUnit: StringUnit(value: "%#@days@ left for %@"),
                                        substitutions: ["days": Substitution(argNum: 1, formatSpecifier: "lld", variations: forms)])
        let formatter = CopyFormatter(locale: "en")
        #expect(formatter.render(localization, language: "en", [1, "Pro"]).text == "1 day left for Pro")
        #expect(formatter.render(localization, language: "en", [5, "Pro"]).text == "5 days left for Pro")
        let unknown = Localization(stringUnit: StringUnit(value: "%#@nope@"))
        let rendered = formatter.render(unknown, language: "en", [1])
        #expect(rendered.text == "%#@nope@")
        #expect(rendered.problems == [.unknownSubstitution("nope")])
    }

    /// The simulated app is an iPhone app: iOS shows the iPhone's form when there is one, else `other`.
    @Test("device variations pick iphone, then other")
    func deviceVariations() {
        let localization = Localization(variations: Variations(device: [
            "iphone": .unit("Tap to continue"), "other": .unit("Press Enter to continue"), "mac": .unit("Click to continue"),
        ]))
        #expect(CopyFormatter(locale: "en").render(localization, language: "en", []).text == "Tap to continue")
        let noPhone = Localization(variations: Variations(device: [
            "ipad": .unit("Tap on your iPad"), "other": .unit("Press Enter to continue"), "mac": .unit("Click to continue"),
        ]))
        #expect(CopyFormatter(locale: "en").render(noPhone, language: "en", []).text == "Press Enter to continue", "no iphone form: other, never mac or ipad")
        let neither = Localization(variations: Variations(device: ["mac": .unit("Click"), "ipad": .unit("Tap")]))
        #expect(CopyFormatter(locale: "en").render(neither, language: "en", []).text == "Tap", "neither: the first device by name")
    }

    /// Screens show whole numbers as SwiftUI's Text does (grouped by the locale); String(format:)
    /// and so lint, diffs and exports keep them plain.
    @Test func wholeNumbersAreGroupedOnlyWhenAsked() {
        #expect(CopyFormatter(locale: "en").format("%lld ratings", [12_480]).text == "12480 ratings")
        #expect(CopyFormatter(locale: "en", groupsWholeNumbers: true).format("%lld ratings", [12_480]).text == "12,480 ratings")
        #expect(CopyFormatter(locale: "en", groupsWholeNumbers: true).format("%d of %d", [7, 1_000_000]).text == "7 of 1,000,000")
        #expect(CopyFormatter(locale: "de", groupsWholeNumbers: true).format("%lld Bewertungen", [12_480]).text == "12.480 Bewertungen")
        #expect(CopyFormatter(locale: "en", groupsWholeNumbers: true).format("%lld", [-1_234]).text == "-1,234")
        #expect(CopyFormatter(locale: "en", groupsWholeNumbers: true).format("%05d", [1_234]).text == "01234", "a width or flag is String(format:)'s")
    }
}
