import Foundation

/// An item's extensions while it is read: each mapped one is taken, and whatever is left at the end is reported,
/// so no extension is dropped unseen.
struct ItemExtensions {
    private var remaining: [(index: Int, url: String, value: JSONValue)] = []
    /// The item control's code (`slider`, `inline`), if the item has one.
    let control: String?

    init(_ item: JSONValue, reader: inout QuestionnaireReader, at place: String) {
        var control: String?
        for (index, each) in (item["extension"]?.arrayValue ?? []).enumerated() {
            guard let url = each["url"]?.stringValue else {
                reader.problem("\(place) extension[\(index)]", "an extension needs its url")
                continue
            }
            if FHIRVocabulary.presentationOnly.contains(url) { continue }
            if url == FHIRVocabulary.itemControl {
                control = each["valueCodeableConcept"]?["coding"]?.arrayValue?.first?["code"]?.stringValue
            }
            remaining.append((index, url, each))
        }
        self.control = control
    }

    /// The extension with `url`, removed from those left to report.
    mutating func take(_ url: String) -> JSONValue? {
        guard let position = remaining.firstIndex(where: { $0.url == url }) else { return nil }
        return remaining.remove(at: position).value
    }

    /// Marks the item control as read.
    mutating func ignoreControl() { _ = take(FHIRVocabulary.itemControl) }

    /// Reports every extension nobody took.
    func finish(reader: inout QuestionnaireReader, at place: String) {
        for each in remaining {
            if each.url == FHIRVocabulary.itemControl {
                reader.problem(place, "item control '\(control ?? "?")' cannot be mapped for this item")
            } else {
                reader.problem(place, "unsupported extension '\(each.url)'")
            }
        }
    }
}
