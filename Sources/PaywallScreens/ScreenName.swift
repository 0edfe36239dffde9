/// The screens the app draws, each named once: what a rendered frame reports (`RenderedScreen.
/// screenName`), what copy QA groups its findings by, and what tapes and goldens are named after.
/// A profile's panels are named by the profile (`Panel.name`), so they are not listed here.
public enum ScreenName: String, CaseIterable, Sendable {
    case loading
    case onboarding
    case valuePreview
    case proof
    case paywall
    /// The App Store's purchase sheet over the paywall.
    case sheet
    case purchasing
    case purchased
    case skipped
    case error
    case chat
    /// A StoreKit message (`Message.messages`) over the app.
    case storeMessage
    case help
    case debug
    /// The account overlay's menu; its pages are named by `AccountInfo.Page`.
    case account
    case transactionManager
    /// "Enlarge the window": the terminal is smaller than the app's minimum.
    case tooSmall
}
