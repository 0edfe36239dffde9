/// A value that fills a placeholder: text (`%@`), a whole number (`%lld`, `%d`) or a decimal (`%f`).
public enum CopyArgument: Sendable, Hashable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    case string(String)
    case integer(Int)
    case double(Double)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }

    /// The value as `%@` shows it: text as is, numbers in their shortest plain form.
    public var description: String {
        switch self {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .double(let number):
            if number.isFinite, number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
            return String(number)
        }
    }
}
