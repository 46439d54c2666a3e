import Foundation
import RecoverApp
import Synchronization
import Web
import WebTesting

/// `recover-bench slow-clients`: Recover's server with `recover serve`'s connection settings, 2,000 slow
/// connections from 127.0.0.1 (`SLOW_CLIENTS`) that send half a request head and then a byte a second each,
/// reopened as soon as the server closes them, and meanwhile a `/healthz` request from 127.0.0.2 every 100 ms
/// on a new connection, for `SLOW_SECONDS` (30). Prints how many health checks were answered and how fast.
/// `SLOW_PER_ADDRESS=0` lifts the limit per address, so the slow clients fill the server and only the reserve
/// is left for the health checks (as many attacking addresses would).
enum SlowClientBenchmark {
    static let clients = environment("SLOW_CLIENTS", default: 2000, in: 1...15_000)
    static let seconds = environment("SLOW_SECONDS", default: 30, in: 1...3600)
    static let perAddress = environment(
        "SLOW_PER_ADDRESS", default: ServerConfiguration().connectionsPerAddress,
        in: ServerConfiguration.Bounds.connectionsPerAddress)

    /// What the two sides counted.
    final class Tally: Sendable {
        let opened = Atomic<Int>(0)
        let refusedConnects = Atomic<Int>(0)
        let probes = Mutex<[Double?]>([])
        let running = Atomic<Bool>(true)
        let done = DispatchSemaphore(value: 0)
    }

    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "slow-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var app = AppConfiguration(dataDirectory: folder)
        app.durability = .normal
        let recover = try RecoverApp(configuration: app)
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.connectionsPerAddress = perAddress
        let server = try HTTPServer(configuration: configuration, application: recover.web.application)
        defer { server.stop() }
        let port = server.port
        let tally = Tally()
        Thread.detachNewThread { attack(port: port, tally: tally) }
        Thread.detachNewThread { probe(port: port, tally: tally) }
        var mostOpen = 0
        let end = Date().addingTimeInterval(Double(seconds))
        while Date() < end {
            usleep(250_000)
            mostOpen = max(mostOpen, server.openConnections)
        }
        tally.running.store(false, ordering: .releasing)
        tally.done.wait()
        tally.done.wait()
        report(tally, mostOpen: mostOpen, cut: server.connectionsCut, configuration: configuration)
    }

    /// Keeps `clients` connections from 127.0.0.1 open as far as the server lets it, each trickling its head.
    static func attack(port: UInt16, tally: Tally) {
        let head = "GET / HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slow\r\nX-Slow: "
        var connections: [RawHTTPConnection?] = Array(repeating: nil, count: clients)
        while tally.running.load(ordering: .acquiring) {
            let round = Date()
            for index in connections.indices where tally.running.load(ordering: .relaxed) {
                if let connection = connections[index], connection.send("a"),
                    !connection.isClosedByServer(within: 0)
                {
                    continue
                }
                connections[index] = nil
                guard let fresh = try? RawHTTPConnection(port: port, timeout: 2) else {
                    tally.refusedConnects.add(1, ordering: .relaxed)
                    continue
                }
                tally.opened.add(1, ordering: .relaxed)
                fresh.send(head)
                connections[index] = fresh
            }
            let left = 1 - Date().timeIntervalSince(round)
            if left > 0 { usleep(UInt32(left * 1_000_000)) }
        }
        connections.removeAll()
        tally.done.signal()
    }

    /// A health check from 127.0.0.2 every 100 ms; each probe's latency in milliseconds, `nil` when unanswered.
    static func probe(port: UInt16, tally: Tally) {
        usleep(1_000_000)
        while tally.running.load(ordering: .acquiring) {
            let start = Date()
            var answered = false
            if let connection = try? RawHTTPConnection(port: port, from: "127.0.0.2", timeout: 5) {
                connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
                answered = connection.readResponse()?.head.hasPrefix("HTTP/1.1 200") == true
            }
            let elapsed = Date().timeIntervalSince(start) * 1000
            tally.probes.withLock { $0.append(answered ? elapsed : nil) }
            usleep(UInt32(max(0, 100 - elapsed) * 1000))
        }
        tally.done.signal()
    }

    static func report(_ tally: Tally, mostOpen: Int, cut: Int, configuration: ServerConfiguration) {
        let probes = tally.probes.withLock { $0 }
        let latencies = probes.compactMap { $0 }.sorted()
        let percentile = { (p: Double) in
            latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]
        }
        print("slow-clients.attackers: \(clients) connections from 127.0.0.1 for \(seconds) s")
        print(
            "slow-clients.opened: \(tally.opened.load(ordering: .relaxed)) (\(tally.refusedConnects.load(ordering: .relaxed)) connects failed)"
        )
        print(
            "slow-clients.server-open-at-most: \(mostOpen) (limits: \(configuration.connectionsPerAddress) per address, "
                + "\(configuration.connectionLimit) + \(configuration.reservedConnections) reserved)")
        print("slow-clients.cut-by-deadline: \(cut)")
        print("slow-clients.healthz.answered: \(latencies.count)/\(probes.count)")
        print(String(format: "slow-clients.healthz.p50: %.2f ms", percentile(0.5)))
        print(String(format: "slow-clients.healthz.p99: %.2f ms", percentile(0.99)))
        print(String(format: "slow-clients.healthz.max: %.2f ms", latencies.last ?? 0))
    }

    static func environment(_ name: String, default value: Int, in range: ClosedRange<Int>) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap { BoundedInteger.parse($0, in: range) } ?? value
    }
}
