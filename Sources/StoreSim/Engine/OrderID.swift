import Foundation

/// The order ID of a purchase, as the customer finds it on the App Store's receipt email and gives
/// to support (Apple's are ten characters like `MK5TTTVWJH`): `M` and the transaction id in
/// Crockford base-32, so the App Store Server API's Look Up Order ID finds the transaction again.
public enum OrderID {
    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    /// The order ID of transaction `transactionID` (nil when the id is not a number).
    public static func of(transactionID: String) -> String? {
        guard var value = UInt64(transactionID) else { return nil }
        var digits: [Character] = []
        repeat {
            digits.append(alphabet[Int(value % 32)])
            value /= 32
        } while value > 0
        return "M" + String(digits.reversed())
    }

    /// The transaction id an order ID names, or nil when it is not one this store makes.
    public static func transactionID(of orderID: String) -> String? {
        let text = orderID.uppercased()
        guard text.hasPrefix("M"), text.count > 1, text.count <= 14 else { return nil }
        var value: UInt64 = 0
        for character in text.dropFirst() {
            guard let digit = alphabet.firstIndex(of: character) else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 32)
            guard !overflow else { return nil }
            value = shifted + UInt64(digit)
        }
        return String(value)
    }
}
