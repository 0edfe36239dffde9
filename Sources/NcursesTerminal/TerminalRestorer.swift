import CNcurses

/// Puts the terminal back on every exit: `endwin` at `atexit`; SIGINT/SIGTERM/SIGHUP and crash
/// handlers that use only async-signal-safe calls (write the terminal's leave bytes, `tcsetattr`
/// the modes saved before curses started) and exit with 128 + the signal (C helpers in shim.h).
///
/// All calls into the C helpers live in this one file: they share a `static` flag, and each
/// Swift object file gets its own copy of a header's statics.
enum TerminalRestorer {
    /// Installs the exit and signal handlers; call before `newterm` so ncurses keeps ours.
    static func install() { paywallsim_install_restore_handlers() }

    /// Saves the terminal's modes before curses changes them (call before `newterm`).
    static func saveShellModes() { paywallsim_save_shell_modes(1) }

    /// Finds the bytes that leave curses' screen, for the signal handlers (call after `newterm`).
    static func prepareLeaveBytes() { paywallsim_prepare_leave_bytes() }

    /// Records whether ncurses is running (the handlers only call `endwin` while it is).
    static func setActive(_ active: Bool) { paywallsim_set_active(active ? 1 : 0) }

    /// Calls `endwin` if ncurses is running; safe to call any number of times.
    static func restore() { paywallsim_restore_terminal() }
}
