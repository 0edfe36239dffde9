import Foundation

/// Where a tape's `Set` lines may stand. Every `Set` before the tape's first step sets up the app it
/// launches, whatever order `Output`, `Matrix` and `Set` lines come in (VHS's order starts with
/// `Output`). After a step, a setting that acts on the running app (`Size`, `Theme`, `Now`,
/// `TypingSpeed`, `Pause`, `Store …`, `Backend`) applies from its line on; one the app only reads
/// when it launches (`Locale`, `Start`, `Offer`, `Profile`, …) applies at the next `Relaunch`, and
/// without a `Relaunch` after it is refused, never silently ignored.
public enum TapeSettingOrder {
    /// Settings to try a command on, made once: a new `TapeSettings` looks its defaults up (most of
    /// a tape's load when made for every line).
    private static let blank = TapeSettings()

    /// Whether a command acts on the app or the recording, rather than setting the tape up
    /// (`Set`, `Output`, `Matrix`, `Include`).
    public static func isStep(_ command: TapeCommand) -> Bool {
        var probe = blank
        if probe.apply(command) { return false }
        switch command {
        case .output, .include: return false
        default: return true
        }
    }

    /// Whether a `Set` command changes the running app (or the recording) from the line it stands on.
    public static func actsMidTape(_ command: TapeCommand) -> Bool {
        switch command {
        case .setSize, .setTheme, .setNow, .setTypingSpeed, .setPause, .setBackendUp,
             .setStoreAskToBuy, .setStoreFail, .setStoreUnverified, .setStoreTimeRate, .setStoreGracePeriod,
             .setStoreInterrupted, .setStoreDialogs, .setStoreError, .matrix:
            return true
        default:
            return false
        }
    }

    /// An error at each launch-time `Set` after the first step that no later `Relaunch` brings into effect.
    public static func problems(in steps: [TapeStep]) -> [TapeError] {
        guard let first = steps.firstIndex(where: { isStep($0.command) }) else { return [] }
        var errors: [TapeError] = []
        for index in steps.indices where index > first {
            let step = steps[index]
            guard isLaunchSetting(step.command) else { continue }
            let relaunched = steps[(index + 1)...].contains { $0.command == .relaunch }
            guard !relaunched else { continue }
            errors.append(TapeError(step.location, "'\(step.text)' after the first step (\(steps[first].text) at \(steps[first].location)) would not change the running app,"
                + " expected it before the first step, or a Relaunch after it (Size, Theme, Now, TypingSpeed, Pause, Store and Backend act where they stand)"))
        }
        return errors
    }

    /// A `Set` command the app reads only when it launches (`Locale`, `Start`, `Offer`, `Profile`, …).
    static func isLaunchSetting(_ command: TapeCommand) -> Bool {
        var probe = blank
        return probe.apply(command) && !actsMidTape(command)
    }
}
