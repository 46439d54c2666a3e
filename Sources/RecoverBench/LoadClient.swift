import CCurl
import Delivery
import Foundation
import Synchronization

/// One keep-alive HTTP/1.1 connection of the load driver, on a libcurl easy handle: GET and form POST with a
/// session cookie, the response body kept for the next step. Redirects are not followed (a 303 is the answer).
final class LoadClient {
    private let handle: CurlHandle
    private let body = Body()
    private let base: String

    /// The bytes of the last response, appended by libcurl's write callback on the calling thread.
    final class Body {
        var bytes: [UInt8] = []
    }

    init(base: String, cookie: String) throws {
        self.base = base
        handle = try CurlHandle()
        try handle.set(CURLOPT_TCP_NODELAY, 1)
        try setCookie(cookie)
        try handle.setDeadlines(connect: 5, total: 30)
        try handle.check(
            recover_curl_set_write_function(handle.raw) { buffer, size, count, context in
                guard let buffer, let context else { return 0 }
                let (length, overflow) = size.multipliedReportingOverflow(by: count)
                guard !overflow else { return 0 }
                let body = Unmanaged<Body>.fromOpaque(context).takeUnretainedValue()
                body.bytes.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: length))
                return length
            })
        try handle.check(
            recover_curl_set_pointer(handle.raw, CURLOPT_WRITEDATA, Unmanaged.passUnretained(body).toOpaque()))
    }

    /// Sends `cookie` (a `name=value` list) with the following requests.
    func setCookie(_ cookie: String) throws { try handle.set(CURLOPT_COOKIE, cookie) }

    /// GETs `path`; the status, and the body's bytes (valid until the next request on this client).
    func get(_ path: String) throws -> (status: Int, body: [UInt8]) {
        try handle.set(CURLOPT_HTTPGET, 1)
        let status = try perform(path)
        return (status, body.bytes)
    }

    /// POSTs `fields` form-encoded to `path`; the status.
    func post(_ path: String, _ fields: [(String, String)]) throws -> Int {
        var encoded: [UInt8] = []
        for (index, field) in fields.enumerated() {
            if index > 0 { encoded.append(UInt8(ascii: "&")) }
            Self.appendEncoded(field.0, to: &encoded)
            encoded.append(UInt8(ascii: "="))
            Self.appendEncoded(field.1, to: &encoded)
        }
        try handle.set(CURLOPT_POST, 1)
        try handle.set(CURLOPT_COPYPOSTFIELDS, String(decoding: encoded, as: UTF8.self))
        return try perform(path)
    }

    private func perform(_ path: String) throws -> Int {
        body.bytes.removeAll(keepingCapacity: true)
        try handle.set(CURLOPT_URL, base + path)
        try handle.check(curl_easy_perform(handle.raw))
        return handle.responseCode
    }

    /// Appends `text` percent-encoded as a form value: letters, digits and `-._~` as they are, every other
    /// UTF-8 byte as `%XX`. Done on the bytes, so the client's own cost stays small beside the server's.
    static func appendEncoded(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The `value` of the first `<input name="NAME" value="...">` in `page`, found in its bytes.
    static func hiddenValue(_ name: String, in page: [UInt8]) -> String? {
        let needle = Array("name=\"\(name)\" value=\"".utf8)
        guard let first = needle.first, page.count >= needle.count else { return nil }
        var index = 0
        while index <= page.count - needle.count {
            if page[index] == first, page[index..<index + needle.count].elementsEqual(needle) {
                let start = index + needle.count
                guard let end = page[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                return String(decoding: page[start..<end], as: UTF8.self)
            }
            index += 1
        }
        return nil
    }
}

/// `connections` threads, each with its own ``LoadClient``, taking jobs in order until the jobs run out or
/// `seconds` pass; each job's latency is recorded.
enum LoadDriver {
    struct Outcome {
        let completed: Int
        let failed: Int
        let seconds: Double
        let latencies: [Double]

        var perSecond: Double { Double(completed) / seconds }

        func percentile(_ fraction: Double) -> Double {
            guard !latencies.isEmpty else { return .nan }
            let sorted = latencies.sorted()
            return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
        }
    }

    /// Runs `job(client, index)` for job indexes 0..<jobs; a job that throws or returns false counts as failed.
    static func run(
        connections: Int, jobs: Int, seconds: Double, client: @escaping @Sendable (Int) throws -> LoadClient,
        job: @escaping @Sendable (LoadClient, Int) throws -> Bool
    ) throws -> Outcome {
        let next = Atomic<Int>(0)
        let results = Mutex<(completed: Int, failed: Int, latencies: [Double])>((0, 0, []))
        let group = DispatchGroup()
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = start + UInt64(seconds * 1e9)
        for connection in 0..<connections {
            let made = try client(connection)
            let box = UncheckedBox(made)
            group.enter()
            Thread.detachNewThread {
                var latencies: [Double] = []
                var failed = 0
                while DispatchTime.now().uptimeNanoseconds < deadline {
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < jobs else { break }
                    let begun = DispatchTime.now().uptimeNanoseconds
                    if (try? job(box.value, index)) == true {
                        latencies.append(Double(DispatchTime.now().uptimeNanoseconds - begun) / 1e6)
                    } else {
                        failed += 1
                    }
                }
                results.withLock {
                    $0.completed += latencies.count
                    $0.failed += failed
                    $0.latencies += latencies
                }
                group.leave()
            }
        }
        group.wait()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return results.withLock {
            Outcome(completed: $0.completed, failed: $0.failed, seconds: elapsed, latencies: $0.latencies)
        }
    }

    /// A client handed to exactly one thread.
    // @unchecked Sendable: each box is made for one new thread and used only by it, never shared after.
    struct UncheckedBox<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
