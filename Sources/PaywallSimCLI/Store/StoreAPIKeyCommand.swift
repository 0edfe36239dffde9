import ArgumentParser
import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PaywallFoundation

/// `store api-key --out FILE.p8`: makes an In-App Purchase key as App Store Connect hands one out
/// (a `.p8`: PKCS#8 PEM, P-256), and says the key id and issuer id to configure with it.
struct StoreAPIKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api-key",
        abstract: "Make an In-App Purchase key (.p8, as App Store Connect gives one) for App Store Server API requests to `serve`, and print its key id and issuer id.",
        discussion: """
        The file is a new P-256 private key in PKCS#8 PEM (-----BEGIN PRIVATE KEY-----), readable by \
        its owner only. Give it to serve as --api-key KEY_ID:FILE.p8 and to your backend's client \
        (Apple's AppStoreServerAPIClient: the key's bytes, the key id, the issuer id, your bundle id). \
        serve accepts any issuer id; the one printed is a new UUID, as App Store Connect's look. \
        An existing file is never replaced unless --force is given. No state directory is read or written.
        """)

    @Option(name: .long, help: ArgumentHelp("Where to write the key (App Store Connect names it AuthKey_KEYID.p8).", valueName: "FILE.p8"))
    var out: String
    @Flag(name: .long, help: "Replace the file when it exists.")
    var force = false
    @Flag(name: .long, help: "Print a JSON document instead of sentences.")
    var json = false

    /// What the command made: the file and the ids to configure with it.
    struct Output: StoreOutput {
        var file: String
        var keyID: String
        var issuerID: String
        var serveOption: String

        var text: String {
            """
            Wrote a new In-App Purchase key to \(file) (PKCS#8 PEM, P-256, as App Store Connect's .p8).
            Key ID:    \(keyID)
            Issuer ID: \(issuerID)
            Serve with it:   paywall-sim serve \(serveOption)
            Your backend signs its App Store Server API requests with the key, key id \(keyID) and issuer id \(issuerID) (serve accepts any issuer id).
            """
        }
    }

    /// A key id as App Store Connect's look: ten capital letters and digits.
    static func keyID<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<10).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    func run() throws {
        // The edge: the key, its id and the issuer id are new and random each time.
        var generator = SystemRandomNumberGenerator()
        let key = P256.Signing.PrivateKey()
        let id = Self.keyID(using: &generator)
        let made = Output(file: out, keyID: id, issuerID: UUID().uuidString.lowercased(), serveOption: "--api-key \(id):\(out)")
        do {
            try Self.write(Data(utf8: key.pemRepresentation + "\n"), to: out, replacing: force)
            Console.out(json ? try StoreRunner.json(made) : made.text)
        } catch let error as Diagnostic {
            StoreRunner.printError("paywall-sim store api-key: \(error.description)")
            throw ExitCode.failure
        }
    }

    /// Writes `data` to `path`, readable by its owner only: a new file, or (`replacing`) over one
    /// that exists. An existing file without `replacing` is refused, never touched.
    static func write(_ data: Data, to path: String, replacing: Bool) throws {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (replacing ? O_TRUNC : O_EXCL)
        let fd = open(path, flags, 0o600)
        guard fd >= 0 else {
            if errno == EEXIST { throw Diagnostic("\(path) exists; add --force to replace it") }
            throw Diagnostic("\(path): cannot write the key: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        // A replaced file keeps its old mode with O_TRUNC: a private key is its owner's only.
        guard fchmod(fd, 0o600) == 0 else { throw Diagnostic("\(path): cannot make the key private: \(String(cString: strerror(errno)))") }
        do { try FileHandle(fileDescriptor: fd, closeOnDealloc: false).write(contentsOf: data) } catch {
            throw Diagnostic("\(path): cannot write the key: \(FileErrorText.reason(error))")
        }
    }
}
