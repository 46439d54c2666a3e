import Foundation
import Testing

@testable import Postgres

@Suite struct PostgresErrorTests {
    @Test func sqlStatesMapToCategories() {
        let expected: [String: PostgresError.Category] = [
            "23505": .uniqueViolation, "23503": .foreignKeyViolation, "23502": .notNullViolation,
            "23514": .checkViolation, "23P01": .constraintViolation, "40001": .serializationFailure,
            "40P01": .deadlock, "42601": .syntax, "42P01": .undefinedObject, "42703": .undefinedObject,
            "42501": .insufficientPrivilege, "22P02": .invalidData, "22003": .invalidData, "57014": .canceled,
            "57P01": .connection, "08006": .connection, "28P01": .authentication, "25006": .readOnlyTransaction,
            "XX000": .server,
        ]
        for (state, category) in expected {
            #expect(PostgresError.Category(sqlState: state) == category, "\(state)")
        }
        #expect(PostgresError(category: .serializationFailure, message: "").isTransient)
        #expect(PostgresError(category: .deadlock, message: "").isTransient)
        #expect(!PostgresError(category: .uniqueViolation, message: "").isTransient)
    }

    @Test func dataExceptionMessagesLoseTheirQuotedValues() {
        let message = PostgresError.scrubbed(
            #"invalid input syntax for type uuid: "alice-secret""#, sqlState: "22P02", removing: [])
        #expect(message == #"invalid input syntax for type uuid: "…""#)
        let unclosed = PostgresError.scrubbed(#"value "12345678901 is out of range"#, sqlState: "22003", removing: [])
        #expect(unclosed == #"value "…"#)
    }

    @Test func argumentTextsAreBlankedAnywhere() {
        let message = PostgresError.scrubbed(
            "trigger refused alice@example.org for ab", sqlState: "P0001", removing: ["alice@example.org", "ab"])
        #expect(message == "trigger refused … for ab")
        #expect(
            PostgresError.scrubbed(#"relation "note" does not exist"#, sqlState: "42P01", removing: [])
                == #"relation "note" does not exist"#)
    }

    @Test func descriptionNamesCategoryStateConstraintAndStatement() {
        let error = PostgresError(
            category: .uniqueViolation, sqlState: "23505", message: "duplicate key", sql: "INSERT INTO a VALUES ($1)",
            constraint: "a_pkey")
        #expect(
            error.description
                == "PostgreSQL error 23505 (unique violation): duplicate key [constraint a_pkey] in statement: "
                + "INSERT INTO a VALUES ($1)")
        #expect(error.isConstraintViolation)
    }
}
