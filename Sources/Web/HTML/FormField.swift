/// Labelled form inputs with hints and error messages wired for screen readers.
public enum FormField {
    /// A labelled `<input>`.
    public static func input(
        name: String, label: String, type: String = "text", value: String = "", autocomplete: String? = nil,
        hint: String? = nil, error: String? = nil, required: Bool = true, extra: HTML = .empty
    ) -> HTML {
        let hintID = "\(name)-hint"
        let errorID = "\(name)-error"
        var describedBy: [String] = []
        if hint != nil { describedBy.append(hintID) }
        if error != nil { describedBy.append(errorID) }
        let described: HTML =
            describedBy.isEmpty ? .empty : " aria-describedby=\"\(describedBy.joined(separator: " "))\""
        let auto: HTML = autocomplete.map { " autocomplete=\"\($0)\"" } ?? .empty
        let invalid: HTML = error == nil ? .empty : " aria-invalid=\"true\""
        let requiredAttribute: HTML = required ? " required" : .empty
        let hintHTML: HTML = hint.map { "<p class=\"hint\" id=\"\(hintID)\">\($0)</p>" } ?? .empty
        let errorHTML: HTML = error.map { "<p class=\"field-error\" id=\"\(errorID)\">\($0)</p>" } ?? .empty
        return """
            <div class="field">
            <label for="\(name)">\(label)</label>
            \(hintHTML)\(errorHTML)
            <input id="\(name)" name="\(name)" type="\(type)" value="\(value)"\(auto)\(described)\(invalid)\(requiredAttribute)\(extra)>
            </div>
            """
    }
}
