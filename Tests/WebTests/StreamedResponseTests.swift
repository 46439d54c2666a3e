import Foundation
import Synchronization
import Testing
import Web
import WebTesting

/// Bodies written while they are sent (``ResponseStream``), through the real transport on 127.0.0.1.
@Suite struct StreamedResponseTests {
    /// What a streaming route's producer did, read by the test from its own thread.
    final class Progress: Sendable {
        let written = Atomic<Int>(0)
        let cancelledFlag = Atomic<Bool>(false)
        var cancelled: Bool { cancelledFlag.load(ordering: .relaxed) }
    }

    static func line(_ index: Int) -> [UInt8] { Array("line \(index) \(String(repeating: "x", count: 90))\n".utf8) }

    static func serve(progress: Progress = Progress()) throws -> HTTPServer {
        try TestApp.serve(
            TestApp.application { router in
                router.get("/lines") { _ in
                    .stream(headers: ["Content-Type": "text/csv"]) { body in
                        for index in 0..<20_000 { try body.write(line(index)) }
                    }
                }
                router.get("/broken") { _ in
                    .stream(headers: ["Content-Type": "text/csv"]) { body in
                        for index in 0..<5_000 { try body.write(line(index)) }
                        throw CocoaError(.fileReadCorruptFile)
                    }
                }
                router.get("/fails-at-once") { _ in
                    .stream(headers: ["Content-Type": "text/csv"]) { _ in throw CocoaError(.fileReadCorruptFile) }
                }
                router.get("/refused") { _ in throw HTTPError(.forbidden) }
                router.get("/endless") { _ in
                    .stream(headers: ["Content-Type": "application/octet-stream"]) { body in
                        let block = [UInt8](repeating: 7, count: 16_384)
                        do {
                            for _ in 0..<65_536 {  // 1 GiB, far more than any buffer on the way
                                try body.write(block)
                                progress.written.add(block.count, ordering: .relaxed)
                            }
                        } catch let error as BodyWriter.Cancelled {
                            progress.cancelledFlag.store(true, ordering: .relaxed)
                            throw error
                        }
                    }
                }
            })
    }

    @Test func aStreamedBodyArrivesChunkedAndWholeOnAKeptAliveConnection() throws {
        let server = try Self.serve()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port, timeout: 30)
        connection.send("GET /lines HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: gzip\r\n\r\n")
        let response = try #require(connection.readChunkedResponse())
        #expect(response.head.hasPrefix("HTTP/1.1 200"))
        #expect(response.head.lowercased().contains("transfer-encoding: chunked"))
        #expect(!response.head.lowercased().contains("content-encoding"))
        #expect(response.head.contains("X-Content-Type-Options: nosniff"))
        #expect(response.complete)
        #expect(response.body == (0..<20_000).flatMap(Self.line))
        connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(connection.readResponse()?.body == "ok")
    }

    @Test func anErrorMidStreamCutsTheConnectionBeforeTheLastChunk() throws {
        let server = try Self.serve()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port, timeout: 30)
        connection.send("GET /broken HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let response = try #require(connection.readChunkedResponse())
        #expect(response.head.hasPrefix("HTTP/1.1 200"))
        #expect(!response.complete)
        let written = (0..<5_000).flatMap(Self.line)
        #expect(response.body.count <= written.count)
        #expect(Array(written.prefix(response.body.count)) == response.body)
        #expect(connection.isClosedByServer(within: 5))
    }

    @Test func anErrorBeforeAnyByteIsAPlain500AndARefusalIsItsPage() throws {
        let server = try Self.serve()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port, timeout: 30)
        connection.send("GET /fails-at-once HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let failed = try #require(connection.readResponse())
        #expect(failed.head.hasPrefix("HTTP/1.1 500"))
        #expect(failed.body == "Internal Server Error")
        #expect(!failed.head.contains("text/csv"))
        connection.send("GET /refused HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let refused = try #require(connection.readResponse())
        #expect(refused.head.hasPrefix("HTTP/1.1 403"))
        #expect(refused.body.contains("Not allowed"))
    }

    @Test func aClientThatReadsNothingHoldsTheProducerBackAndLeavingStopsIt() throws {
        let progress = Progress()
        let server = try Self.serve(progress: progress)
        defer { server.stop() }
        do {
            let connection = try RawHTTPConnection(port: server.port, timeout: 30)
            connection.send("GET /endless HTTP/1.1\r\nHost: localhost\r\n\r\n")
            // The producer runs until the channel, libmicrohttpd's buffer and the sockets are full, then waits.
            var last = -1
            var steady = 0
            while steady < 20 {
                usleep(50_000)
                let now = progress.written.load(ordering: .relaxed)
                steady = now == last ? steady + 1 : 0
                last = now
            }
            #expect(last > 0)
            #expect(last < 64 * 1024 * 1024, "the producer ran ahead of the client by \(last) bytes")
            #expect(!progress.cancelled)
        }  // the client hangs up here
        var waited = 0
        while !progress.cancelled && waited < 400 {
            usleep(25_000)
            waited += 1
        }
        #expect(progress.cancelled)
    }

    @Test func theInProcessClientCollectsAStreamAndSaysWhenItEndedShort() throws {
        var client = TestClient(
            try TestApp.application { router in
                router.get("/lines") { _ in
                    .stream(headers: ["Content-Type": "text/csv"]) { body in
                        for index in 0..<3 { try body.write(StreamedResponseTests.line(index)) }
                    }
                }
                router.get("/broken") { _ in
                    .stream(headers: ["Content-Type": "text/csv"]) { body in
                        try body.write(StreamedResponseTests.line(0))
                        throw CocoaError(.fileReadCorruptFile)
                    }
                }
            })
        #expect(client.get("/lines").body == (0..<3).flatMap(StreamedResponseTests.line))
        #expect(client.lastStreamCompleted)
        #expect(client.get("/broken").body == Self.line(0))
        #expect(!client.lastStreamCompleted)
    }
}
