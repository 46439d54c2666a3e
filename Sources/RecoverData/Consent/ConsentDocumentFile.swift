import Foundation
import Research

/// A consent document version as a study team writes it (docs/consent.md, "Publishing a new version"):
///
/// ```json
/// {"document": "participation", "version": "1.1", "required": true,
///  "languages": {"en": {"title": "...", "htmlFile": "participation-1.1.en.html", "signatureMeaning": "..."},
///                "zh-Hans": {"title": "...", "html": "<!DOCTYPE html>...", "signatureMeaning": "..."}}}
/// ```
///
/// Each language gives its HTML inline (`html`) or as a file beside the JSON (`htmlFile`), exactly one.
public enum ConsentDocumentFile {
    /// The version the file describes, taking effect at `publishedAt`, or every problem found, each named by
    /// its location in the file (`languages.en.title: missing`).
    public static func parse(_ data: Data, directory: URL, publishedAt: Date) -> Result<
        ConsentDocumentVersion, ConsentLibraryError
    > {
        guard let root = JSONValue.parse(data)?.objectValue else {
            return .failure(ConsentLibraryError(problems: ["the file is not a JSON object"]))
        }
        var problems: [String] = []
        let known: Set<String> = ["document", "version", "required", "languages"]
        for key in root.keys.sorted() where !known.contains(key) { problems.append("\(key): unknown field") }
        func string(_ object: [String: JSONValue], _ key: String, at path: String) -> String? {
            guard let value = object[key] else {
                problems.append("\(path)\(key): missing")
                return nil
            }
            guard let text = value.stringValue else {
                problems.append("\(path)\(key): must be a string")
                return nil
            }
            return text
        }
        let documentID = string(root, "document", at: "")
        let version = string(root, "version", at: "")
        var isRequired = false
        switch root["required"] {
        case .bool(let value)?: isRequired = value
        case nil: problems.append("required: missing (true or false)")
        default: problems.append("required: must be true or false")
        }
        var texts: [String: ConsentDocumentVersion.Text] = [:]
        if let languages = root["languages"]?.objectValue {
            for (language, value) in languages.sorted(by: { $0.key < $1.key }) {
                let path = "languages.\(language)."
                guard let entry = value.objectValue else {
                    problems.append("languages.\(language): must be an object")
                    continue
                }
                let fields: Set<String> = ["title", "html", "htmlFile", "signatureMeaning"]
                for key in entry.keys.sorted() where !fields.contains(key) {
                    problems.append("\(path)\(key): unknown field")
                }
                let title = string(entry, "title", at: path)
                let meaning = string(entry, "signatureMeaning", at: path)
                var html: String?
                switch (entry["html"], entry["htmlFile"]) {
                case (.string(let inline)?, nil): html = inline
                case (nil, .string(let name)?):
                    let file = directory.appending(path: name)
                    if name.hasPrefix("/") || name.split(separator: "/").contains("..") {
                        problems.append("\(path)htmlFile: must name a file beside the JSON file")
                    } else if let bytes = try? Data(contentsOf: file) {
                        if let text = String(data: bytes, encoding: .utf8) {
                            html = text
                        } else {
                            problems.append("\(path)htmlFile: \(name) is not UTF-8 text")
                        }
                    } else {
                        problems.append("\(path)htmlFile: cannot read \(name)")
                    }
                case (nil, nil): problems.append("\(path)html: missing (give html or htmlFile)")
                case (.some, .some): problems.append("\(path)html: give html or htmlFile, not both")
                default: problems.append("\(path)html: must be a string")
                }
                if let title, let meaning, let html {
                    texts[language] = ConsentDocumentVersion.Text(title: title, html: html, signatureMeaning: meaning)
                }
            }
        } else {
            problems.append(root["languages"] == nil ? "languages: missing" : "languages: must be an object")
        }
        guard problems.isEmpty, let documentID, let version else {
            return .failure(ConsentLibraryError(problems: problems))
        }
        return .success(
            ConsentDocumentVersion(
                documentID: documentID, version: version, isRequired: isRequired, texts: texts,
                publishedAt: publishedAt))
    }
}
