extension Key {
    /// The key for a character code as a terminal sends it (what `wget_wch` returns as OK):
    /// "\n"/"\r" Enter, 27 Esc, 9 Tab, 127/8 Backspace, 1–26 Ctrl+letter, printable characters.
    /// Returns nil for other control codes.
    public init?(characterCode code: UInt32) {
        switch code {
        case 10, 13: self = .enter
        case 27: self = .escape
        case 9: self = .tab
        case 8, 127: self = .backspace
        case 32: self = .space
        case 1...26:
            guard let scalar = Unicode.Scalar(code + 96) else { return nil }
            self = .control(Character(scalar))
        case 0..<32, 128..<160:
            return nil
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            self = .character(Character(scalar))
        }
    }
}
