import Crypto
import Foundation

/// The private keys of a state's root and intermediate certificate authorities: they sign the
/// chain once, and then every OCSP answer about it (the leaf's status by the intermediate, the
/// intermediate's by the root), as Apple's authorities answer for theirs.
public struct CertificateAuthorityKeys: @unchecked Sendable {
    public let root: P256.Signing.PrivateKey
    public let intermediate: P256.Signing.PrivateKey

    public init(root: P256.Signing.PrivateKey, intermediate: P256.Signing.PrivateKey) {
        self.root = root
        self.intermediate = intermediate
    }

    /// New keys from the system's randomness.
    public static func random() -> CertificateAuthorityKeys {
        CertificateAuthorityKeys(root: P256.Signing.PrivateKey(), intermediate: P256.Signing.PrivateKey())
    }
}
