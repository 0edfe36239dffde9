import ArgumentParser
import Foundation
import PaywallFoundation
import StoreSim

/// `store revoke-certificate`: makes `serve`'s OCSP responder answer `revoked` for a certificate of
/// the chain, to test how a backend with online checks handles a revoked chain.
struct StoreRevokeCertificateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke-certificate",
        abstract: "Revoke the signing chain's leaf or intermediate certificate (OCSP answers revoked); --reinstate makes it good again.",
        discussion: """
        Apple's SignedDataVerifier with online checks on asks the OCSP responder each certificate names \
        (http://ocsp.paywallsim.test/ocsp, answered by `serve` through HTTP_PROXY) and refuses every \
        signed object of a revoked chain. Signing goes on as before: only the certificate's status changes.
        """)

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("Which certificate: leaf or intermediate.", valueName: "leaf|intermediate"))
    var certificate: String
    @Flag(name: .long, help: "Make the certificate good again.")
    var reinstate = false

    struct Output: StoreOutput {
        var certificate: String
        var revoked: Bool
        var at: String?
        var text: String {
            revoked ? "The \(certificate) certificate is revoked as of \(at ?? ""): OCSP answers revoked, and a verifier with online checks refuses every signed object."
                : "The \(certificate) certificate is good again: OCSP answers good."
        }
    }

    func validate() throws {
        guard CertificateRole(rawValue: certificate) != nil else {
            throw ValidationError("certificate \(certificate): expected leaf or intermediate")
        }
    }

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            guard store.keys.authorities != nil else {
                throw Diagnostic("this state's certificate chain was made before OCSP and names no responder; a new state directory has one")
            }
            let role = CertificateRole(rawValue: certificate) ?? .leaf
            // Revocation is a fact of the real world, not of the simulated clock: OCSP answers at wall time.
            let at = reinstate ? nil : Date()
            try store.setCertificateRevoked(role, at: at)
            return Output(certificate: role.rawValue, revoked: !reinstate, at: at.map(ISO8601.string))
        }
    }
}
