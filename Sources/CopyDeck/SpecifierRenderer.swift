import Foundation

/// Renders one placeholder with one argument, the way `String(format:)` would in the POSIX locale.
enum SpecifierRenderer {
    /// With `groupingIn` a locale, a plain whole number is grouped as that locale groups digits.
    static func render(_ spec: FormatSpecifier, _ arg: CopyArgument, groupingIn locale: String? = nil, problems: inout [CopyProblem]) -> String {
        // Grouping (') needs a locale; numbers here are plain, so the flag is dropped.
        let flags = spec.flags.filter { $0 != "'" }
        let width = spec.width.map(String.init) ?? ""
        let precision = spec.precision.map { ".\($0)" } ?? ""
        switch spec.kind {
        case .object, .cString:
            var text = arg.description
            if spec.kind == .cString, let limit = spec.precision { text = String(text.prefix(limit)) }
            return pad(text, spec)
        case .integer:
            let value: Int
            switch arg {
            case .integer(let number): value = number
            case .double(let number):
                guard number.isFinite, number == number.rounded(), abs(number) < 9.2e18 else {
                    problems.append(.argumentTypeMismatch(specifier: spec.text, index: spec.argumentIndex, argument: arg.description))
                    return pad(arg.description, spec)
                }
                value = Int(number)
            case .string(let text):
                guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
                    problems.append(.argumentTypeMismatch(specifier: spec.text, index: spec.argumentIndex, argument: text))
                    return pad(text, spec)
                }
                value = number
            }
            if flags.isEmpty, spec.width == nil, spec.precision == nil, "diD".contains(spec.conversion) {
                guard let locale, value.magnitude >= 1000 else { return String(value) }
                return grouped(value, separator: GroupingSeparators.shared.separator(for: locale))
            }
            let conversion = spec.conversion == "D" ? "d" : spec.conversion == "U" ? "u" : spec.conversion == "O" ? "o" : String(spec.conversion)
            return String(format: "%\(flags)\(width)\(precision)ll\(conversion)", Int64(value))
        case .double:
            let value: Double
            switch arg {
            case .integer(let number): value = Double(number)
            case .double(let number): value = number
            case .string(let text):
                guard let number = Double(text.trimmingCharacters(in: .whitespaces)) else {
                    problems.append(.argumentTypeMismatch(specifier: spec.text, index: spec.argumentIndex, argument: text))
                    return pad(text, spec)
                }
                value = number
            }
            return String(format: "%\(flags)\(width)\(precision)\(spec.conversion)", value)
        case .character:
            switch arg {
            case .integer(let number):
                guard let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: max(number, 0))) else {
                    problems.append(.argumentTypeMismatch(specifier: spec.text, index: spec.argumentIndex, argument: arg.description))
                    return pad(arg.description, spec)
                }
                return pad(String(Character(scalar)), spec)
            default:
                return pad(String(arg.description.prefix(1)), spec)
            }
        case .substitution, .unknown:
            return spec.text
        }
    }

    /// `12480` as `12,480` (groups of three digits; 1000 and more only).
    static func grouped(_ value: Int, separator: String) -> String {
        let digits = String(value.magnitude)
        guard digits.count > 3 else { return String(value) }
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += separator }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// Pads text to the placeholder's width, on the left unless the `-` flag asks for the right.
    private static func pad(_ text: String, _ spec: FormatSpecifier) -> String {
        guard let width = spec.width, text.count < width else { return text }
        let fill = String(repeating: " ", count: width - text.count)
        return spec.flags.contains("-") ? text + fill : fill + text
    }
}
