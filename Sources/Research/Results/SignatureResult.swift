import Foundation

/// One point of a drawn stroke: position in the signature pad's pixels and milliseconds since the stroke began.
public struct StrokePoint: Codable, Hashable, Sendable {
    /// Horizontal position in the pad, in pixels.
    public var x: Double
    /// Vertical position in the pad, in pixels.
    public var y: Double
    /// Milliseconds since the stroke began.
    public var t: Double

    /// Creates a `StrokePoint` from its members.
    public init(x: Double, y: Double, t: Double) {
        self.x = x
        self.y = y
        self.t = t
    }
}

/// A signature on a consent document: the strokes, their image, the printed name and when it was signed.
public struct SignatureResult: Codable, Hashable, Sendable {
    /// The longest printed name accepted, in characters.
    public static let printedNameLimit = 200

    /// The strokes as drawn, each a list of timed points.
    public var strokes: [[StrokePoint]]
    /// The signature rendered as PNG (base64 in JSON), when the browser sent one.
    public var png: Data?
    /// The name the participant typed beside the signature.
    public var printedName: String
    /// The instant of signing.
    public var signedAt: Date
    /// The participant's UTC offset at signing, like `+08:00`.
    public var utcOffset: String

    /// Creates a `SignatureResult` from its members.
    public init(strokes: [[StrokePoint]], png: Data? = nil, printedName: String, signedAt: Date, utcOffset: String) {
        self.strokes = strokes
        self.png = png
        self.printedName = printedName
        self.signedAt = signedAt
        self.utcOffset = utcOffset
    }

    /// Whether `text` is an offset like `+08:00` or `-05:30`: a sign, two digits of hours up to 14, two of
    /// minutes up to 59 (`+-1:00` and `+ 8:00` are not offsets, though `Int` would read their hours).
    public static func isValidOffset(_ text: String) -> Bool {
        let characters = Array(text)
        let digits = [1, 2, 4, 5]
        guard characters.count == 6, characters[0] == "+" || characters[0] == "-", characters[3] == ":",
            digits.allSatisfy({ characters[$0].isASCII && characters[$0].isWholeNumber }),
            let hours = Int(String(characters[1...2])), let minutes = Int(String(characters[4...5]))
        else { return false }
        return hours <= 14 && minutes < 60
    }
}

/// The result of a consent-document step: what was shown and, when asked, the signature.
public struct ConsentResult: Codable, Hashable, Sendable {
    /// The document's version and language as shown.
    public var documentVersion: String
    /// The language of the document as shown (BCP 47).
    public var language: String
    /// SHA-256 of the exact HTML shown, as lowercase hex; computed by the caller that can hash.
    public var documentSHA256: String?
    /// What signing means, copied from the step.
    public var signatureMeaning: String
    /// The signature, when the document asks for one.
    public var signature: SignatureResult?

    /// Creates a `ConsentResult` from its members.
    public init(
        documentVersion: String,
        language: String,
        documentSHA256: String? = nil,
        signatureMeaning: String,
        signature: SignatureResult?
    ) {
        self.documentVersion = documentVersion
        self.language = language
        self.documentSHA256 = documentSHA256
        self.signatureMeaning = signatureMeaning
        self.signature = signature
    }
}
