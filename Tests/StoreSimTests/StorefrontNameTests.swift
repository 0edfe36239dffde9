import Foundation
import Testing
@testable import StoreSim

/// The Country or Region page names each storefront in the app's language, as iOS's Settings do:
/// CLDR's names (Foundation's ICU), kept in `storefronts.tsv` so a build never depends on the
/// ICU of the machine.
@Suite("Storefront names in the UI language")
struct StorefrontNameTests {
    @Test func namesFollowTheLanguageAndFallBackToEnglish() throws {
        let korea = try #require(Storefront(code: "KOR"))
        #expect(korea.name(inLanguageOf: "en") == "South Korea")
        #expect(korea.name(inLanguageOf: "ko") == "대한민국")
        #expect(korea.name(inLanguageOf: "ko_KR") == "대한민국")
        #expect(korea.name(inLanguageOf: "zh-Hans") == "韩国")
        #expect(korea.name(inLanguageOf: "zh_CN") == "韩国")
        // No Traditional Chinese names are kept: English, never Simplified for a Hant reader.
        #expect(korea.name(inLanguageOf: "zh-Hant") == "South Korea")
        #expect(korea.name(inLanguageOf: "zh_TW") == "South Korea")
        #expect(korea.name(inLanguageOf: "de") == "South Korea")
        #expect(try #require(Storefront(code: "CHN")).name(inLanguageOf: "ko") == "중국 본토")
    }

    /// Every row's names are what this machine's ICU says today (the file was written from it);
    /// a mismatch means the table should be written again with `Scripts/data/storefront_names.swift`.
    @Test func everyStorefrontHasItsCLDRName() {
        var differing: [String] = []
        for storefront in Storefront.all {
            guard let alpha2 = storefront.alpha2 else { differing.append("\(storefront.code): no alpha-2"); continue }
            for language in ["ko", "zh-Hans"] {
                let cldr = Locale(identifier: language).localizedString(forRegionCode: alpha2)
                if let cldr, cldr != storefront.name(inLanguageOf: language) {
                    differing.append("\(storefront.code) \(language): \(storefront.name(inLanguageOf: language)) ≠ \(cldr)")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing)")
    }
}
