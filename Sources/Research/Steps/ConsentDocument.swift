import Foundation

/// A consent document shown as HTML, optionally followed by a signature.
public struct ConsentDocument: Codable, Hashable, Sendable {
    /// The whole HTML document; its exact bytes are what the participant signs.
    public var html: String
    /// The document's version, such as `1.0`.
    public var version: String
    /// Its language as a BCP 47 tag, such as `en` or `zh-Hans`.
    public var language: String
    /// Whether a printed name and a drawn signature are asked for after the content.
    public var signatureAfterContent: Bool
    /// What signing means, shown beside the signature and kept with it (21 CFR 11.50).
    public var signatureMeaning: String

    /// Creates a `ConsentDocument` from its members.
    public init(html: String, version: String, language: String, signatureAfterContent: Bool, signatureMeaning: String)
    {
        self.html = html
        self.version = version
        self.language = language
        self.signatureAfterContent = signatureAfterContent
        self.signatureMeaning = signatureMeaning
    }
}
