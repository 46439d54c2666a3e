import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A local Web Push service for the push tests: `push_endpoint.py` on the test environment's Python (`.venv`,
/// with `http-ece` and `cryptography`), on 127.0.0.1 and a free port. It holds a subscriber's private key and
/// auth secret (``p256dh``, ``auth``), verifies each request's VAPID JWT, decrypts its body and writes what it
/// got to a folder. Paths under `/gone/` answer 410, under `/busy/` 503, under `/slow-down/` 429, under
/// `/refuse/` 403. Stopped when released.
///
/// ```swift
/// let service = try PushTestEndpoint.start()
/// // subscribe service.url("/push/1") with service.p256dh and service.auth, send...
/// let received = try service.waitForRequests(1)   // received[0].payload
/// ```
// @unchecked Sendable: `process` is only started in `start` and terminated in deinit; the rest is immutable.
public final class PushTestEndpoint: @unchecked Sendable {
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    /// Where the requests are written.
    public let folder: URL
    /// The subscriber's public key, base64url (what a browser gives as `keys.p256dh`).
    public let p256dh: String
    /// The subscriber's auth secret, base64url.
    public let auth: String
    private let process: Process

    /// One request as the endpoint saw it.
    public struct Received: Sendable {
        /// The request's path.
        public let path: String
        /// Its headers, by lower-case name.
        public let headers: [String: String]
        /// The decrypted payload, nil when it could not be verified or decrypted.
        public let payload: String?
        /// The VAPID JWT's claims (`aud`, `exp`, `sub`) as text, when it verified.
        public let claims: [String: String]
        /// Why it was refused, when it was.
        public let error: String?
        /// The status it answered.
        public let status: Int
        /// The body's length in bytes.
        public let length: Int
    }

    /// Starts the endpoint on a free port and waits until it accepts connections.
    public static func start() throws -> PushTestEndpoint {
        guard let python = SMTPTestServer.python else {
            throw SMTPTestServerError("no .venv/bin/python with http-ece: run scripts/setup.sh test")
        }
        return try PushTestEndpoint(python: python, port: try SMTPTestServer.freePort())
    }

    private init(python: URL, port: Int) throws {
        self.port = port
        folder = FileManager.default.temporaryDirectory.appending(path: "recover-push-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = python
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "push_endpoint.py")
        process.arguments = [script.path, "\(port)", folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(15)
        let keys = folder.appending(path: "subscriber.json")
        while !SMTPTestServer.accepts(port: port) || !FileManager.default.fileExists(atPath: keys.path) {
            guard process.isRunning, Date() < deadline else {
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                throw SMTPTestServerError("push_endpoint.py did not start on port \(port)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let subscriber = try JSONSerialization.jsonObject(with: Data(contentsOf: keys)) as? [String: String] ?? [:]
        p256dh = subscriber["p256dh"] ?? ""
        auth = subscriber["auth"] ?? ""
    }

    deinit {
        if process.isRunning {
            // SIGKILL: a process started from a test thread inherits its blocked signals (SMTPTestServer.stop).
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// The endpoint URL for `path` (`/push/1`; `/gone/1` answers 410).
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The requests received so far, in order.
    public func requests() throws -> [Received] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && $0 != "subscriber.json" }.sorted()
        return try names.map { name in
            let object =
                try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appending(path: name)))
                as? [String: Any] ?? [:]
            let claims = (object["claims"] as? [String: Any] ?? [:]).mapValues { "\($0)" }
            return Received(
                path: object["path"] as? String ?? "", headers: object["headers"] as? [String: String] ?? [:],
                payload: object["payload"] as? String, claims: claims, error: object["error"] as? String,
                status: object["status"] as? Int ?? 0, length: object["length"] as? Int ?? 0)
        }
    }

    /// Waits up to `timeout` seconds until at least `count` requests arrived; returns them all.
    public func waitForRequests(_ count: Int, timeout: TimeInterval = 10) throws -> [Received] {
        let deadline = Date().addingTimeInterval(timeout)
        var received = try requests()
        while received.count < count && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            received = try requests()
        }
        return received
    }
}
