import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// The team's own purchase endpoint (`--backend-endpoint FILE.json`): the method, path, headers and
/// JSON body the app sends its server after a purchase, and how the answer unlocks. Without one the
/// app speaks seed 004's `POST /iap/transactions`.
///
/// ```json
/// {"method": "POST", "path": "/payment/apple-subscription/",
///  "headers": {"Authorization": "Bearer ${BACKEND_TOKEN}"},
///  "body": {"transaction_id": "{{transactionId}}"},
///  "unlock": {"status": [200, 201], "active": "subscription.is_active", "expiresAt": "subscription.expires_at"}}
/// ```
public struct BackendEndpoint: Sendable, Equatable {
    /// The transaction fields a body may name as `{{field}}`.
    public static let fields = ["transactionId", "originalTransactionId", "productId", "signedTransaction", "appAccountToken",
                                "offerId", "purchaseDate", "expiresDate", "environment", "bundleId"]

    public var method: String
    public var path: String
    /// Header values with `${NAME}` already taken from the environment.
    public var headers: [(name: String, value: String)]
    /// The body template (nil: no body).
    public var body: LocatedJSON?
    /// Statuses that unlock (nil: any 2xx).
    public var unlockStatuses: Set<Int>?
    /// A dot path to a boolean in the answer that must be true to unlock (nil: the status decides).
    public var activePath: String?
    /// A dot path to the entitlement's end in the answer (ISO-8601 or milliseconds; nil: the transaction's expiry).
    public var expiresAtPath: String?

    public static func == (a: BackendEndpoint, b: BackendEndpoint) -> Bool {
        a.method == b.method && a.path == b.path && a.headers.elementsEqual(b.headers, by: { $0 == $1 }) && a.body == b.body
            && a.unlockStatuses == b.unlockStatuses && a.activePath == b.activePath && a.expiresAtPath == b.expiresAtPath
    }

    /// What the app knows of a purchase when it calls its server.
    public struct Purchase: Sendable {
        public var transaction: SignedTransaction
        public var offerID: String
        public var appAccountToken: UUID?
        public var environment: String
        public var bundleID: String

        public init(transaction: SignedTransaction, offerID: String, appAccountToken: UUID?, environment: String, bundleID: String) {
            self.transaction = transaction
            self.offerID = offerID
            self.appAccountToken = appAccountToken
            self.environment = environment
            self.bundleID = bundleID
        }

        func value(of field: String) -> String {
            switch field {
            case "transactionId": return transaction.id
            case "originalTransactionId": return transaction.originalID
            case "productId": return transaction.productID
            case "signedTransaction": return transaction.jws
            case "appAccountToken": return appAccountToken?.uuidString.lowercased() ?? ""
            case "offerId": return offerID
            case "purchaseDate": return ISO8601.string(transaction.purchaseDate)
            case "expiresDate": return transaction.expirationDate.map(ISO8601.string) ?? ""
            case "environment": return environment
            case "bundleId": return bundleID
            default: return ""
            }
        }
    }

    /// Reads an endpoint file; every mistake is one line naming `file:line:col` and what was expected.
    public static func load(_ data: Data, file: String, environment: [String: String]) throws -> BackendEndpoint {
        let root: LocatedJSON
        do { root = try LocatedJSONParser.parse(data) } catch { throw Diagnostic("\(file):\(error.location): \(error.message)") }
        guard case let .object(members) = root.value else {
            throw Diagnostic("\(file):\(root.location): expected an object with method, path, headers, body and unlock")
        }
        var endpoint = BackendEndpoint(method: "POST", path: "/iap/transactions", headers: [], body: nil)
        for (key, value) in members {
            let at = "\(file):\(value.location)"
            switch key {
            case "method":
                guard case let .string(text) = value.value, ["POST", "PUT", "PATCH"].contains(text.uppercased()) else {
                    throw Diagnostic("\(at): method: expected POST, PUT or PATCH")
                }
                endpoint.method = text.uppercased()
            case "path":
                guard case let .string(text) = value.value, text.hasPrefix("/") else { throw Diagnostic("\(at): path: expected a path starting with /") }
                endpoint.path = text
            case "headers":
                guard case let .object(headers) = value.value else { throw Diagnostic("\(at): headers: expected an object of header names and values") }
                for (name, header) in headers {
                    guard case let .string(text) = header.value else { throw Diagnostic("\(file):\(header.location): header \(name): expected a string") }
                    endpoint.headers.append((name, try expand(text, environment: environment, at: "\(file):\(header.location): header \(name)")))
                }
            case "body":
                try checkPlaceholders(in: value, file: file)
                endpoint.body = value
            case "unlock":
                try endpoint.readUnlock(value, file: file)
            default:
                throw Diagnostic("\(file):\(value.keyLocation ?? value.location): unknown key \(key); expected method, path, headers, body or unlock")
            }
        }
        return endpoint
    }

    private mutating func readUnlock(_ value: LocatedJSON, file: String) throws {
        guard case let .object(members) = value.value else { throw Diagnostic("\(file):\(value.location): unlock: expected an object with status, active, expiresAt") }
        for (key, member) in members {
            let at = "\(file):\(member.location): unlock.\(key)"
            switch (key, member.value) {
            case let ("status", .array(items)):
                unlockStatuses = Set(try items.map { item -> Int in
                    guard case let .number(text) = item.value, let code = Int(text), (200...299).contains(code) else {
                        throw Diagnostic("\(file):\(item.location): unlock.status: expected 2xx status codes")
                    }
                    return code
                })
            case let ("active", .string(path)): activePath = path
            case let ("expiresAt", .string(path)): expiresAtPath = path
            case ("status", _): throw Diagnostic("\(at): expected an array of 2xx status codes")
            case ("active", _), ("expiresAt", _): throw Diagnostic("\(at): expected a dot path such as data.is_active")
            default: throw Diagnostic("\(file):\(member.keyLocation ?? member.location): unknown key unlock.\(key); expected status, active or expiresAt")
            }
        }
    }

    /// `${NAME}` replaced by the environment's value; a variable not set is an error, not an empty header.
    static func expand(_ text: String, environment: [String: String], at: String) throws -> String {
        var result = "", rest = Substring(text)
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { throw Diagnostic("\(at): ${ without a closing }") }
            let name = String(rest[start.upperBound..<end])
            guard let value = environment[name] else { throw Diagnostic("\(at): names ${\(name)}, which is not set in the environment") }
            result += value
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    private static func checkPlaceholders(in value: LocatedJSON, file: String) throws {
        switch value.value {
        case let .string(text):
            for name in placeholders(in: text) where !fields.contains(name) {
                throw Diagnostic("\(file):\(value.location): {{\(name)}} is not a transaction field; expected one of \(fields.joined(separator: ", "))")
            }
        case let .object(members): for member in members { try checkPlaceholders(in: member.value, file: file) }
        case let .array(items): for item in items { try checkPlaceholders(in: item, file: file) }
        default: break
        }
    }

    static func placeholders(in text: String) -> [String] {
        var names: [String] = [], rest = Substring(text)
        while let start = rest.range(of: "{{"), let end = rest[start.upperBound...].range(of: "}}") {
            names.append(String(rest[start.upperBound..<end.lowerBound]).trimmingCharacters(in: .whitespaces))
            rest = rest[end.upperBound...]
        }
        return names
    }

    /// The request body for `purchase`: the template with each `{{field}}` filled in (nil: none).
    public func renderBody(for purchase: Purchase) -> Data? {
        guard let body else { return nil }
        let object = Self.foundation(body, purchase: purchase)
        return try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
    }

    private static func foundation(_ value: LocatedJSON, purchase: Purchase) -> Any {
        switch value.value {
        case let .string(text):
            var result = text
            for name in placeholders(in: text) {
                result = result.replacingOccurrences(of: "{{\(name)}}", with: purchase.value(of: name))
                result = result.replacingOccurrences(of: "{{ \(name) }}", with: purchase.value(of: name))
            }
            return result
        case let .number(text): return NSDecimalNumber(string: text)
        case let .bool(flag): return flag
        case .null: return NSNull()
        case let .array(items): return items.map { foundation($0, purchase: purchase) }
        case let .object(members):
            var dictionary: [String: Any] = [:]
            for member in members { dictionary[member.key] = foundation(member.value, purchase: purchase) }
            return dictionary
        }
    }

    /// What the team's answer means: `.verified` with the entitlement, `.rejected`, or `.unavailable`.
    public func interpret(status: Int, body: Data, purchase: Purchase, source: Entitlement.Source, now: Date, url: String) -> TransactionVerification {
        switch status {
        case 200..<300:
            guard unlockStatuses?.contains(status) ?? true else { return .rejected(reason: "\(url): HTTP \(status) is not an unlocking status") }
            let answer = try? LocatedJSONParser.parse(body)
            if let activePath {
                guard let value = answer.flatMap({ Self.find(activePath, in: $0) }) else {
                    return .unavailable(reason: "\(url): HTTP \(status) without \(activePath) in the answer")
                }
                guard case .bool(true) = value.value else { return .rejected(reason: "\(url): \(activePath) is not true") }
            }
            var expires = purchase.transaction.expirationDate
            if let expiresAtPath, let value = answer.flatMap({ Self.find(expiresAtPath, in: $0) }) {
                switch value.value {
                case let .string(text): expires = ISO8601.parse(text) ?? expires
                case let .number(text): expires = Double(text).map { Date(timeIntervalSince1970: $0 / 1000) } ?? expires
                default: break
                }
            }
            return .verified(Entitlement(isPremium: true, productID: purchase.transaction.productID, expiresAt: expires,
                                         source: source, verifiedAt: now))
        case 400..<500:
            return .rejected(reason: "\(url): HTTP \(status)")
        default:
            return .unavailable(reason: "\(url): HTTP \(status)")
        }
    }

    /// The value at a dot path (`data.items.0.active`) of a parsed answer.
    static func find(_ path: String, in root: LocatedJSON) -> LocatedJSON? {
        var current = root
        for part in path.split(separator: ".") {
            switch current.value {
            case let .object(members):
                guard let next = members.first(where: { $0.key == part })?.value else { return nil }
                current = next
            case let .array(items):
                guard let index = Int(part), items.indices.contains(index) else { return nil }
                current = items[index]
            default: return nil
            }
        }
        return current
    }
}
