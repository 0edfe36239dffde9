import CNcurses

/// Puts the terminal back on every exit and stop: `endwin` at `atexit`; SIGINT/SIGTERM/SIGHUP and crash
/// handlers that use only async-signal-safe calls (write the terminal's leave bytes, `tcsetattr`
/// the modes saved before curses started) and exit with 128 + the signal; Ctrl+Z and SIGTSTP
/// leave curses, stop the process and come back on SIGCONT (C helpers in shim.h).
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

    /// Ctrl+Z read as a key: `endwin` (the terminal as the shell had it), stop the process
    /// (SIGSTOP: the shell lists it as a stopped job) and return once it is continued (SIGCONT).
    static func suspend() {
        guard paywallsim_is_active() != 0 else { return }
        paywallsim_set_active(0)
        endwin()
        paywallsim_stop_process()
        paywallsim_set_active(1)
    }

    /// True once after the SIGTSTP handler stopped and continued the process.
    static func takeResume() -> Bool { paywallsim_take_resume() != 0 }
}
