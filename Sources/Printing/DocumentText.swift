import CXML2
import Foundation

/// The readable text of an HTML document as headings and paragraphs, in document order, read with libxml2's
/// HTML parser: what a printed copy shows of a document that was signed as HTML. Styles, scripts and the
/// head are left out; white space collapses as a browser collapses it.
///
/// ```swift
/// for block in DocumentText.blocks(html: Data(html.utf8)) { ... }
/// ```
public enum DocumentText {
    /// A heading (level 1 to 6) or a paragraph of text.
    public enum Block: Hashable, Sendable {
        case heading(level: Int, String)
        case paragraph(String)
    }

    /// The blocks of `html` (UTF-8); empty when it has no text (or is larger than libxml2 reads at once).
    public static func blocks(html: Data) -> [Block] {
        guard html.count < Int(Int32.max) else { return [] }
        let options = Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        let document = html.withUnsafeBytes { bytes in
            bytes.baseAddress.flatMap { base in
                htmlReadMemory(base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, "UTF-8", options)
            }
        }
        guard let document else { return [] }
        defer { xmlFreeDoc(document) }
        var reader = Reader()
        reader.walk(xmlDocGetRootElement(document))
        reader.flush()
        return reader.blocks
    }

    private static let skipped: Set<String> = ["head", "style", "script", "title", "noscript", "template"]
    private static let paragraphs: Set<String> = [
        "p", "li", "dt", "dd", "blockquote", "pre", "td", "th", "caption", "figcaption", "address",
    ]
    private static let containers: Set<String> = [
        "html", "body", "div", "section", "article", "header", "footer", "main", "nav", "aside", "ul", "ol", "dl",
        "table", "thead", "tbody", "tfoot", "tr", "figure", "form", "fieldset", "hr",
    ]

    private struct Reader {
        var blocks: [Block] = []
        var pending = ""

        mutating func walk(_ first: xmlNodePtr?) {
            var node = first
            while let current = node {
                visit(current)
                node = current.pointee.next
            }
        }

        mutating func visit(_ node: xmlNodePtr) {
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                pending += DocumentText.content(of: node)
            case XML_ELEMENT_NODE:
                let name = String(cString: node.pointee.name).lowercased()
                if DocumentText.skipped.contains(name) { return }
                if name.count == 2, name.first == "h", let level = Int(name.dropFirst()), (1...6).contains(level) {
                    flush()
                    append(.heading(level: level, DocumentText.collapsed(DocumentText.text(of: node))))
                } else if DocumentText.paragraphs.contains(name) {
                    flush()
                    let text = DocumentText.collapsed(DocumentText.text(of: node))
                    append(.paragraph(name == "li" && !text.isEmpty ? "• \(text)" : text))
                } else if DocumentText.containers.contains(name) {
                    flush()
                    walk(node.pointee.children)
                    flush()
                } else {
                    if name == "br" { pending += " " }
                    walk(node.pointee.children)
                }
            default: break
            }
        }

        mutating func flush() {
            append(.paragraph(DocumentText.collapsed(pending)))
            pending = ""
        }

        mutating func append(_ block: Block) {
            switch block {
            case .heading(_, let text), .paragraph(let text): if !text.isEmpty { blocks.append(block) }
            }
        }
    }

    /// The text of `node` and everything inside it, without skipped elements.
    static func text(of node: xmlNodePtr) -> String {
        var text = ""
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: text += content(of: current)
            case XML_ELEMENT_NODE:
                let name = String(cString: current.pointee.name).lowercased()
                if !skipped.contains(name) { text += name == "br" ? " " : self.text(of: current) }
            default: break
            }
            child = current.pointee.next
        }
        return text
    }

    static func content(of node: xmlNodePtr) -> String {
        node.pointee.content.map { String(cString: $0) } ?? ""
    }

    /// Runs of white space as one space, none at the ends.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
