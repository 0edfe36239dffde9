import CNcurses

/// Puts the terminal back on every exit: `atexit`, and SIGINT/SIGTERM/SIGHUP handlers that
/// call `endwin` and exit with 128 + the signal (C helpers in shim.h, async-signal-safe enough).
///
/// All calls into the C helpers live in this one file: they share a `static` flag, and each
/// Swift object file gets its own copy of a header's statics.
enum TerminalRestorer {
    /// Installs the exit and signal handlers; call before `newterm` so ncurses keeps ours.
    static func install() { paywallsim_install_restore_handlers() }

    /// Records whether ncurses is running (the handlers only call `endwin` while it is).
    static func setActive(_ active: Bool) { paywallsim_set_active(active ? 1 : 0) }

    /// Calls `endwin` if ncurses is running; safe to call any number of times.
    static func restore() { paywallsim_restore_terminal() }
}
