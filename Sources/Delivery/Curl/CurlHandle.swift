import CCurl

/// One libcurl easy handle, cleaned up when released: the SMTP mailer's and the Web Push sender's. Every handle
/// is made after libcurl's process-wide set-up and never raises signals (libcurl runs on the caller's thread).
package final class CurlHandle {
    package typealias Raw = UnsafeMutableRawPointer
    package let raw: Raw

    package init() throws {
        _ = Self.globalSetUp
        guard let raw = curl_easy_init() else { throw MailError(.other) }
        self.raw = raw
        try set(CURLOPT_NOSIGNAL, 1)
    }

    deinit { curl_easy_cleanup(raw) }

    /// libcurl's process-wide set-up, run once before the first handle.
    private static let globalSetUp: Void = { _ = recover_curl_global_init() }()

    package func set(_ option: CURLoption, _ value: Int) throws { try check(recover_curl_set_long(raw, option, value)) }

    package func set(_ option: CURLoption, _ value: String) throws {
        // libcurl copies string options (since 7.17), so the C string need live only for the call.
        try check(value.withCString { recover_curl_set_string(raw, option, $0) })
    }

    /// The deadlines: `connect` seconds to connect (DNS, TCP, TLS), `total` for the whole transfer.
    package func setDeadlines(connect: Int, total: Int) throws {
        try set(CURLOPT_CONNECTTIMEOUT, connect)
        try set(CURLOPT_TIMEOUT, total)
    }

    /// The server's last reply code (SMTP's 550, HTTP's 201), 0 when it gave none.
    package var responseCode: Int {
        var code = 0
        _ = recover_curl_response_code(raw, &code)
        return code
    }

    /// Throws when an option was refused (a libcurl without SMTP or TLS support).
    package func check(_ result: CURLcode) throws {
        guard result == CURLE_OK else { throw MailError(.other, curlCode: Int(result.rawValue)) }
    }
}

/// A libcurl string list (`curl_slist`), freed when released.
package final class CurlList {
    package private(set) var raw: UnsafeMutablePointer<curl_slist>?

    package init() {}

    /// Appends a copy of `text`; throws when libcurl has no memory for it.
    package func append(_ text: String) throws {
        guard let longer = curl_slist_append(raw, text) else { throw MailError(.other) }
        raw = longer
    }

    deinit { curl_slist_free_all(raw) }
}

/// The bytes of one upload, read by libcurl's read callback during one `curl_easy_perform` on the calling
/// thread.
class CurlUpload {
    private let bytes: [UInt8]
    private var offset = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The number of bytes to upload.
    var count: Int { bytes.count }

    /// Copies the next bytes into libcurl's buffer of `room` bytes; 0 at the end.
    func read(into buffer: UnsafeMutablePointer<CChar>, room: Int) -> Int {
        let count = min(room, bytes.count - offset)
        guard count > 0 else { return 0 }
        UnsafeMutableRawBufferPointer(start: buffer, count: count).copyBytes(from: bytes[offset..<(offset + count)])
        offset += count
        return count
    }

    /// Makes `handle` upload these bytes (the upload must outlive the transfer).
    func install(on handle: CurlHandle) throws {
        try handle.check(recover_curl_set_offset(handle.raw, CURLOPT_INFILESIZE_LARGE, curl_off_t(bytes.count)))
        try handle.check(
            recover_curl_set_read_function(handle.raw) { buffer, size, count, context in
                guard let buffer, let context else { return 0 }
                let upload = Unmanaged<CurlUpload>.fromOpaque(context).takeUnretainedValue()
                let (room, overflow) = size.multipliedReportingOverflow(by: count)
                return overflow ? 0 : upload.read(into: buffer, room: room)
            })
        try handle.check(
            recover_curl_set_pointer(handle.raw, CURLOPT_READDATA, Unmanaged.passUnretained(self).toOpaque()))
    }
}
