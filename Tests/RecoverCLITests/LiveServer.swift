import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The real `recover serve` (the built binary) on 127.0.0.1 and a free port, over one data folder, started,
/// killed and restarted by a test.
///
/// Standard output goes to a file per start (read for the address), standard error to another, so the
/// server never blocks on a full pipe nobody reads.
final class LiveServer {
    let folder: URL
    /// More arguments of `recover serve` (`--database`, `--trusted-proxy`...).
    var arguments: [String] = []
    private var process: Process?
    private var starts = 0

    /// The standard error of the latest start.
    private(set) var errorsFile: URL?

    /// What the latest start wrote to standard error so far.
    var errorOutput: String { errorsFile.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? "" }

    /// Whether the process started last is still running (false once it crashed or was stopped).
    var isRunning: Bool { process?.isRunning ?? false }

    /// The port of the running server, nil while it is down.
    private(set) var port: UInt16?

    /// Several servers may share a folder (instances of one study); each has its own output files.
    private let id = UUID().uuidString.prefix(8)

    init(folder: URL) {
        self.folder = folder
    }

    /// A new data folder under the temporary directory (not created yet).
    static func temporaryFolder(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appending(path: "recover-live-tests")
            .appending(path: "\(name)-\(UUID().uuidString)")
    }

    /// Starts the server and waits until it prints its address; returns the port.
    @discardableResult
    func start() throws -> UInt16 {
        starts += 1
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = folder.deletingLastPathComponent().appending(
            path: "\(folder.lastPathComponent)-out-\(id)-\(starts).txt")
        let errors = folder.deletingLastPathComponent().appending(
            path: "\(folder.lastPathComponent)-err-\(id)-\(starts).txt")
        guard FileManager.default.createFile(atPath: output.path, contents: nil),
            FileManager.default.createFile(atPath: errors.path, contents: nil)
        else {
            throw StartFailed(
                description: "cannot create the output files in \(output.deletingLastPathComponent().path)")
        }
        let process = Process()
        process.executableURL = CLIProcess.executable
        process.arguments = ["serve", "--data-dir", folder.path, "--port", "0"] + arguments
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        errorsFile = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if let port = Self.port(in: text) {
                self.port = port
                return port
            }
            usleep(10_000)
        }
        let problem = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        throw StartFailed(description: "recover serve did not start: \(problem.prefix(500))")
    }

    /// SIGKILL: the process ends at once, mid-request, with nothing flushed or closed.
    func kill() {
        guard let process else { return }
        port = nil
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// SIGTERM and wait: returns the exit status (0 for a graceful stop).
    @discardableResult
    func stop() -> Int32 {
        guard let process else { return 0 }
        port = nil
        process.terminate()
        process.waitUntilExit()
        self.process = nil
        return process.terminationStatus
    }

    struct StartFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// The port in "Recover is running at http://127.0.0.1:PORT/".
    private static func port(in output: String) -> UInt16? {
        let marker = "Recover is running at http://127.0.0.1:"
        guard let start = output.range(of: marker)?.upperBound else { return nil }
        let digits = output[start...].prefix { $0.isNumber }
        guard output[start...].dropFirst(digits.count).first == "/" else { return nil }
        return UInt16(digits)
    }
}
