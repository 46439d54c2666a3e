import Foundation
import RecoverData
import RecoverWeb
import SQLite
import Testing
import Web

/// Every route of the whole app (`RecoverApp`), driven with random methods, paths, parameters, queries and
/// form fields by a signed-out visitor, a participant and an admin: no request traps or answers 5xx, and a
/// refused request (4xx) stores nothing.
@Suite struct RouteFuzzTests {
    /// A small deterministic generator (SplitMix64), so a failure names a seed that reproduces it.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Values a hostile or careless client sends: huge and negative numbers, traversal, markup, control
    /// characters, long and empty strings, other people's ids.
    static func hostileValues(ids: [String]) -> [String] {
        [
            "", "0", "1", "-1", "2", "400000000000000000", "9223372036854775807", "9223372036854775808",
            "99999999999999999999999", "-9223372036854775808", "1e308", "NaN", "inf", "0x10", "+5", " 3",
            "../../etc/passwd", "..%2F..%2Fetc", "%00", "a\u{0}b", "\u{1B}[31m", "<script>alert(1)</script>",
            "\"'><img src=x>", "' OR 1=1 --", String(repeating: "x", count: 5000), "日本語", "😀", "\r\nX-Injected: 1",
            "csv", "json", "fhir", "checkin", "onboarding", "rangeOfMotionCheck", "weeklyDiary", "kneeBendVideo",
            "hearingScreening", "next", "back", "skip", "granted", "declined", "true", "[]", "{}", "[[{\"x\":1}]]",
            "Asia/Shanghai", "Not/AZone", "2027-01-15", "2027-02-30", "25:61", "110", "181", "-5",
        ] + ids
    }

    static let fieldNames = [
        "csrf", "step", "action", "run", "email", "password", "confirmation", "current", "timeZone", "count", "code",
        "checkin.form.pain", "checkin.form.sleep", "consent.name", "consent.signature.strokes",
        "consent.signature.image", "manual", "onboarding.goals.kneeBend", "onboarding.goals.checkinTime", "confirm",
        "language", "role", "q", "sort", "page", "outcome",
    ]

    static let queryNames = ["page", "sort", "q", "created", "revoked", "day", "format", "lang", "from", "week"]

    static func pick<T>(_ values: [T], _ generator: inout Generator) -> T {
        values[Int(generator.next() % UInt64(values.count))]
    }

    /// The path of `pattern` with each `:parameter` replaced by a value from `values`.
    static func path(_ pattern: String, values: [String], _ generator: inout Generator) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false).map { part in
            guard part.hasPrefix(":") else { return String(part) }
            let value = pick(values, &generator)
            return value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? value
        }.joined(separator: "/")
    }

    /// A digest of everything stored that a refused request must not change: every table except sessions
    /// (touched on every signed-in request) and sign-in failures (a refused sign-in records one), and the
    /// media folder's files. Rows are ordered by their own text, so tables without a rowid are digested too.
    static func storedState(_ database: Database, media: URL) throws -> [String] {
        let tables = try database.read { db in
            try db.query(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
            .map { try $0.string("name") }
        }
        var state: [String] = []
        for table in tables where !["session", "sign_in_failure", "schema_migrations"].contains(table) {
            let columns = try database.read { db in
                try db.query("SELECT name FROM pragma_table_info(?)", [table]).map { try $0.string("name") }
            }
            let row = columns.map { "quote(\"\($0)\")" }.joined(separator: " || ',' || ")
            let digest: String? = try database.read { db in
                try db.queryOne(
                    "SELECT group_concat(r, '|') AS d FROM (SELECT \(row) AS r FROM \"\(table)\" ORDER BY r)")?["d"]
            }
            state.append("\(table): \(digest ?? "")")
        }
        // Regular files only: a spool folder made on first use is no stored data.
        let files =
            FileManager.default.enumerator(atPath: media.path)?.compactMap { $0 as? String }.filter { path in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: media.appending(path: path).path, isDirectory: &isFolder)
                    && !isFolder.boolValue
            } ?? []
        state.append("media: \(files.sorted().joined(separator: ","))")
        return state
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func everyRouteAnswersWithoutTrapOr5xxAndRefusalsStoreNothing(seed: UInt64) throws {
        var participant = try StudyClient()
        try participant.join()
        participant.completeOnboarding()
        let admin = try Enrollment(directory: participant.directory, hasher: participant.recover.services.hasher)
            .addStaff(email: "admin@example.com", role: .admin, password: "correct horse battery", timeZone: "UTC")
        var staff = participant
        staff.cookies = [:]
        staff.get("/sign-in")
        staff.post("/sign-in", form: ["email": "admin@example.com", "password": "correct horse battery"])
        #expect(staff.get("/console").status == .ok)
        var visitor = participant
        visitor.cookies = [:]
        visitor.get("/sign-in")

        let patientID = try #require(try participant.directory.account(email: "pat@example.com")).id
        let values = Self.hostileValues(ids: [patientID, admin.id])
        // Signing out and withdrawing end the sessions the later rounds need; both have tests of their own.
        let routes = participant.app.router.routes.filter {
            !$0.pattern.contains("sign-out") && !$0.pattern.contains("withdraw")
        }
        let media = participant.recover.folder.url
        var generator = Generator(state: seed)
        var clients = [visitor, participant, staff]
        var refused = 0
        for round in 0..<400 {
            let who = Int(generator.next() % 3)
            let route = Self.pick(routes, &generator)
            let randomPath = generator.next() % 8 == 0
            let path =
                randomPath
                ? "/" + Self.pick(values, &generator) : Self.path(route.pattern, values: values, &generator)
            let method: HTTPMethod =
                generator.next() % 6 == 0 ? Self.pick([.get, .post, .head, .put, .delete], &generator) : route.method
            var query: [String: String] = [:]
            for _ in 0..<Int(generator.next() % 3) {
                query[Self.pick(Self.queryNames, &generator)] = Self.pick(values, &generator)
            }
            var fields: [String: [String]] = [:]
            for _ in 0..<Int(generator.next() % 6) {
                fields[Self.pick(Self.fieldNames, &generator), default: []].append(Self.pick(values, &generator))
            }
            let before = try Self.storedState(participant.database, media: media)
            let response: Response
            if method == .post {
                // Mostly with the page's real CSRF token, so the handlers behind the check are reached.
                let withToken = generator.next() % 5 != 0
                response = clients[who].post(path, fields: fields, includeCSRF: withToken)
            } else {
                var request = Request(method: method, path: path, query: query)
                request.headers["accept-language"] = Self.pick(["en", "zh-CN", "xx", ""], &generator)
                response = clients[who].send(request)
            }
            let label =
                "seed \(seed) round \(round): \(method) \(path.prefix(80)) as \(["visitor", "participant", "staff"][who]) -> \(response.status.code)"
            #expect(response.status.code < 500, "\(label)")
            if response.status.code >= 400 {
                refused += 1
                #expect(try Self.storedState(participant.database, media: media) == before, "\(label)")
            }
        }
        #expect(refused > 100, "the fuzz reached the refusals")
        #expect(clients[0].get("/healthz").status == .ok)
        #expect(clients[1].get("/").status == .ok)
        #expect(clients[2].get("/console").status == .ok)
    }
}
