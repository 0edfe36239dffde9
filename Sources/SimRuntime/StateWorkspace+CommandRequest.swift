import Foundation

extension StateWorkspace {
    /// What one command asks of a state directory (the CLI maps its options to it): the setup it
    /// names, the storefront, the clock, and whether it may run a long catch-up.
    public struct CommandRequest {
        /// `--profile`: a built-in name or a file (relative to `baseDirectory`).
        public var profile: String?
        /// `--storekit`: a `.storekit` file (relative to `baseDirectory`).
        public var storekit: String?
        /// `--environment`, `--bundle-id`, `--app-apple-id`: what the store signs for from now on.
        public var environment: String?
        public var bundleID: String?
        public var appAppleID: Int64?
        /// `--storefront`: the account's storefront from this command on (a look only with `catalogOnly`).
        public var storefront: String?
        /// `--switch-catalog`: the named profile and catalog replace the directory's.
        public var switchCatalog = false
        /// The command reads the catalog, not the state (`store products`): another catalog is
        /// shown, not refused, and its `--storefront` moves no account.
        public var catalogOnly = false
        /// `--now`: the command's instant, pinned and saved.
        public var now: Date?
        /// `--clock`: the clock kind the directory keeps from now on.
        public var clockMode: SimulatedTime.Mode?
        /// `--yes`: a catch-up of more than `Command.longCatchUp` renewals runs without asking.
        public var confirmsLongCatchUps = false
        /// The directory relative paths are resolved against.
        public var baseDirectory = FileManager.default.currentDirectoryPath
        /// Says a progress line (a long catch-up that runs), for a person watching.
        public var progress: (String) -> Void = { _ in }

        public init() {}

        /// Whether the command changes the saved clock (`--now` or `--clock`).
        public var setsClock: Bool { now != nil || clockMode != nil }
    }
}
