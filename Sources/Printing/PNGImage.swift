internal import CPangoCairo
import Foundation

/// A PNG decoded by cairo into an image surface; freed in `deinit`.
final class PNGImage {
    let surface: OpaquePointer
    let width: Double
    let height: Double

    /// Nil when `png` is not a PNG cairo can read (or has no pixels).
    init?(_ png: Data) {
        let reader = PNGReader(png)
        let closure = Unmanaged.passUnretained(reader).toOpaque()
        guard
            let surface = cairo_image_surface_create_from_png_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    return Unmanaged<PNGReader>.fromOpaque(closure).takeUnretainedValue().read(into: data, Int(length))
                }, closure)
        else { return nil }
        let width = cairo_image_surface_get_width(surface)
        let height = cairo_image_surface_get_height(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, width > 0, height > 0 else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        self.width = Double(width)
        self.height = Double(height)
    }

    deinit { cairo_surface_destroy(surface) }
}

/// Hands cairo the PNG's bytes in the pieces it asks for.
private final class PNGReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ data: Data) { bytes = [UInt8](data) }

    func read(into buffer: UnsafeMutablePointer<UInt8>, _ length: Int) -> cairo_status_t {
        guard length <= bytes.count - offset else { return CAIRO_STATUS_READ_ERROR }
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { buffer.update(from: base + offset, count: length) }
        }
        offset += length
        return CAIRO_STATUS_SUCCESS
    }
}
