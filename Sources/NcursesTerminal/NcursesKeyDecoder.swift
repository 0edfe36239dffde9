import CNcurses
import TerminalKit

/// Turns what `wget_wch` returns into a `Key`.
enum NcursesKeyDecoder {
    /// The key for a `KEY_CODE_YES` result; nil for keys PaywallSim does not use.
    static func key(forKeyCode code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case paywallsim_key_resize(): return .resize
        default:
            let f0 = paywallsim_key_f0()
            if code > f0, code <= f0 + 12 { return .function(Int(code - f0)) }
            return nil
        }
    }
}
