import Foundation
import PaywallFoundation

/// One analytics event as recorded: its wire name, when it happened and its properties.
public struct RecordedEvent: Hashable, Codable, Sendable {
    public var name: String
    public var time: Date
    public var properties: [String: String]

    public init(name: String, time: Date, properties: [String: String]) {
        self.name = name
        self.time = time
        self.properties = properties
    }

    /// Records `event` at `time`.
    public init(_ event: AnalyticsEvent, at time: Date) {
        self.init(name: event.name, time: time, properties: event.properties)
    }

    /// The encoder for JSON Lines: sorted keys, ISO-8601 times, one line per event.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = ISO8601.encodingStrategy
        return encoder
    }

    /// The decoder matching `makeEncoder()`.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// The event as one JSON line, without the trailing newline,
    /// e.g. `{"name":"paywall_view","properties":{"offer_id":"A","reason":"flow"},"time":"2026-03-08T12:00:00Z"}`.
    public func jsonLine() -> String {
        guard let data = try? Self.makeEncoder().encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Records analytics events in order, stamped with the injected clock's time.
public struct AnalyticsRecorder: Hashable, Sendable {
    /// The events recorded so far, oldest first.
    public private(set) var events: [RecordedEvent]

    public init(events: [RecordedEvent] = []) { self.events = events }

    /// Appends `event` at `time`.
    public mutating func record(_ event: AnalyticsEvent, at time: Date) {
        events.append(RecordedEvent(event, at: time))
    }

    /// All events as JSON Lines (each line ends with `\n`).
    public func jsonLines() -> String {
        events.map { $0.jsonLine() + "\n" }.joined()
    }
}
