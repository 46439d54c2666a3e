import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// nginx in front of several `recover serve` instances, run from the documented configuration
/// (deploy/nginx/recover.conf) with the instances' ports, a port of its own and without its TLS lines,
/// as an unprivileged process in a folder of its own.
final class NginxProxy {
    let folder: URL
    private(set) var port: UInt16 = 0
    private var process: Process?

    static let executable = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.fileExists(atPath: $0) }
    static let configuration = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "deploy/nginx/recover.conf")

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    init(folder: URL) { self.folder = folder }

    /// Writes the configuration for `upstreams` and starts nginx on a free port; returns the port.
    @discardableResult
    func start(upstreams: [UInt16]) throws -> UInt16 {
        guard let executable = Self.executable else { throw Failed(description: "nginx is not installed") }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try Self.freePort()
        let documented = try String(contentsOf: Self.configuration, encoding: .utf8)
        var lines: [String] = []
        var upstreamWritten = false
        for line in documented.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasSuffix("# tls") { continue }
            if trimmed.hasPrefix("server 127.0.0.1:") {
                // The documented instances, replaced by the test's.
                if !upstreamWritten {
                    lines += upstreams.map { "    server 127.0.0.1:\($0) max_fails=2 fail_timeout=10s;" }
                    upstreamWritten = true
                }
                continue
            }
            lines.append(String(line))
            if trimmed.hasPrefix("server_name") { lines.append("    listen 127.0.0.1:\(port);") }
        }
        let temp = folder.path
        let conf = """
            daemon off;
            worker_processes 1;
            pid \(temp)/nginx.pid;
            error_log \(temp)/error.log warn;
            events { worker_connections 256; }
            http {
                log_format upstreams '$upstream_addr $status';
                access_log \(temp)/access.log upstreams;
                client_body_temp_path \(temp)/body;
                proxy_temp_path \(temp)/proxy;
                fastcgi_temp_path \(temp)/fastcgi;
                uwsgi_temp_path \(temp)/uwsgi;
                scgi_temp_path \(temp)/scgi;
            \(lines.joined(separator: "\n"))
            }
            """
        let file = folder.appending(path: "nginx.conf")
        try conf.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-p", temp, "-c", file.path, "-e", "\(temp)/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, process.isRunning {
            if let reply = try? LoopbackHTTP.send("GET", "/healthz", port: port), reply.status == 200 { return port }
            usleep(50_000)
        }
        throw Failed(description: "nginx did not start: \(errorLogTail)")
    }

    func stop() {
        process?.terminate()
        process?.waitUntilExit()
        process = nil
    }

    /// The last lines of nginx's error log (why it answered 502 or 504), for a failed test's message.
    var errorLogTail: String {
        let log = (try? String(contentsOf: folder.appending(path: "error.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").suffix(12).joined(separator: "\n")
    }

    /// How many requests the access log shows answered by each instance's port.
    func requestsPerUpstream() -> [UInt16: Int] {
        let log = (try? String(contentsOf: folder.appending(path: "access.log"), encoding: .utf8)) ?? ""
        var counts: [UInt16: Int] = [:]
        for line in log.split(separator: "\n") {
            guard let address = line.split(separator: " ").first, let colon = address.lastIndex(of: ":"),
                let port = UInt16(address[address.index(after: colon)...])
            else { continue }
            counts[port, default: 0] += 1
        }
        return counts
    }

    private static func freePort() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failed(description: "no socket") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw Failed(description: "no free port") }
        return UInt16(bigEndian: address.sin_port)
    }
}
