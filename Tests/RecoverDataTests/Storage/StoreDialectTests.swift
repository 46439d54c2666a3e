import RecoverData
import Testing

/// The dialect's pieces of SQL are the texts the stores wrote inline before they were gathered on it, so the
/// statements made of them did not change.
@Suite struct StoreDialectTests {
    @Test func datesAreTheTextsTheStoresWrote() {
        #expect(StoreDialect.sqlite.utcDay("a.withdrawn_at") == "substr(a.withdrawn_at, 1, 10)")
        #expect(
            StoreDialect.postgres.utcDay("a.withdrawn_at") == "to_char(a.withdrawn_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
        )
        #expect(StoreDialect.sqlite.instantText("r.completed_at") == "r.completed_at")
        #expect(
            StoreDialect.postgres.instantText("r.completed_at")
                == #"to_char(r.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')"#)
        #expect(StoreDialect.sqlite.days(from: "s", to: "?") == "CAST(julianday(?) - julianday(s) AS INTEGER)")
        #expect(StoreDialect.postgres.days(from: "s", to: "?") == "(CAST(? AS date) - CAST(s AS date))")
    }

    @Test func valuesAndOrderAreTheTextsTheStoresWrote() {
        #expect(StoreDialect.sqlite.greatest("0", "x") == "max(0, x)")
        #expect(StoreDialect.postgres.greatest("0", "x") == "GREATEST(0, x)")
        #expect(StoreDialect.sqlite.storageOrder(or: "sequence") == "rowid")
        #expect(StoreDialect.postgres.storageOrder(or: "sequence") == "sequence")
        #expect(StoreDialect.sqlite.storageClass("value") == "typeof(value)")
        #expect(StoreDialect.postgres.storageClass("value") == "''")
        #expect(!StoreDialect.sqlite.hasTypedColumns && StoreDialect.postgres.hasTypedColumns)
    }

    @Test func jsonIsTheTextTheStoresWrote() {
        #expect(
            StoreDialect.sqlite.jsonString("v.json", at: "groupIdentifier")
                == "json_extract(v.json, '$.groupIdentifier')")
        #expect(StoreDialect.postgres.jsonString("v.json", at: "groupIdentifier") == "v.json ->> 'groupIdentifier'")
        #expect(StoreDialect.postgres.jsonString("e", at: "content.unit") == "e -> 'content' ->> 'unit'")
        let paths = ["content.integer", "content.double"]
        #expect(
            StoreDialect.sqlite.jsonNumber("e.value", firstOf: paths)
                == "coalesce(json_extract(e.value, '$.content.integer'), json_extract(e.value, '$.content.double'))")
        #expect(
            StoreDialect.postgres.jsonNumber("e", firstOf: paths) == """
                CASE WHEN jsonb_typeof(e -> 'content' -> 'integer') = 'number'
                    THEN CAST(e -> 'content' ->> 'integer' AS double precision)
                    WHEN jsonb_typeof(e -> 'content' -> 'double') = 'number'
                    THEN CAST(e -> 'content' ->> 'double' AS double precision) END
                """)
        let elements = StoreDialect.postgres.jsonArrayElements("o.values_json", as: "v")
        #expect(elements.table == "jsonb_array_elements(o.values_json::jsonb) WITH ORDINALITY AS v(value, ordinal)")
        #expect(elements.value == "v.value" && elements.index == "(v.ordinal - 1)")
        let members = StoreDialect.postgres.jsonObjectMembers("v.value", at: "content", as: "c")
        #expect(members.table == "jsonb_each(v.value -> 'content') AS c")
        #expect(
            members.type
                == "CASE jsonb_typeof(c.value) WHEN 'boolean' THEN c.value #>> '{}' WHEN 'number' THEN 'number' ELSE jsonb_typeof(c.value) END"
        )
    }
}
