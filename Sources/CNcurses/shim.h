#ifndef PAYWALLSIM_CNCURSES_SHIM_H
#define PAYWALLSIM_CNCURSES_SHIM_H
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
// Debian keeps the wide-character ncurses under ncursesw/; macOS's SDK has one curses.h, wide
// calls included. The library is linked per platform by NcursesTerminal (Package.swift).
#if defined(__APPLE__)
#include <curses.h>
#else
#include <ncursesw/curses.h>
#endif

/// The standard screen, wrapped so Swift 6 does not see a mutable C global.
static inline WINDOW *paywallsim_stdscr(void) { return stdscr; }
/// Terminal lines and columns as ncurses currently sees them.
static inline int paywallsim_lines(void) { return LINES; }
static inline int paywallsim_cols(void) { return COLS; }
/// Number of colors and color pairs the terminal supports.
static inline int paywallsim_colors(void) { return COLORS; }
static inline int paywallsim_color_pairs(void) { return COLOR_PAIRS; }

/// Attribute bits (macros Swift cannot import).
static inline attr_t paywallsim_a_normal(void) { return A_NORMAL; }
static inline attr_t paywallsim_a_bold(void) { return A_BOLD; }
static inline attr_t paywallsim_a_underline(void) { return A_UNDERLINE; }
static inline attr_t paywallsim_a_reverse(void) { return A_REVERSE; }

/// Key codes (some are macros of macros).
static inline int paywallsim_key_f0(void) { return KEY_F0; }
static inline int paywallsim_key_resize(void) { return KEY_RESIZE; }

/// True when the terminal description can move the cursor (not `dumb`).
static inline int paywallsim_can_address_cursor(void) {
    char *cup = tigetstr("cup");
    return cup != NULL && cup != (char *)-1;
}

/// True when the current LC_CTYPE codeset is UTF-8.
static inline int paywallsim_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && strcmp(codeset, "UTF-8") == 0;
}

/// Set once ncurses is running; cleared after endwin. Read by the signal handler.
static volatile sig_atomic_t paywallsim_curses_active = 0;

/// Marks ncurses as running or stopped, for the exit and signal handlers.
static inline void paywallsim_set_active(int active) { paywallsim_curses_active = active; }

/// Restores the terminal if ncurses is still running (safe to call twice).
static inline void paywallsim_restore_terminal(void) {
    if (paywallsim_curses_active) {
        paywallsim_curses_active = 0;
        endwin();
    }
}

/// The terminal's modes before curses changed them, for a signal handler to put back.
static inline struct termios *paywallsim_shell_modes(void) {
    static struct termios modes;
    return &modes;
}
static volatile sig_atomic_t paywallsim_have_shell_modes = 0;
/// The bytes that leave curses' screen (attributes off, cursor shown, keypad off, alternate screen
/// left), found in terminfo while curses runs, for a signal handler to write.
static inline char *paywallsim_leave_bytes(void) {
    static char bytes[512];
    return bytes;
}
enum { paywallsim_leave_capacity = 512 };
static volatile sig_atomic_t paywallsim_leave_length = 0;

/// Saves the terminal's modes (of the terminal on `fd`) before curses changes them.
static inline void paywallsim_save_shell_modes(int fd) {
    paywallsim_have_shell_modes = tcgetattr(fd, paywallsim_shell_modes()) == 0;
}

/// Appends one terminfo string capability to the leave bytes, without its `$<…>` padding.
static inline void paywallsim_append_leave_capability(const char *name) {
    const char *value = tigetstr((char *)name);
    if (value == NULL || value == (char *)-1) return;
    size_t used = (size_t)paywallsim_leave_length;
    for (const char *c = value; *c != 0 && used < paywallsim_leave_capacity; c++) {
        if (c[0] == '$' && c[1] == '<') {
            const char *end = strchr(c, '>');
            if (end != NULL) { c = end; continue; }
        }
        paywallsim_leave_bytes()[used++] = *c;
    }
    paywallsim_leave_length = (sig_atomic_t)used;
}

/// Finds the leave bytes in the running terminal's description (call after `newterm`).
static inline void paywallsim_prepare_leave_bytes(void) {
    paywallsim_leave_length = 0;
    paywallsim_append_leave_capability("sgr0");
    paywallsim_append_leave_capability("cnorm");
    paywallsim_append_leave_capability("rmkx");
    paywallsim_append_leave_capability("rmcup");
}

/// What a signal handler may do to restore the terminal (POSIX async-signal-safe calls only:
/// `write` and `tcsetattr`), whatever thread it interrupts: `endwin` takes stdio's and the
/// allocator's locks and could wait forever on a lock the interrupted code holds.
static inline void paywallsim_restore_terminal_from_signal(void) {
    if (!paywallsim_curses_active) return;
    paywallsim_curses_active = 0;
    size_t length = (size_t)paywallsim_leave_length, written = 0;
    while (written < length) {
        ssize_t n = write(1, paywallsim_leave_bytes() + written, length - written);
        if (n <= 0) break;
        written += (size_t)n;
    }
    if (paywallsim_have_shell_modes) tcsetattr(1, TCSANOW, paywallsim_shell_modes());
}

/// Signal handler: restore the terminal, then exit with 128 + the signal number.
static inline void paywallsim_on_fatal_signal(int sig) {
    paywallsim_restore_terminal_from_signal();
    _exit(128 + sig);
}

/// The action a crash signal had before ours, restored so crashes still end as crashes.
static inline struct sigaction *paywallsim_previous_crash_action(int sig) {
    static struct sigaction previous[32];
    return &previous[(sig > 0 && sig < 32) ? sig : 0];
}

/// Crash handler (SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE): restore the terminal, put
/// back the previous action (e.g. Swift's backtracer) and re-raise, so the crash still reports.
static inline void paywallsim_on_crash_signal(int sig) {
    paywallsim_restore_terminal_from_signal();
    sigaction(sig, paywallsim_previous_crash_action(sig), NULL);
    raise(sig);
}

/// Set by the SIGTSTP handler when the process comes back (SIGCONT) from a stop with the terminal
/// left as the shell had it: the screen enters curses mode again and draws everything.
static volatile sig_atomic_t paywallsim_resume_pending = 0;

/// Stops the process as a shell's job control expects (SIGSTOP, which no handler can catch);
/// returns when it is continued (`fg`, SIGCONT).
static inline void paywallsim_stop_process(void) { raise(SIGSTOP); }

/// SIGTSTP handler (`kill -TSTP`, or Ctrl+Z where the terminal sends it as a signal): as
/// full-screen programs do, the terminal is put back as the shell had it (async-signal-safe calls
/// only), the process stops, and once continued the screen is asked to come back.
static inline void paywallsim_on_stop_signal(int sig) {
    (void)sig;
    int wasActive = paywallsim_curses_active;
    paywallsim_restore_terminal_from_signal();
    paywallsim_stop_process();
    if (wasActive) {
        paywallsim_curses_active = 1;
        paywallsim_resume_pending = 1;
    }
}

/// Whether ncurses is marked running (for Swift, which cannot read the flag itself).
static inline int paywallsim_is_active(void) { return paywallsim_curses_active; }

/// Takes the resume request the SIGTSTP handler left (1 once, then 0).
static inline int paywallsim_take_resume(void) {
    if (!paywallsim_resume_pending) return 0;
    paywallsim_resume_pending = 0;
    return 1;
}

/// Installs the atexit hook, the SIGINT/SIGTERM/SIGHUP handlers and the crash handlers (once per process).
static inline void paywallsim_install_restore_handlers(void) {
    static int installed = 0;
    if (installed) return;
    installed = 1;
    atexit(paywallsim_restore_terminal);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = paywallsim_on_fatal_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    struct sigaction stop;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = paywallsim_on_stop_signal;
    sigemptyset(&stop.sa_mask);
    stop.sa_flags = SA_RESTART;
    sigaction(SIGTSTP, &stop, NULL);
    int crashes[] = { SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE };
    struct sigaction crash;
    memset(&crash, 0, sizeof crash);
    crash.sa_handler = paywallsim_on_crash_signal;
    sigemptyset(&crash.sa_mask);
    for (unsigned i = 0; i < sizeof crashes / sizeof crashes[0]; i++) {
        sigaction(crashes[i], &crash, paywallsim_previous_crash_action(crashes[i]));
    }
}
#endif
