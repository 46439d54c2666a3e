import Foundation
import Postgres
import Testing

private let accounts = PostgresMigration(
    name: "test-001-accounts",
    sql: """
        CREATE TABLE account (id uuid PRIMARY KEY, email text NOT NULL CONSTRAINT account_email_key UNIQUE,
            age integer CONSTRAINT account_age_check CHECK (age >= 0));
        CREATE TABLE login (account_id uuid NOT NULL REFERENCES account (id), at timestamptz NOT NULL);
        """)

/// Whether `error` is a PostgresError of `category` whose every printed form leaves out each of `secrets`.
private func isError(_ error: any Error, _ category: PostgresError.Category, hiding secrets: [String]) -> Bool {
    guard let error = error as? PostgresError, error.category == category else { return false }
    let printed = ["\(error)", String(reflecting: error), error.message, error.localizedDescription]
    return secrets.allSatisfy { secret in printed.allSatisfy { !$0.contains(secret) } }
}

@Suite(.enabled(if: TestCluster.isAvailable, TestDatabase.skipMessage))
struct ServerErrorTests {
    @Test func aUniqueViolationIsTypedAndQuotesNoValue() throws {
        try TestDatabase.with(migrations: [accounts]) { database in
            let insert = "INSERT INTO account (id, email) VALUES ($1, $2)"
            try database.write { db in try db.execute(insert, [UUID(), "alice.secret@example.org"]) }
            let second = UUID()
            #expect {
                try database.write { db in try db.execute(insert, [second, "alice.secret@example.org"]) }
            } throws: { error in
                guard isError(error, .uniqueViolation, hiding: ["alice.secret", second.uuidString.lowercased()]),
                    let error = error as? PostgresError
                else { return false }
                return error.sqlState == "23505" && error.constraint == "account_email_key" && error.table == "account"
                    && error.sql == insert && error.isConstraintViolation
            }
        }
    }

    @Test func otherConstraintViolationsAreTyped() throws {
        try TestDatabase.with(migrations: [accounts]) { database in
            let secret = UUID().uuidString.lowercased()
            #expect {
                try database.write { db in
                    try db.execute("INSERT INTO login (account_id, at) VALUES ($1, $2)", [secret, Date()])
                }
            } throws: { isError($0, .foreignKeyViolation, hiding: [secret]) }
            #expect {
                try database.write { db in
                    try db.execute(
                        "INSERT INTO account (id, email, age) VALUES ($1, $2, $3)", [UUID(), "bob.x@y.z", -4])
                }
            } throws: { isError($0, .checkViolation, hiding: ["bob.x@y.z"]) }
            let nothing: String? = nil
            #expect {
                try database.write { db in
                    try db.execute("INSERT INTO account (id, email) VALUES ($1, $2)", [UUID(), nothing])
                }
            } throws: { isError($0, .notNullViolation, hiding: []) }
        }
    }

    @Test func badInputForATypeIsReportedWithoutTheValue() throws {
        try TestDatabase.with(migrations: [accounts]) { database in
            #expect {
                try database.write { db in
                    try db.execute("INSERT INTO account (id, email) VALUES ($1, $2)", ["carol-secret-id", "c@d.e"])
                }
            } throws: { error in
                isError(error, .invalidData, hiding: ["carol-secret-id"])
                    && (error as? PostgresError)?.message.contains("uuid") == true
            }
            #expect {
                try database.read { db in try db.query("SELECT $1::timestamptz", ["dave's birthday 1984"]) }
            } throws: { isError($0, .invalidData, hiding: ["dave's birthday", "1984"]) }
        }
    }

    @Test func syntaxErrorsAndMissingTablesAreTyped() throws {
        try TestDatabase.with { database in
            #expect { try database.read { db in try db.query("SELEKT 1") } } throws: {
                isError($0, .syntax, hiding: [])
            }
            #expect {
                try database.read { db in try db.query("SELECT * FROM no_such_table") }
            } throws: { isError($0, .undefinedObject, hiding: []) }
        }
    }

    @Test func aWriteInAReadIsRefused() throws {
        try TestDatabase.with(migrations: [accounts]) { database in
            #expect {
                try database.read { db in
                    try db.execute("INSERT INTO account (id, email) VALUES ($1, $2)", [UUID(), "e@f.g"])
                }
            } throws: { isError($0, .readOnlyTransaction, hiding: ["e@f.g"]) }
        }
    }

    @Test func aWrongPasswordFailsAsAuthenticationWithoutShowingIt() throws {
        let url = try TestDatabase.serverURL()
        let wrong = try PostgresURL(
            host: url.host, port: url.port, database: url.database, user: url.user, password: "Wr0ng-Pa55word-Secret")
        #expect {
            try PostgresDatabase.open(wrong)
        } throws: { isError($0, .authentication, hiding: ["Wr0ng-Pa55word-Secret"]) }
    }

    @Test func anUnreachableServerFailsAsAConnectionError() throws {
        let url = try PostgresURL("postgresql://recover:Unreachable-Secret@127.0.0.1:1/recover")
        #expect {
            try PostgresDatabase.open(url, configuration: PostgresConfiguration(connectTimeout: 2))
        } throws: { isError($0, .connection, hiding: ["Unreachable-Secret"]) }
    }
}
