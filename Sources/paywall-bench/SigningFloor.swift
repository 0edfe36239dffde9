import Crypto
import Foundation

/// What one ES256 signature costs on this machine now, with the signer `paywall-sim` links
/// (swift-crypto): the floor a catch-up's renewals cannot go below, three signatures each.
enum SigningFloor {
    /// What each signature signs: 1 KiB (a renewal's payloads are about that size).
    static let input = Data(repeating: UInt8(ascii: "e"), count: 1024)

    /// Seconds of wall and CPU time one signature takes: the fastest of five batches of 400
    /// signatures of a 1 KiB input (a renewal's payloads are about that size).
    static func measure() -> (wall: Double, cpu: Double) {
        let key = P256.Signing.PrivateKey()
        var best = (wall: Double.infinity, cpu: Double.infinity)
        for _ in 0..<5 {
            let batch = Timing.measure {
                for _ in 0..<400 { _ = try? key.signature(for: input) }
            }
            best = (min(best.wall, batch.wall / 400), min(best.cpu, batch.cpu / 400))
        }
        return best
    }

    /// Signatures a second `openssl speed ecdsap256` reports here, printed beside the floor for
    /// comparison (nil when openssl is not installed).
    static func openSSL() -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "speed", "-seconds", "1", "ecdsap256"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // " 256 bits ecdsa (nistp256)   0.0000s   0.0000s  72809.0  25091.0"
        guard process.terminationStatus == 0,
              let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last(where: { $0.contains("nistp256") }) else { return nil }
        let fields = line.split(separator: " ")
        return fields.count >= 2 ? Double(fields[fields.count - 2]) : nil
    }
}
