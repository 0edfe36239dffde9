import Foundation
import PaywallFoundation
import Testing

/// The one reader decodes `Codable` types with the place of every shape error.
@Suite("Located JSON decoder")
struct LocatedJSONDecoderTests {
    struct Sample: Codable, Equatable {
        enum Kind: String, Codable { case a, b }
        var name: String
        var count: Int
        var ratio: Double
        var price: Decimal
        var when: Date
        var kind: Kind
        var tags: [String]
        var scores: [String: Int]
        var note: String?
        var id: UUID
    }

    static let text = """
    {
      "name": "n", "count": 3, "ratio": 0.5, "price": 59.99, "when": "2026-01-30T09:00:00Z",
      "kind": "b", "tags": ["x", "y"], "scores": {"a": 1}, "note": null,
      "id": "9A4C1F2E-0000-4000-8000-000000000001"
    }
    """

    @Test func everyKindOfValueDecodesAsJSONDecoderWould() throws {
        let decoded = try LocatedJSONDecoder(dateDecoding: .iso8601).decode(Sample.self, from: Data(Self.text.utf8))
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = .iso8601
        #expect(decoded == (try foundation.decode(Sample.self, from: Data(Self.text.utf8))))
        #expect(decoded.price == Decimal(string: "59.99"), "the number as written, not through Double")
    }

    @Test func shapeErrorsNameLineAndColumn() {
        func problem(_ text: String) -> String {
            do { _ = try LocatedJSONDecoder(dateDecoding: .iso8601).decode(Sample.self, from: Data(text.utf8)); return "" }
            catch { return error.description }
        }
        #expect(problem(Self.text.replacingOccurrences(of: "\"count\": 3", with: "\"count\": \"3\""))
            == "2:25: at count: wrong type, expected a number")
        #expect(problem(Self.text.replacingOccurrences(of: "\"kind\": \"b\"", with: "\"kind\": \"c\"")).hasPrefix("3:11: at kind:"))
        #expect(problem(Self.text.replacingOccurrences(of: "\"ratio\": 0.5, ", with: "")) == "1:1: missing key ratio, expected it to be present")
        #expect(problem(Self.text.replacingOccurrences(of: "\"tags\": [\"x\", \"y\"]", with: "\"tags\": [\"x\", 2]"))
            == "3:30: at tags[1]: wrong type, expected a string")
        #expect(problem(Self.text.replacingOccurrences(of: "\"count\": 3", with: "\"count\": 3.5")) .hasPrefix("2:25: at count: the number 3.5 does not fit Int"))
        #expect(problem(Self.text.replacingOccurrences(of: "2026-01-30T09:00:00Z", with: "tomorrow")).hasPrefix("2:66: at when: \"tomorrow\" is not an ISO-8601 date"))
        #expect(problem("[") == "1:2: invalid JSON, unexpected end of file, expected a value (the file looks truncated)")
    }
}
