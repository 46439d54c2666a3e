internal import CPangoCairo

/// A pango layout of one text in one style, wrapped at a width; freed in `deinit`.
final class TextLayout {
    let layout: OpaquePointer

    init(_ context: OpaquePointer, text: String, style: TextStyle, width: Double) {
        layout = pango_layout_new(context)
        let font = pango_font_description_from_string(style.pangoDescription)
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_text(layout, text, -1)
        // A hash or a signature broken over two lines must not gain a hyphen that is not in it.
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// The wrapped text's height in points.
    var height: Double {
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        return Double(height) / Double(PANGO_SCALE)
    }

    /// Each line's height and its baseline below the line's top, in points.
    func lines() -> [(height: Double, baseline: Double)] {
        var result: [(height: Double, baseline: Double)] = []
        guard let iterator = pango_layout_get_iter(layout) else { return result }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let baseline = pango_layout_iter_get_baseline(iterator)
            let scale = Double(PANGO_SCALE)
            result.append((Double(logical.height) / scale, Double(baseline - logical.y) / scale))
        } while pango_layout_iter_next_line(iterator) != 0
        return result
    }
}
