/// Rules every piece of free text a participant types obeys, whatever its format.
enum FreeText {
    /// Whether `text` holds a control character (Unicode general category Cc: NUL, escape, DEL, C1 controls),
    /// other than line feed, carriage return and tab when `allowingLineBreaks`. Such characters cut values in
    /// other programs (NUL ends C strings) and hide content in exports; no answer needs them.
    static func hasControlCharacter(_ text: String, allowingLineBreaks: Bool) -> Bool {
        text.unicodeScalars.contains { scalar in
            guard scalar.properties.generalCategory == .control else { return false }
            return !(allowingLineBreaks && (scalar == "\n" || scalar == "\r" || scalar == "\t"))
        }
    }
}
