import CPangoCairo
import Foundation

/// A signature drawn as a participant draws it, two strokes on a transparent canvas, as PNG bytes (cairo's
/// own PNG writer): what the consent step stores.
enum SignatureDrawing {
    static func png(width: Int32 = 600, height: Int32 = 240) -> Data {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return Data() }
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)
        defer { cairo_destroy(cairo) }
        cairo_set_source_rgb(cairo, 0.05, 0.1, 0.35)
        cairo_set_line_width(cairo, 6)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_move_to(cairo, 40, 170)
        cairo_curve_to(cairo, 90, 20, 150, 20, 170, 150)
        cairo_curve_to(cairo, 190, 230, 250, 60, 300, 120)
        cairo_curve_to(cairo, 340, 170, 380, 90, 420, 130)
        cairo_stroke(cairo)
        cairo_move_to(cairo, 440, 110)
        cairo_curve_to(cairo, 480, 60, 520, 200, 560, 100)
        cairo_stroke(cairo)
        final class Sink { var bytes = Data() }
        let sink = Sink()
        _ = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(data, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        return sink.bytes
    }
}
