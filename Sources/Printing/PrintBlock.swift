import Foundation

/// One piece of a printed document, laid out top to bottom: text, an image, a rule, a row of label and value,
/// or a group kept on one page.
public indirect enum PrintBlock: Sendable {
    /// Text in `style`, wrapped to the page's width.
    case text(String, TextStyle)
    /// A PNG image scaled to fit `maxWidth` by `maxHeight` points, framed; `fallback` is printed instead when
    /// the bytes are not a readable PNG.
    case image(Data, maxWidth: Double, maxHeight: Double, fallback: String)
    /// A thin horizontal line across the page.
    case rule
    /// Empty space of this many points.
    case space(Double)
    /// A label in the left column and its value beside it.
    case field(label: String, value: String, valueStyle: TextStyle)
    /// Blocks that are never split over two pages (unless they alone are taller than a page).
    case group([PrintBlock])
}

/// How a text block looks: a pango font description, colour and the space around it.
public struct TextStyle: Sendable {
    /// The font families in order of preference, with weight, as pango reads them (`"Noto Sans CJK SC, sans"`).
    public var font: String
    /// The size in points.
    public var size: Double
    /// Bold when true.
    public var bold: Bool
    /// Red, green and blue from 0 to 1.
    public var color: (Double, Double, Double)
    /// Points of space above the text.
    public var spaceBefore: Double
    /// Points of space below the text.
    public var spaceAfter: Double
    /// A block in this style stays on the page of the block after it (headings).
    public var keepWithNext: Bool

    /// A style; by default the body text.
    public init(
        font: String = TextStyle.sans, size: Double = 10, bold: Bool = false,
        color: (Double, Double, Double) = (0, 0, 0),
        spaceBefore: Double = 0, spaceAfter: Double = 6, keepWithNext: Bool = false
    ) {
        self.font = font
        self.size = size
        self.bold = bold
        self.color = color
        self.spaceBefore = spaceBefore
        self.spaceAfter = spaceAfter
        self.keepWithNext = keepWithNext
    }

    /// Proportional families with CJK coverage first (Debian's fonts-noto-cjk), then common fallbacks.
    public static let sans = "Noto Sans CJK SC, Noto Sans, DejaVu Sans, sans-serif"
    /// Fixed-width families for hashes and signatures.
    public static let mono = "Noto Sans Mono CJK SC, DejaVu Sans Mono, monospace"

    /// The pango font description text, like `"Noto Sans CJK SC, sans Bold 10"`.
    var pangoDescription: String { "\(font)\(bold ? " Bold" : "") \(size)" }
}
