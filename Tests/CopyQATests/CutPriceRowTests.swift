import CopyQA
import Foundation
import Testing
import TerminalKit

/// A price row cut after its price (`US$199.00 一次性…` on a narrow card) still shows the whole
/// price: the cut is one "cut off" finding, never also "the price … is not visible" (3.1.2).
@Suite("copy check: a price row cut after the price")
struct CutPriceRowTests {
    /// Four one-time unlocks on the US storefront, named in Chinese: offer B's cards at 100×30 cut
    /// each "US$… 一次性买断" row after its price.
    static let catalog = """
    {"products":[
    {"displayPrice":"199.00","familyShareable":false,"internalID":"1","localizations":[{"description":"x","displayName":"终身会员","locale":"zh_Hans"}],"productID":"lifetime_199","referenceName":"lifetime","type":"NonConsumable"},
    {"displayPrice":"99.00","familyShareable":false,"internalID":"2","localizations":[{"description":"x","displayName":"专业工具包","locale":"zh_Hans"}],"productID":"pro_pack_99","referenceName":"pro","type":"NonConsumable"},
    {"displayPrice":"49.00","familyShareable":false,"internalID":"3","localizations":[{"description":"x","displayName":"主题包","locale":"zh_Hans"}],"productID":"themes_49","referenceName":"themes","type":"NonConsumable"},
    {"displayPrice":"29.00","familyShareable":false,"internalID":"4","localizations":[{"description":"x","displayName":"字体包","locale":"zh_Hans"}],"productID":"fonts_29","referenceName":"fonts","type":"NonConsumable"}
    ],"settings":{"_storefront":"USA"},"version":{"major":4,"minor":0}}
    """

    @Test func aWholePriceBeforeACutWordIsVisible() throws {
        let file = Support.tempDirectory("cut-price").appendingPathComponent("OneTime.storekit")
        try Data(Self.catalog.utf8).write(to: file)
        let matrix = SweepMatrix(locales: ["zh-Hans"], themes: ["dark"], sizes: [TerminalSize(width: 100, height: 30)], offers: [.B])
        let report = try CopyQAInputs(storekitPath: file.path, matrix: matrix).check()
        let cut = report.findings.filter { $0.kind == .truncated && $0.key == "paywall.plan.oneTime" }
        // The rows are cut (the separate, right finding): "US$199.00 一次性…".
        #expect(cut.contains { $0.text == "US$199.00 一次性买断" && $0.message.contains("“US$199.00 一次性…”") }, "\(cut.map(\.message))")
        let invisible = report.findings.filter { $0.kind == .pricePeriodMissing }
        #expect(invisible.isEmpty, "\(invisible.map(\.message))")
    }
}
