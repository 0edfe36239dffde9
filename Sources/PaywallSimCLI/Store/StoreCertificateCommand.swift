import ArgumentParser
import Foundation
import PaywallFoundation
import StoreSim

/// `store certificate`: the root certificate a verifier trusts to check what the simulator signs.
struct StoreCertificateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "certificate",
        abstract: "Export the state directory's root certificate: give it to Apple's SignedDataVerifier (or your own verifier) as the only trusted root.",
        discussion: """
        Every signed transaction, renewal info, AppTransaction and notification carries an x5c chain \
        (leaf, intermediate, root) shaped as Apple's, with Apple's marker extensions; the root is made \
        once per state directory. With --environment Sandbox, Apple's App Store Server Library \
        verifies them (online checks off) against this root.
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case pem, der }

    @OptionGroup var options: StoreOptions
    @Option(name: .long, help: ArgumentHelp("pem (text) or der (bytes).", valueName: "pem|der"))
    var format: Format = .pem
    @Option(name: .long, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "FILE"))
    var out: String?

    struct Output: StoreOutput {
        var format: String
        var sha256: String
        var subject: String
        var file: String?
        var pem: String
        var der: Data
        var written: Bool

        enum CodingKeys: String, CodingKey { case format, sha256, subject, file, pem }
        var text: String {
            written ? "Wrote the root certificate (\(format.uppercased()), SHA-256 \(sha256)) to \(file ?? "")." : pem
        }
        var raw: Data? { !written && format == "der" ? der : nil }
    }

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            let chain = store.keys.chain
            let der = try chain.rootDER()
            let pem = try chain.rootPEM()
            let bytes = format == .der ? der : Data(utf8: pem + "\n")
            if let out {
                do { try bytes.write(to: URL(fileURLWithPath: out), options: .atomic) } catch {
                    throw Diagnostic("\(out): cannot write the certificate: \(FileErrorText.reason(error))")
                }
            }
            return Output(format: format.rawValue, sha256: try chain.rootFingerprint(), subject: "\(chain.root.subject)", file: out,
                          pem: pem, der: der, written: out != nil)
        }
    }
}
