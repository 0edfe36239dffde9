import ArgumentParser
import Foundation
import PaywallFoundation
import StoreSim

/// `store certificate`: the root certificate a verifier trusts to check what the simulator signs, or
/// (`--tls`) the TLS authority a client trusts to reach `serve` as Apple's API hosts.
struct StoreCertificateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "certificate",
        abstract: "Export the state directory's root certificate: give it to Apple's SignedDataVerifier (or your own verifier) as the only trusted root. --tls: the TLS authority instead.",
        discussion: """
        Every signed transaction, renewal info, AppTransaction and notification carries an x5c chain \
        (leaf, intermediate, root) shaped as Apple's, with Apple's marker extensions; the root is made \
        once per state directory. With --environment Sandbox, Apple's App Store Server Library \
        verifies them against this root (online checks on, with `serve` as HTTP_PROXY). With --tls \
        it exports the authority of the certificate `serve` presents for Apple's App Store Server API \
        hosts (api.storekit[-sandbox].apple.com and api.storekit[-sandbox].itunes.apple.com): the CA \
        bundle for REQUESTS_CA_BUNDLE, SSL_CERT_FILE \
        or NODE_EXTRA_CA_CERTS when HTTPS_PROXY points at `serve` (see docs/backend.md).
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case pem, der }

    @OptionGroup var options: StoreOptions
    @Option(name: .long, help: ArgumentHelp("pem (text) or der (bytes).", valueName: "pem|der"))
    var format: Format = .pem
    @Option(name: .long, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "FILE"))
    var out: String?
    @Flag(name: .long, help: "The TLS authority serve's HTTPS answers are signed by (the CA bundle a client trusts), not the signing root.")
    var tls = false

    struct Output: StoreOutput {
        var format: String
        var sha256: String
        var subject: String
        var file: String?
        var pem: String
        var der: Data
        var written: Bool
        var what = "root certificate"

        enum CodingKeys: String, CodingKey { case format, sha256, subject, file, pem }
        var text: String {
            written ? "Wrote the \(what) (\(format.uppercased()), SHA-256 \(sha256)) to \(file ?? "")." : pem
        }
        var raw: Data? { !written && format == "der" ? der : nil }
    }

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            let chain = store.keys.chain
            let authority = tls ? try store.apiHostCertificates() : nil
            let der = try authority?.authorityDER() ?? chain.rootDER()
            let pem = try authority?.authorityPEM() ?? chain.rootPEM()
            let bytes = format == .der ? der : Data(utf8: pem + "\n")
            if let out {
                do { try bytes.write(to: URL(fileURLWithPath: out), options: .atomic) } catch {
                    throw Diagnostic("\(out): cannot write the certificate: \(FileErrorText.reason(error))")
                }
            }
            return Output(format: format.rawValue, sha256: try authority?.authorityFingerprint() ?? chain.rootFingerprint(),
                          subject: "\(authority?.authority.subject ?? chain.root.subject)", file: out,
                          pem: pem, der: der, written: out != nil, what: tls ? "TLS authority" : "root certificate")
        }
    }
}
