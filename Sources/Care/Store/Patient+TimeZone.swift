import Foundation

extension Patient {
    /// Checks the patient's time zone: `unknownTimeZone` when this system does not know it.
    public func checkTimeZone() throws(CareStoreError) {
        if TimeZone(identifier: timeZoneIdentifier) == nil { throw .unknownTimeZone(timeZoneIdentifier) }
    }
}
