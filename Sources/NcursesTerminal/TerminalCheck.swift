#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the process talks to a real terminal (needed for the interactive ncurses front end).
public enum TerminalCheck {
    /// True when both stdin and stdout are terminals.
    public static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// Which of stdin and stdout is not a terminal, for a message such as
    /// "stdout is not a terminal: use `paywall-sim play TAPE` to run without one"; nil when both are.
    public static var missingTerminal: String? {
        switch (isatty(0) == 1, isatty(1) == 1) {
        case (true, true): return nil
        case (false, true): return "stdin"
        case (true, false): return "stdout"
        case (false, false): return "stdin and stdout"
        }
    }
}
