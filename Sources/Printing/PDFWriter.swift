internal import CPangoCairo
import Foundation

/// Lays ``PrintBlock``s out on A4 pages with pango and writes them as a PDF with cairo: text is shaped and
/// wrapped by pango with the system's fonts (CJK included), paragraphs break between lines across pages,
/// headings stay with what follows, groups stay on one page, and every page gets a footer.
///
/// ```swift
/// let pdf = try PDFWriter.render(
///     [.text("Title", TextStyle(size: 18, bold: true)), .text("Body", TextStyle())], language: "en",
///     title: "Example", footer: { page, pages in "Page \(page) of \(pages)" })
/// ```
public enum PDFWriter {
    /// A4 in points, with 20 mm margins.
    public struct PageSetup: Sendable {
        /// The page's width and height in points.
        public var width = 595.276, height = 841.89
        /// The margin on every side, in points.
        public var margin = 56.7
        /// The width of a ``PrintBlock/field(label:value:valueStyle:)``'s label column, in points.
        public var labelWidth = 150.0

        /// A4 portrait.
        public static let a4 = PageSetup()

        var contentWidth: Double { width - 2 * margin }
        var top: Double { margin }
        /// The last point text may reach: the footer sits below it in the bottom margin.
        var bottom: Double { height - margin }
    }

    /// The PDF of `blocks` in `language` (a BCP 47 tag, which picks the CJK glyph forms), with `title` in its
    /// metadata and `footer(page, pages)` centred at the bottom of every page.
    public static func render(
        _ blocks: [PrintBlock], language: String, title: String, setup: PageSetup = .a4,
        footer: (Int, Int) -> String
    ) throws -> Data {
        // pango's font map and fontconfig's caches are per thread at best: one document is laid out at a time.
        lock.lock()
        defer { lock.unlock() }
        let canvas = try PDFCanvas(setup: setup, language: language, title: title)
        let items = blocks.flatMap { canvas.measure($0, width: setup.contentWidth) }
        let pages = paginate(items, setup: setup)
        let footerStyle = TextStyle(size: 8, color: (0.35, 0.35, 0.35), spaceAfter: 0)
        for (index, page) in pages.enumerated() {
            for (item, y) in page { item.draw(setup.margin, y) }
            let text = canvas.measure(.text(footer(index + 1, pages.count), footerStyle), width: setup.contentWidth)
            if let line = text.first {
                line.draw(setup.margin, setup.height - setup.margin / 2 - line.height)
            }
            canvas.showPage()
        }
        return try canvas.finish()
    }

    private static let lock = NSLock()

    /// The items of each page with the y at which each starts. Space at the top of a page is dropped; an item
    /// that keeps with the next one moves to a new page unless the run and the following item fit.
    static func paginate(_ items: [PlacedItem], setup: PageSetup) -> [[(PlacedItem, Double)]] {
        var pages: [[(PlacedItem, Double)]] = [[]]
        var y = setup.top
        for (index, item) in items.enumerated() {
            if item.isSpace && y == setup.top { continue }
            var needed = item.height
            var next = index
            while next < items.count && items[next].keepWithNext && next + 1 < items.count {
                next += 1
                needed += items[next].height
            }
            let fitsOnAnEmptyPage = needed <= setup.bottom - setup.top
            if y > setup.top && y + (fitsOnAnEmptyPage ? needed : item.height) > setup.bottom {
                pages.append([])
                y = setup.top
                if item.isSpace { continue }
            }
            pages[pages.count - 1].append((item, y))
            y += item.height
        }
        return pages.filter { !$0.isEmpty }.isEmpty ? [[]] : pages.filter { !$0.isEmpty }
    }
}

/// A measured piece of a page: its height, whether it stays with the next, and how to draw it at (x, y).
struct PlacedItem {
    var height: Double
    var keepWithNext = false
    var isSpace = false
    var draw: (Double, Double) -> Void
}

/// Why a PDF could not be made: cairo's status text (never the document's content).
public struct PrintError: Error, CustomStringConvertible, Sendable {
    /// What failed.
    public let description: String
}
