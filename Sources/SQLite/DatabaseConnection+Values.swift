extension DatabaseConnection {
    /// ``execute(_:_:)-(String,[any DatabaseValueConvertible])`` with `DatabaseValue` arguments, so
    /// `[.text(id), .null]` reads naturally.
    @discardableResult
    public func execute(_ sql: String, _ arguments: [DatabaseValue]) throws -> Int {
        try execute(sql, arguments.map { $0 as any DatabaseValueConvertible })
    }

    /// ``query(_:_:)-(String,[any DatabaseValueConvertible])`` with `DatabaseValue` arguments.
    public func query(_ sql: String, _ arguments: [DatabaseValue]) throws -> [Row] {
        try query(sql, arguments.map { $0 as any DatabaseValueConvertible })
    }

    /// ``queryOne(_:_:)-(String,[any DatabaseValueConvertible])`` with `DatabaseValue` arguments.
    public func queryOne(_ sql: String, _ arguments: [DatabaseValue]) throws -> Row? {
        try queryOne(sql, arguments.map { $0 as any DatabaseValueConvertible })
    }

    /// ``forEachRow(_:_:_:)-(String,[any DatabaseValueConvertible],_)`` with `DatabaseValue` arguments.
    public func forEachRow(_ sql: String, _ arguments: [DatabaseValue], _ body: (Row) throws -> Void) throws {
        try forEachRow(sql, arguments.map { $0 as any DatabaseValueConvertible }, body)
    }
}
