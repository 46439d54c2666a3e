import CXML2
import Foundation

/// libxml2's SAX2 parser pulling `export.xml` (`xmlCreateIOParserCtxt`), with callbacks that hand each
/// `<Record>`'s attributes to `onRecord` and keep nothing of the document.
///
/// Safe by configuration: no entity substitution (`XML_PARSE_NOENT` off), no external DTD (`XML_PARSE_DTDLOAD`
/// off), no network (`XML_PARSE_NONET`), libxml2's default limits (`XML_PARSE_HUGE` never set), and any
/// `<!ENTITY>` declaration stops the parse: Apple's DTD declares none, and refusing them removes external
/// entities and entity bombs whatever the parser would do with them. The context is freed in `deinit`.
final class ExportXMLParser {
    /// libxml2's parser context.
    typealias Context = xmlParserCtxtPtr

    private var context: Context?
    private let onRecord: (RecordAttributes, RecordInterpreter.Placement) -> Void
    private var failure: HealthImportError?
    /// An error of the byte source (the zip), which outranks what libxml2 makes of the missing bytes.
    private var sourceFailure: (any Error)?
    private var nextBlock: () throws -> UnsafeRawBufferPointer? = { nil }
    private var pending = UnsafeRawBufferPointer(start: nil, count: 0)
    private var sawRoot = false
    /// Depth of the `<Correlation>` being read (0 outside), and whether it is a blood pressure one.
    private var correlationDepth = 0
    private var depth = 0
    private var inBloodPressure = false

    private static let bloodPressure = ByteWord("HKCorrelationTypeIdentifierBloodPressure")

    init(onRecord: @escaping (RecordAttributes, RecordInterpreter.Placement) -> Void) {
        self.onRecord = onRecord
    }

    deinit {
        guard let context else { return }
        // libxml2 can leave a document shell (xmlNewDoc, with a DTD node) in the context even with these
        // handlers, and xmlFreeParserCtxt does not free it: found by the health fuzz target under LeakSanitizer.
        if let document = context.pointee.myDoc {
            context.pointee.myDoc = nil
            xmlFreeDoc(document)
        }
        xmlFreeParserCtxt(context)
    }

    /// Parses the whole document, pulling its bytes from `nextBlock` (nil at the end) as libxml2 asks for them.
    ///
    /// Pulled rather than pushed: libxml2's push mode scans each element twice (once to see it is complete).
    func parse(reading nextBlock: () throws -> UnsafeRawBufferPointer?) throws {
        try withoutActuallyEscaping(nextBlock) { nextBlock in
            self.nextBlock = nextBlock
            defer { self.nextBlock = { nil } }
            try parseDocument()
        }
    }

    /// libxml2's one-time set-up, run once per process (Swift initialises a static `let` exactly once), since
    /// two first calls of `xmlInitParser` racing on two threads are not safe in libxml2 2.9.
    private static let libraryReady: Void = xmlInitParser()

    private func parseDocument() throws {
        Self.libraryReady
        // Errors and logs never quote the file: libxml2's generic errors would print its bytes to stderr.
        recover_xml_silence_generic_errors()
        var handler = Self.handler()
        let me = Unmanaged.passUnretained(self).toOpaque()
        context = xmlCreateIOParserCtxt(&handler, me, Self.read, nil, me, XML_CHAR_ENCODING_NONE)
        guard let context else {
            throw HealthImportError(.malformedXML, "cannot start the XML parser (out of memory)")
        }
        // NONET only: no NOENT, DTDLOAD, DTDATTR, DTDVALID or HUGE.
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
        let result = xmlParseDocument(context)
        if let sourceFailure { throw sourceFailure }
        if let failure { throw failure }
        guard result == 0, context.pointee.wellFormed != 0 else {
            throw HealthImportError(.malformedXML, "export.xml is not well-formed XML")
        }
        guard sawRoot else {
            throw HealthImportError(.notAHealthExport, "export.xml holds no HealthData element")
        }
    }

    /// libxml2's read callback: copies the next bytes into its buffer; 0 at the end, -1 on a source error.
    private static let read: xmlInputReadCallback = { context, buffer, capacity in
        guard let context, let buffer, capacity > 0 else { return -1 }
        return Unmanaged<ExportXMLParser>.fromOpaque(context).takeUnretainedValue()
            .read(into: buffer, capacity: Int(capacity))
    }

    private func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int32 {
        do {
            while pending.isEmpty {
                guard let block = try nextBlock() else { return 0 }
                pending = block
            }
        } catch {
            sourceFailure = error
            return -1
        }
        let count = min(capacity, pending.count)
        if let base = pending.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: count) }
        pending = UnsafeRawBufferPointer(rebasing: pending.dropFirst(count))
        return Int32(count)
    }

    private func stop(_ error: HealthImportError) {
        if failure == nil { failure = error }
        xmlStopParser(context)
    }

    private var line: Int { Int(context.map { xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0)) } ?? 0) }

    // MARK: Callbacks

    fileprivate func startElement(
        _ name: UnsafePointer<UInt8>, _ count: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        depth += 1
        guard sawRoot else {
            sawRoot = true
            if !Self.named(name, "HealthData") {
                stop(HealthImportError(.notAHealthExport, "export.xml's root element is not HealthData"))
            }
            return
        }
        if Self.named(name, "Record") {
            let placement: RecordInterpreter.Placement =
                correlationDepth == 0 ? .topLevel : inBloodPressure ? .insideBloodPressure : .insideOtherCorrelation
            onRecord(Self.recordAttributes(count, attributes), placement)
        } else if correlationDepth == 0, Self.named(name, "Correlation") {
            correlationDepth = depth
            inBloodPressure = Self.attribute("type", count, attributes).map(Self.bloodPressure.matches) ?? false
        }
    }

    fileprivate func endElement() {
        if depth == correlationDepth {
            correlationDepth = 0
            inBloodPressure = false
        }
        depth -= 1
    }

    fileprivate func declaredEntity() {
        stop(
            HealthImportError(
                .entityDeclaration,
                "export.xml declares an entity (line \(line)); Health exports declare none, and entities can read "
                    + "local files or expand without bound, so the file is refused"))
    }

    fileprivate func reportError(level: xmlErrorLevel, code: Int32, line: Int32) {
        guard level == XML_ERR_FATAL, failure == nil else { return }
        let isEntityLimit = code == Int32(XML_ERR_ENTITY_LOOP.rawValue)
        failure = HealthImportError(
            .malformedXML,
            isEntityLimit
                ? "export.xml expands entities beyond libxml2's limits (line \(line)); the file is refused"
                : "export.xml is not well-formed XML at line \(line) (libxml2 error \(code))")
    }

    // MARK: Attribute access

    /// `attributes` holds five pointers per attribute: local name, prefix, URI, value start, value end.
    private static func recordAttributes(
        _ count: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) -> RecordAttributes {
        var record = RecordAttributes()
        guard let attributes else { return record }
        for index in 0..<count {
            guard let name = attributes[5 * index], let value = value(attributes, index) else { continue }
            switch name[0] {
            case UInt8(ascii: "t") where named(name, "type"): record.type = value
            case UInt8(ascii: "s") where named(name, "sourceName"): record.sourceName = value
            case UInt8(ascii: "s") where named(name, "startDate"): record.startDate = value
            case UInt8(ascii: "e") where named(name, "endDate"): record.endDate = value
            case UInt8(ascii: "u") where named(name, "unit"): record.unit = value
            case UInt8(ascii: "v") where named(name, "value"): record.value = value
            default: break
            }
        }
        return record
    }

    private static func attribute(
        _ wanted: StaticString, _ count: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) -> UnsafeBufferPointer<UInt8>? {
        guard let attributes else { return nil }
        for index in 0..<count {
            if let name = attributes[5 * index], named(name, wanted) { return value(attributes, index) }
        }
        return nil
    }

    private static func value(
        _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>, _ index: Int
    ) -> UnsafeBufferPointer<UInt8>? {
        guard let start = attributes[5 * index + 3], let end = attributes[5 * index + 4], end >= start else {
            return nil
        }
        return UnsafeBufferPointer(start: start, count: end - start)
    }

    private static func named(_ name: UnsafePointer<UInt8>, _ wanted: StaticString) -> Bool {
        strcmp(
            UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self),
            UnsafeRawPointer(wanted.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }

    /// A SAX2 handler with only what the import needs; every other event (text, DTD declarations other than
    /// entities, processing instructions) is parsed and dropped.
    private static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = recover_xml_sax2_magic()
        handler.startElementNs = { context, name, _, _, _, _, count, _, attributes in
            guard let context, let name else { return }
            Unmanaged<ExportXMLParser>.fromOpaque(context).takeUnretainedValue()
                .startElement(name, Int(count), attributes)
        }
        handler.endElementNs = { context, _, _, _ in
            guard let context else { return }
            Unmanaged<ExportXMLParser>.fromOpaque(context).takeUnretainedValue().endElement()
        }
        handler.entityDecl = { context, _, _, _, _, _ in
            guard let context else { return }
            Unmanaged<ExportXMLParser>.fromOpaque(context).takeUnretainedValue().declaredEntity()
        }
        handler.unparsedEntityDecl = { context, _, _, _, _ in
            guard let context else { return }
            Unmanaged<ExportXMLParser>.fromOpaque(context).takeUnretainedValue().declaredEntity()
        }
        handler.serror = { context, error in
            guard let context, let error else { return }
            Unmanaged<ExportXMLParser>.fromOpaque(context).takeUnretainedValue()
                .reportError(level: error.pointee.level, code: error.pointee.code, line: error.pointee.line)
        }
        return handler
    }
}
