import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real SMTP server for the mail tests: aiosmtpd from the test environment (`.venv`, made by
/// `scripts/setup.sh test`) with `smtp_capture.py` as its handler, on 127.0.0.1 and a free port, writing each
/// message it accepts to a folder. Stopped when released.
///
/// ```swift
/// @Suite(.enabled(if: SMTPTestServer.isAvailable, SMTPTestServer.skipMessage)) ...
/// let server = try SMTPTestServer.start()
/// try mailer.send(message)
/// let received = try server.waitForMessages(1)
/// ```
// @unchecked Sendable: `process` is only started in `start` and terminated in deinit; the rest is immutable.
public final class SMTPTestServer: @unchecked Sendable {
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    /// Where the accepted messages are written.
    public let folder: URL
    private let process: Process

    /// One accepted message: its bytes as received and its envelope.
    public struct Received: Sendable {
        /// The message as received.
        public let raw: Data
        /// The envelope's sender.
        public let mailFrom: String
        /// The envelope's recipients.
        public let recipients: [String]
    }

    /// The Python of the test environment, or nil when it is missing (`RECOVER_TEST_PYTHON` overrides).
    public static var python: URL? {
        if let path = ProcessInfo.processInfo.environment["RECOVER_TEST_PYTHON"] { return URL(fileURLWithPath: path) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let python = root.appending(path: ".venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: python.path) ? python : nil
    }

    /// Whether the mail tests run: when the test environment exists, and always where
    /// `RECOVER_REQUIRE_MAIL_TESTS` is set (CI), so a missing environment there fails instead of skipping.
    public static var isAvailable: Bool {
        python != nil || ProcessInfo.processInfo.environment["RECOVER_REQUIRE_MAIL_TESTS"] != nil
    }

    /// Why the mail tests are skipped here.
    public static let skipMessage: Comment =
        "mail tests skipped: no .venv with aiosmtpd here (run scripts/setup.sh test); CI always runs them"

    /// Starts a server on `port` (a free one by default) and waits until it accepts connections; with
    /// `credentials` it requires AUTH with that user name and password.
    public static func start(port: Int? = nil, credentials: (user: String, password: String)? = nil) throws
        -> SMTPTestServer
    {
        guard let python else {
            throw SMTPTestServerError("no .venv/bin/python with aiosmtpd: run scripts/setup.sh test")
        }
        return try SMTPTestServer(python: python, port: port ?? freePort(), credentials: credentials)
    }

    private init(python: URL, port: Int, credentials: (user: String, password: String)?) throws {
        self.port = port
        folder = FileManager.default.temporaryDirectory.appending(path: "recover-smtp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = python
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "smtp_capture.py")
        if let credentials {
            process.arguments = [script.path, "\(port)", folder.path, credentials.user, credentials.password]
        } else {
            process.arguments = [
                "-m", "aiosmtpd", "-n", "-l", "127.0.0.1:\(port)", "-c", "smtp_capture.Capture", folder.path,
            ]
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONPATH"] = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(15)
        while !Self.accepts(port: port) {
            guard process.isRunning, Date() < deadline else {
                stop()
                throw SMTPTestServerError("aiosmtpd did not start on port \(port)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Stops the server now (the relay "goes down"). SIGKILL: a process started from a test thread inherits
    /// that thread's blocked signals, so Python would never see a SIGTERM.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The messages accepted so far, in order.
    public func messages() throws -> [Received] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".eml") }
            .sorted()
        return try names.map { name in
            let raw = try Data(contentsOf: folder.appending(path: name))
            let envelope = folder.appending(path: name.replacingOccurrences(of: ".eml", with: ".json"))
            let meta = try JSONSerialization.jsonObject(with: Data(contentsOf: envelope)) as? [String: Any] ?? [:]
            return Received(
                raw: raw, mailFrom: meta["mail_from"] as? String ?? "", recipients: meta["rcpt_tos"] as? [String] ?? [])
        }
    }

    /// Waits up to `timeout` seconds until at least `count` messages arrived; returns them all.
    public func waitForMessages(_ count: Int, timeout: TimeInterval = 10) throws -> [Received] {
        let deadline = Date().addingTimeInterval(timeout)
        var received = try messages()
        while received.count < count && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            received = try messages()
        }
        return received
    }

    /// A port nothing listens on now: the kernel's pick for a socket bound to port 0.
    public static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SMTPTestServerError("no socket") }
        defer { close(descriptor) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, named == 0 else { throw SMTPTestServerError("cannot find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(truncatingIfNeeded: port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}

/// The test server could not start.
public struct SMTPTestServerError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
    init(_ description: String) { self.description = description }
}
