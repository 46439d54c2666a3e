import Foundation
import Postgres
import SQLite

/// A Swift value a store binds as a statement argument or reads from a row, on either database: what both
/// cores convert (`String`, `Int`, `Int64`, `Double`, `Bool`, `Data`, `Date`, `UUID` and their optionals).
public protocol StoreValue: DatabaseValueConvertible, PostgresValueConvertible {}

extension String: StoreValue {}
extension Int: StoreValue {}
extension Int64: StoreValue {}
extension Double: StoreValue {}
extension Bool: StoreValue {}
extension Data: StoreValue {}
extension Date: StoreValue {}
extension UUID: StoreValue {}
extension Optional: StoreValue where Wrapped: StoreValue {}
