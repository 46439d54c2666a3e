import CCurl

/// One libcurl easy handle, cleaned up when released.
final class CurlHandle {
    typealias Raw = UnsafeMutableRawPointer
    let raw: Raw

    init() throws {
        guard let raw = curl_easy_init() else { throw MailError(.other) }
        self.raw = raw
    }

    deinit { curl_easy_cleanup(raw) }

    func set(_ option: CURLoption, _ value: Int) throws { try check(recover_curl_set_long(raw, option, value)) }

    func set(_ option: CURLoption, _ value: String) throws {
        // libcurl copies string options (since 7.17), so the C string need live only for the call.
        try check(value.withCString { recover_curl_set_string(raw, option, $0) })
    }

    /// Throws when an option was refused (a libcurl without SMTP or TLS support).
    func check(_ result: CURLcode) throws {
        guard result == CURLE_OK else { throw MailError(.other, curlCode: Int(result.rawValue)) }
    }
}

/// A libcurl string list (`curl_slist`), freed when released.
final class CurlList {
    private(set) var raw: UnsafeMutablePointer<curl_slist>?

    init() {}

    /// Appends a copy of `text`; throws when libcurl has no memory for it.
    func append(_ text: String) throws {
        guard let longer = curl_slist_append(raw, text) else { throw MailError(.other) }
        raw = longer
    }

    deinit { curl_slist_free_all(raw) }
}
