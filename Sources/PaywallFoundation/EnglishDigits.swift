/// Numbers as US English writes them, without ICU: `1,299.00` from 129900 units of a hundredth.
public enum EnglishDigits {
    /// `units` (a non-negative count of 10^-`fractionDigits`) with a comma every three whole digits
    /// and exactly `fractionDigits` decimals after a point (none when 0).
    public static func text(units: Int64, fractionDigits: Int) -> String {
        var power: Int64 = 1
        for _ in 0..<fractionDigits { power *= 10 }
        let whole = String(units / power)
        var text = ""
        for (index, character) in whole.enumerated() {
            if index > 0, (whole.count - index) % 3 == 0 { text.append(",") }
            text.append(character)
        }
        guard fractionDigits > 0 else { return text }
        var fraction = String(units % power)
        while fraction.count < fractionDigits { fraction = "0" + fraction }
        return text + "." + fraction
    }
}
