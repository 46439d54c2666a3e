import Foundation
import Testing

@testable import Postgres

@Suite struct PostgresURLTests {
    @Test func parsesEveryPartOfAURL() throws {
        let url = try PostgresURL(
            "postgresql://recover%2Bweb:p%40ss%3Aw%2Fd@db.example.org:6543/recover%20prod"
                + "?sslmode=verify-full&connect_timeout=5&application_name=recover-web")
        #expect(url.user == "recover+web")
        #expect(url.password == "p@ss:w/d")
        #expect(url.host == "db.example.org")
        #expect(url.port == 6543)
        #expect(url.database == "recover prod")
        #expect(
            url.parameters == ["sslmode": "verify-full", "connect_timeout": "5", "application_name": "recover-web"])
    }

    @Test func leavesOutWhatTheURLDoesNotSay() throws {
        let url = try PostgresURL("postgres://db.example.org")
        #expect(url.host == "db.example.org")
        #expect(url.port == nil && url.user == nil && url.database == nil && !url.hasPassword)
        let local = try PostgresURL("POSTGRESQL:///recover?host=%2Fvar%2Frun%2Fpostgresql&port=5433")
        #expect(local.host == "/var/run/postgresql")
        #expect(local.port == 5433)
        #expect(local.database == "recover")
    }

    @Test func readsBracketedIPv6Hosts() throws {
        let url = try PostgresURL("postgresql://me@[::1]:5432/db")
        #expect(url.host == "::1")
        #expect(url.port == 5432)
        #expect(url.redactedDescription == "postgresql://me@[::1]:5432/db")
    }

    @Test func readsTheKeywordForm() throws {
        let url = try PostgresURL(
            #"host=127.0.0.1 port = 5433 dbname=recover user=me password='it\'s a \\ secret' sslmode=require"#)
        #expect(url.host == "127.0.0.1")
        #expect(url.port == 5433)
        #expect(url.database == "recover")
        #expect(url.user == "me")
        #expect(url.password == #"it's a \ secret"#)
        #expect(url.parameters == ["sslmode": "require"])
    }

    @Test func descriptionsNeverShowThePassword() throws {
        let url = try PostgresURL("postgresql://recover:Hunter2-Secret@db:5432/recover?sslpassword=KeySecret-9")
        var dumped = ""
        dump(url, to: &dumped)
        for text in ["\(url)", String(reflecting: url), url.redactedDescription, dumped, "\([url])"] {
            #expect(!text.contains("Hunter2-Secret"))
            #expect(!text.contains("KeySecret-9"))
        }
        #expect(url.redactedDescription == "postgresql://recover:***@db:5432/recover?sslpassword=***")
    }

    @Test(arguments: [
        "", "mysql://u:Pw-Secret-1@h/db", "postgresql://u:Pw-Secret-1@h:notaport/db",
        "postgresql://u:Pw-Secret-1@h:0/db",
        "postgresql://u:Pw-Secret-1@h:65536/db", "postgresql://u:Pw-Secret-1@h1,h2/db",
        "postgresql://u:Pw-Secret-1@h/db?sslmode=sometimes", "postgresql://u:Pw-Secret-1@h/db?nonsense=1",
        "postgresql://u:Pw-Secret-1@h/db?sslmode", "postgresql://u:Pw-Secret-1%ZZ@h/db",
        "postgresql://u:Pw-Secret-1@[::1/db",
        "postgresql://u:Pw-Secret-1@h/db/extra", "postgresql://u:Pw-Secret-1@h/db?client_encoding=LATIN1",
        "postgresql://u:Pw-Secret-1:5432/db", "postgresql://u:Pw-Secret-1?x=y@h/db",
        "host=h password='Pw-Secret-1", "host=h Pw-Secret-1", "just some words Pw-Secret-1",
        "host=h connect_timeout=Pw-Secret-1",
    ])
    func refusesBadURLsWithoutQuotingThem(_ text: String) {
        #expect {
            try PostgresURL(text)
        } throws: { error in
            guard let error = error as? PostgresError else { return false }
            return error.category == .invalidURL && !"\(error)".contains("Pw-Secret-1") && !error.message.isEmpty
        }
    }

    @Test(arguments: ["0", "65536", "-1", "+5", " 5", "5.0", "0x10", "١٢", "99999999999999999999999", "", "5 "])
    func portsFromOutsideAreCheckedWholeNumbersInRange(_ port: String) {
        #expect(throws: PostgresError.self) { try PostgresURL("postgresql://h:\(port)/db") }
        #expect(throws: PostgresError.self) { try PostgresURL("host=h port='\(port)'") }
    }

    @Test func integerParametersAreBounded() throws {
        #expect(try PostgresURL("postgresql://h:1/db").port == 1)
        #expect(try PostgresURL("postgresql://h:65535/db").port == 65535)
        #expect(try PostgresURL("postgresql://h/db?connect_timeout=86400").parameters["connect_timeout"] == "86400")
        #expect(throws: PostgresError.self) { try PostgresURL("postgresql://h/db?connect_timeout=86401") }
        #expect(throws: PostgresError.self) { try PostgresURL("postgresql://h/db?keepalives_count=-3") }
        #expect(throws: PostgresError.self) { try PostgresURL(host: "h", port: 70000) }
        #expect(throws: PostgresError.self) { try PostgresURL(host: "h", parameters: ["tcp_user_timeout": "1e9"]) }
    }

    @Test func partsCanBeReplaced() throws {
        let url = try PostgresURL(host: "h", database: "one", user: "u", password: "Pw")
        let other = try url.replacingDatabase("two").setting("options", to: "-c search_path=s")
        #expect(other.database == "two")
        #expect(other.password == "Pw")
        #expect(other.parameters["options"] == "-c search_path=s")
        #expect(throws: PostgresError.self) { try url.setting("sslmode", to: "maybe") }
    }
}
