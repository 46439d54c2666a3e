import CBrotli
import Foundation
import Testing
import Web

/// Compression of responses (zlib's gzip, libbrotli) and validators on pages.
@Suite struct CompressionTests {
    static let page = Array(String(repeating: "<p>Your check-in for today is saved.</p>\n", count: 100).utf8)

    func respond(_ middleware: some Middleware, _ request: Request, _ response: Response) throws -> Response {
        try middleware.respond(to: request) { _ in response }
    }

    func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return [UInt8](data)
    }

    func unbrotli(_ bytes: [UInt8], size: Int) -> [UInt8]? {
        var decoded = [UInt8](repeating: 0, count: size)
        var decodedSize = size
        let result = bytes.withUnsafeBufferPointer { input in
            decoded.withUnsafeMutableBufferPointer { out in
                BrotliDecoderDecompress(input.count, input.baseAddress, &decodedSize, out.baseAddress)
            }
        }
        guard result == BROTLI_DECODER_RESULT_SUCCESS else { return nil }
        return Array(decoded.prefix(decodedSize))
    }

    @Test func theBrowsersPreferredCodingIsChosenAndRefusalsAreKept() {
        #expect(Compression.preferred(nil) == nil)
        #expect(Compression.preferred("gzip, deflate") == .gzip)
        #expect(Compression.preferred("gzip, deflate, br, zstd") == .brotli)
        #expect(Compression.preferred("br;q=0, gzip;q=0.8") == .gzip)
        #expect(Compression.preferred("br; q=0.000, gzip ; q = 0") == nil)
        #expect(Compression.preferred("identity") == nil)
        #expect(Compression.preferred("*") == .brotli)
        #expect(Compression.preferred("br;q=0, *") == .gzip)
        #expect(Compression.preferred("GZIP") == .gzip)
        #expect(Compression.preferred(",,;;q=,") == nil)
    }

    @Test func aPageIsCompressedWithGzipOrBrotliAndDecodesToTheSameBytes() throws {
        let html = Response(headers: ["Content-Type": "text/html; charset=utf-8"], body: Self.page)
        let gzipped = try respond(
            CompressionMiddleware(), Request(method: .get, path: "/", headers: ["accept-encoding": "gzip, deflate"]),
            html)
        #expect(gzipped.header("Content-Encoding") == "gzip")
        #expect(gzipped.header("Vary") == "Accept-Encoding")
        #expect(gzipped.body.count < Self.page.count / 5)
        #expect(try gunzip(gzipped.body) == Self.page)

        let brotli = try respond(
            CompressionMiddleware(), Request(method: .get, path: "/", headers: ["accept-encoding": "gzip, br"]), html)
        #expect(brotli.header("Content-Encoding") == "br")
        #expect(unbrotli(brotli.body, size: Self.page.count * 2) == Self.page)

        let plain = try respond(CompressionMiddleware(), Request(method: .get, path: "/"), html)
        #expect(plain.header("Content-Encoding") == nil)
        #expect(plain.header("Vary") == "Accept-Encoding")
        #expect(plain.body == Self.page)
    }

    @Test func smallBodiesBinaryTypesAndCodedResponsesAreLeftAsTheyAre() throws {
        let request = Request(method: .get, path: "/", headers: ["accept-encoding": "gzip"])
        let small = Response(headers: ["Content-Type": "text/html"], body: Array("<p>ok</p>".utf8))
        #expect(try respond(CompressionMiddleware(), request, small).body == small.body)
        let png = Response(headers: ["Content-Type": "image/png"], body: Self.page)
        #expect(try respond(CompressionMiddleware(), request, png).header("Content-Encoding") == nil)
        let coded = Response(
            headers: ["Content-Type": "text/css", "Content-Encoding": "br", "Vary": "Accept-Encoding"], body: Self.page)
        let passed = try respond(CompressionMiddleware(), request, coded)
        #expect(passed.header("Content-Encoding") == "br" && passed.body == Self.page)
        let varied = Response(headers: ["Content-Type": "application/json", "Vary": "Cookie"], body: Self.page)
        #expect(try respond(CompressionMiddleware(), request, varied).header("Vary") == "Cookie, Accept-Encoding")
    }

    @Test func aPageGetsATagAndIsRevalidatedAndAnUnchangedOneIsA304WithoutBody() throws {
        let html = Response(headers: ["Content-Type": "text/html; charset=utf-8"], body: Self.page)
        let first = try respond(ConditionalPagesMiddleware(), Request(method: .get, path: "/"), html)
        let tag = try #require(first.header("ETag"))
        #expect(tag.hasPrefix("W/\""))
        #expect(first.header("Cache-Control") == "private, no-cache")
        #expect(first.body == Self.page)

        let again = try respond(
            ConditionalPagesMiddleware(), Request(method: .get, path: "/", headers: ["if-none-match": "\"x\", \(tag)"]),
            html)
        #expect(again.status == .notModified && again.body.isEmpty && again.header("ETag") == tag)

        var changed = html
        changed.body += Array("<p>One more card.</p>".utf8)
        let other = try respond(
            ConditionalPagesMiddleware(), Request(method: .get, path: "/", headers: ["if-none-match": tag]), changed)
        #expect(other.status == .ok && other.body == changed.body && other.header("ETag") != tag)
    }

    @Test func downloadsErrorsAndPostsGetNoValidators() throws {
        let request = Request(method: .get, path: "/", headers: ["if-none-match": "*"])
        let csv = Response(headers: ["Content-Type": "text/csv"], body: Self.page)
        #expect(try respond(ConditionalPagesMiddleware(), request, csv).header("ETag") == nil)
        let ownRules = Response(headers: ["Content-Type": "text/html", "Cache-Control": "no-store"], body: Self.page)
        #expect(try respond(ConditionalPagesMiddleware(), request, ownRules).status == .ok)
        let missing = Response(status: .notFound, headers: ["Content-Type": "text/html"], body: Self.page)
        #expect(try respond(ConditionalPagesMiddleware(), request, missing).header("ETag") == nil)
        let html = Response(headers: ["Content-Type": "text/html"], body: Self.page)
        let post = try respond(ConditionalPagesMiddleware(), Request(method: .post, path: "/"), html)
        #expect(post.status == .ok && post.header("ETag") == nil)
    }

    @Test func theDigestIsStableAndTellsChangesApart() {
        #expect(Compression.digest(Self.page) == Compression.digest(Array(Self.page)))
        #expect(Compression.digest(Self.page) != Compression.digest(Self.page + [0x20]))
        #expect(Compression.digest([]) != Compression.digest([0]))
    }
}
