import Foundation

/// The content of an instruction step: an optional image and body items.
public struct Instruction: Codable, Hashable, Sendable {
    /// A name the web layer resolves to an image asset, such as `welcome_header`.
    public var imageName: String?
    /// The items listed under the text, in order.
    public var bodyItems: [BodyItem]

    /// Creates an `Instruction` from its members.
    public init(imageName: String? = nil, bodyItems: [BodyItem] = []) {
        self.imageName = imageName
        self.bodyItems = bodyItems
    }

    private enum CodingKeys: String, CodingKey {
        case imageName, bodyItems
    }

    /// Decodes the step's `imageName` and `bodyItems`; missing body items are none.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            imageName: try c.decodeIfPresent(String.self, forKey: .imageName),
            bodyItems: try c.decodeIfPresent([BodyItem].self, forKey: .bodyItems) ?? []
        )
    }
}

/// One item of an instruction step's body: a line of text with an icon, a bullet or an image.
public struct BodyItem: Codable, Hashable, Sendable {
    /// How the item is set off from the text around it.
    public enum Style: String, Codable, Hashable, Sendable {
        case text, bullet, image
    }

    /// The text shown to the participant.
    public var text: String
    /// Secondary text shown under the main text.
    public var detail: String?
    /// An icon name, such as `heart.fill`, for the `image` style.
    public var iconName: String?
    /// How it is presented.
    public var style: Style
    /// Longer text shown behind a "Learn more" link.
    public var learnMore: String?

    /// Creates a `BodyItem` from its members.
    public init(text: String, detail: String? = nil, iconName: String? = nil, style: Style, learnMore: String? = nil) {
        self.text = text
        self.detail = detail
        self.iconName = iconName
        self.style = style
        self.learnMore = learnMore
    }
}
