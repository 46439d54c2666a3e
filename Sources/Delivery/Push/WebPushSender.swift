import CCurl
import Cryptography
import Foundation
import RecoverData

/// One push message for one subscription: where it goes, the subscriber's keys and the payload (the JSON the
/// service worker shows), before encryption.
public struct PushMessage: Sendable {
    /// The subscription's endpoint.
    public var endpoint: PushEndpoint
    /// The subscriber's public key (65 bytes, `p256dh`).
    public var subscriberKey: [UInt8]
    /// The subscriber's auth secret (16 bytes).
    public var authSecret: [UInt8]
    /// The plaintext: at most ``PushEncryption/payloadLimit`` bytes.
    public var payload: [UInt8]

    /// A message of `payload` for the subscription at `endpoint`.
    public init(endpoint: PushEndpoint, subscriberKey: [UInt8], authSecret: [UInt8], payload: [UInt8]) {
        self.endpoint = endpoint
        self.subscriberKey = subscriberKey
        self.authSecret = authSecret
        self.payload = payload
    }
}

/// Something that delivers one push message: ``WebPushSender``.
public protocol PushDelivery: Sendable {
    /// Delivers `message`, returning once the push service accepted it (2xx); throws ``PushError``.
    func send(_ message: PushMessage) throws

    /// The longest one ``send(_:)`` may take, in seconds (the outbox's lease must outlast it).
    var longestSend: TimeInterval { get }
}

/// Sends push messages per RFC 8030 with libcurl: `POST` of the `aes128gcm` body (``PushEncryption``) to the
/// subscription's endpoint, with `TTL`, `Urgency: normal`, `Content-Encoding: aes128gcm` and the VAPID
/// `Authorization` (``VAPID``). A 2xx answer is delivered; 404 and 410 mean the subscription is gone; 429 and
/// 5xx are tried again; another 4xx is permanent (``PushError/forStatus(_:)``).
///
/// ```swift
/// let sender = WebPushSender(vapid: VAPID(key: key, subject: "mailto:study@example.org"))
/// try sender.send(PushMessage(endpoint: endpoint, subscriberKey: p256dh, authSecret: auth, payload: json))
/// ```
public struct WebPushSender: PushDelivery {
    /// The signer of every request.
    public let vapid: VAPID
    /// Seconds the push service keeps an undelivered message (`TTL`): 4 hours, a reminder's useful life.
    public var timeToLive: Int
    /// Seconds to connect at most.
    public var connectTimeout: Int
    /// Seconds for the whole request at most.
    public var timeout: Int
    private let clock: @Sendable () -> Date

    /// A sender signing with `vapid`; deadlines bounded to 1...300 seconds, the TTL to 0...28 days.
    public init(
        vapid: VAPID, timeToLive: Int = 4 * 3600, connectTimeout: Int = 10, timeout: Int = 30,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.vapid = vapid
        self.timeToLive = min(max(timeToLive, 0), 28 * 24 * 3600)
        self.connectTimeout = min(max(connectTimeout, 1), 300)
        self.timeout = min(max(timeout, 1), 300)
        self.clock = clock
    }

    /// The whole request's deadline, which includes connecting.
    public var longestSend: TimeInterval { TimeInterval(timeout) }

    /// Encrypts `message`, signs the request and POSTs it; returns on a 2xx, else throws the ``PushError`` of the
    /// status or of the transfer.
    public func send(_ message: PushMessage) throws {
        let body = try PushEncryption.encrypt(
            message.payload, to: message.subscriberKey, authSecret: message.authSecret)
        let authorization: String
        do {
            authorization = try vapid.authorization(for: message.endpoint, now: clock())
        } catch {
            throw PushError(.other)
        }
        let status = try post(
            body, to: message.endpoint,
            headers: [
                "TTL: \(timeToLive)", "Urgency: normal", "Content-Encoding: aes128gcm",
                "Content-Type: application/octet-stream", "Authorization: \(authorization)",
                // No "Expect: 100-continue" round trip for a body this small.
                "Expect:",
            ])
        guard (200...299).contains(status) else { throw PushError.forStatus(status) }
    }

    /// POSTs `body` and returns the HTTP status; the answer's body is read and dropped.
    private func post(_ body: [UInt8], to endpoint: PushEndpoint, headers: [String]) throws -> Int {
        let handle: CurlHandle
        let list = CurlList()
        do {
            handle = try CurlHandle()
            try handle.set(CURLOPT_URL, endpoint.url)
            // The endpoint's rule (PushEndpoint) allowed http only for loopback hosts; no redirects are followed.
            try handle.set(CURLOPT_PROTOCOLS_STR, endpoint.url.lowercased().hasPrefix("https:") ? "https" : "http")
            try handle.set(CURLOPT_FOLLOWLOCATION, 0)
            try handle.setDeadlines(connect: connectTimeout, total: timeout)
            for header in headers { try list.append(header) }
            try handle.check(recover_curl_set_list(handle.raw, CURLOPT_HTTPHEADER, list.raw))
            try handle.set(CURLOPT_POST, 1)
            try handle.check(recover_curl_set_offset(handle.raw, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            // COPYPOSTFIELDS copies `body.count` bytes (the size set first), so the array need live only for the call.
            try body.withUnsafeBytes { bytes in
                try handle.check(
                    recover_curl_set_pointer(
                        handle.raw, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress)))
            }
            try handle.check(recover_curl_set_write_function(handle.raw) { _, size, count, _ in size &* count })
        } catch {
            throw PushError(.other)
        }
        let result = withExtendedLifetime(list) { curl_easy_perform(handle.raw) }
        guard result == CURLE_OK else { throw Self.error(for: result) }
        return handle.responseCode
    }

    /// The category of a failed transfer.
    static func error(for result: CURLcode) -> PushError {
        let code = Int(result.rawValue)
        switch result {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING:
            return PushError(.unreachable, curlCode: code)
        case CURLE_OPERATION_TIMEDOUT:
            return PushError(.timedOut, curlCode: code)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR:
            return PushError(.tls, curlCode: code)
        default:
            return PushError(.other, curlCode: code)
        }
    }
}
