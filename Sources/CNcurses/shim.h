#ifndef PAYWALLSIM_CNCURSES_SHIM_H
#define PAYWALLSIM_CNCURSES_SHIM_H
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>

/// The standard screen, wrapped so Swift 6 does not see a mutable C global.
static inline WINDOW *paywallsim_stdscr(void) { return stdscr; }
/// Terminal lines and columns as ncurses currently sees them.
static inline int paywallsim_lines(void) { return LINES; }
static inline int paywallsim_cols(void) { return COLS; }
/// Number of colors and color pairs the terminal supports.
static inline int paywallsim_colors(void) { return COLORS; }
static inline int paywallsim_color_pairs(void) { return COLOR_PAIRS; }
#endif
