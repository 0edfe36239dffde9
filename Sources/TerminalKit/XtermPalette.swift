/// The xterm 256-colour palette as CSS hex colours.
public enum XtermPalette {
    public static let colors: [String] = {
        let base = ["000000", "cd0000", "00cd00", "cdcd00", "0000ee", "cd00cd", "00cdcd", "e5e5e5",
                    "7f7f7f", "ff0000", "00ff00", "ffff00", "5c5cff", "ff00ff", "00ffff", "ffffff"]
        var out = base.map { "#" + $0 }
        let steps = [0, 95, 135, 175, 215, 255]
        for r in steps { for g in steps { for b in steps { out.append(hex(r, g, b)) } } }
        for i in 0..<24 { let v = 8 + i * 10; out.append(hex(v, v, v)) }
        return out
    }()

    public static func hex(_ r: Int, _ g: Int, _ b: Int) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + [r, g, b].map { String(digits[$0 / 16]) + String(digits[$0 % 16]) }.joined()
    }

    /// The CSS colour of a 256-colour index; nil for the terminal's default.
    public static func css(_ index: Int?) -> String? {
        guard let index, index >= 0, index < colors.count else { return nil }
        return colors[index]
    }
}
