internal import CPangoCairo
import Foundation

typealias CairoSurface = OpaquePointer
typealias CairoContext = OpaquePointer

/// One PDF being written: cairo's PDF surface streaming into memory, its drawing context and the pango
/// context that lays text out for it. Freed in `deinit`.
final class PDFCanvas {
    private let output = OutputBuffer()
    private let surface: CairoSurface
    private let cairo: CairoContext
    private let pango: OpaquePointer
    private let setup: PDFWriter.PageSetup

    init(setup: PDFWriter.PageSetup, language: String, title: String) throws {
        self.setup = setup
        let closure = Unmanaged.passUnretained(output).toOpaque()
        guard
            let surface = cairo_pdf_surface_create_for_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    Unmanaged<OutputBuffer>.fromOpaque(closure).takeUnretainedValue().bytes.append(
                        data, count: Int(length))
                    return CAIRO_STATUS_SUCCESS
                }, closure, setup.width, setup.height)
        else { throw PrintError(description: "cairo could not create a PDF surface") }
        self.surface = surface
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Recover")
        guard let cairo = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw PrintError(description: "cairo could not create a drawing context")
        }
        self.cairo = cairo
        guard let pango = pango_cairo_create_context(cairo) else {
            cairo_destroy(cairo)
            cairo_surface_destroy(surface)
            throw PrintError(description: "pango could not create a context")
        }
        self.pango = pango
        pango_context_set_language(pango, pango_language_from_string(language))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pango))
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// Ends the current page.
    func showPage() { cairo_show_page(cairo) }

    /// Finishes the document and returns its bytes.
    func finish() throws -> Data {
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PrintError(
                description: "cairo could not write the PDF: \(String(cString: cairo_status_to_string(status)))")
        }
        return output.bytes
    }

    /// The items `block` takes on a page `width` points wide.
    func measure(_ block: PrintBlock, width: Double) -> [PlacedItem] {
        switch block {
        case .text(let text, let style): return lines(of: text, style: style, width: width)
        case .space(let points): return [PlacedItem(height: points, isSpace: true, draw: { _, _ in })]
        case .rule:
            return [
                PlacedItem(height: 12) { [cairo] x, y in
                    cairo_set_source_rgb(cairo, 0.6, 0.6, 0.6)
                    cairo_set_line_width(cairo, 0.5)
                    cairo_move_to(cairo, x, y + 6)
                    cairo_line_to(cairo, x + width, y + 6)
                    cairo_stroke(cairo)
                }
            ]
        case .image(let png, let maxWidth, let maxHeight, let fallback):
            guard let image = PNGImage(png) else {
                return lines(of: fallback, style: TextStyle(color: (0.6, 0, 0)), width: width)
            }
            return [imageItem(image, maxWidth: maxWidth, maxHeight: maxHeight)]
        case .field(let label, let value, let valueStyle):
            return [field(label, value, valueStyle: valueStyle, width: width)]
        case .group(let blocks):
            let items = blocks.flatMap { measure($0, width: width) }
            return [
                PlacedItem(height: items.reduce(0) { $0 + $1.height }) { x, y in
                    var top = y
                    for item in items {
                        item.draw(x, top)
                        top += item.height
                    }
                }
            ]
        }
    }

    /// One item per line of the wrapped text, the first with the space before, the last with the space after.
    private func lines(of text: String, style: TextStyle, width: Double) -> [PlacedItem] {
        let layout = TextLayout(pango, text: text, style: style, width: width)
        let lines = layout.lines()
        return lines.enumerated().map { index, line in
            let before = index == 0 ? style.spaceBefore : 0
            let after = index == lines.count - 1 ? style.spaceAfter : 0
            return PlacedItem(height: before + line.height + after, keepWithNext: style.keepWithNext) {
                [cairo] x, y in
                let (red, green, blue) = style.color
                cairo_set_source_rgb(cairo, red, green, blue)
                cairo_move_to(cairo, x, y + before + line.baseline)
                pango_cairo_show_layout_line(cairo, pango_layout_get_line_readonly(layout.layout, Int32(index)))
            }
        }
    }

    private func field(_ label: String, _ value: String, valueStyle: TextStyle, width: Double) -> PlacedItem {
        let gap = 10.0
        let labelStyle = TextStyle(size: 9, bold: true, color: (0.25, 0.25, 0.25))
        let labelLayout = TextLayout(pango, text: label, style: labelStyle, width: setup.labelWidth)
        let valueLayout = TextLayout(pango, text: value, style: valueStyle, width: width - setup.labelWidth - gap)
        let height = max(labelLayout.height, valueLayout.height) + 5
        return PlacedItem(height: height) { [cairo, setup] x, y in
            cairo_set_source_rgb(cairo, 0.25, 0.25, 0.25)
            cairo_move_to(cairo, x, y)
            pango_cairo_show_layout(cairo, labelLayout.layout)
            let (red, green, blue) = valueStyle.color
            cairo_set_source_rgb(cairo, red, green, blue)
            cairo_move_to(cairo, x + setup.labelWidth + gap, y)
            pango_cairo_show_layout(cairo, valueLayout.layout)
        }
    }

    private func imageItem(_ image: PNGImage, maxWidth: Double, maxHeight: Double) -> PlacedItem {
        let padding = 6.0
        let scale = min(maxWidth / image.width, maxHeight / image.height)
        let (width, height) = (image.width * scale, image.height * scale)
        return PlacedItem(height: height + 2 * padding + 4) { [cairo] x, y in
            cairo_save(cairo)
            cairo_set_source_rgb(cairo, 0.75, 0.75, 0.75)
            cairo_set_line_width(cairo, 0.5)
            cairo_rectangle(cairo, x, y, width + 2 * padding, height + 2 * padding)
            cairo_stroke(cairo)
            cairo_translate(cairo, x + padding, y + padding)
            cairo_scale(cairo, scale, scale)
            cairo_set_source_surface(cairo, image.surface, 0, 0)
            cairo_paint(cairo)
            cairo_restore(cairo)
        }
    }
}

/// The bytes cairo has written so far.
private final class OutputBuffer {
    var bytes = Data()
}
