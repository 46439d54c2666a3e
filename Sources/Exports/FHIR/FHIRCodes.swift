import ExportFormats
/// The code systems and codes the FHIR export uses.
enum FHIRCodes {
    static let loinc = "http://loinc.org"
    static let ucum = "http://unitsofmeasure.org"
    static let observationCategory = "http://terminology.hl7.org/CodeSystem/observation-category"
    /// Recover's own outcome kinds, for values without a standard code (range of motion has no LOINC code).
    static let outcomeKind = "urn:recover:outcome-kind"
    /// HealthKit's type identifiers (`HKQuantityTypeIdentifierStepCount`), for Apple Health figures.
    static let healthKitType = "urn:recover:healthkit-type"
    /// The statistics of a day's readings (`minimum`, `maximum`, `reading-count`), for Observation components.
    static let dailyStatistic = "urn:recover:daily-statistic"
    static let pseudonym = "urn:recover:pseudonym"
    static let signatureType = "urn:iso-astm:E1762-95:2013"
    static let signingKey = "urn:recover:signing-key"
    /// The extension naming the Consent a value was collected under.
    static let collectedUnderConsent = "urn:recover:extension:collected-under-consent"
    /// The tags saying what an export left out of data collected outside consent.
    static let exportScope = "urn:recover:export-scope"
    /// The Bundle extension carrying the signed audit checkpoint made with the export.
    static let auditCheckpoint = "urn:recover:audit-checkpoint"

    static func coding(_ system: String, _ code: String, _ display: String? = nil) -> JSONNode {
        var members: [(String, JSONNode)] = [("system", .string(system)), ("code", .string(code))]
        if let display { members.append(("display", .string(display))) }
        return .object(members)
    }

    static func concept(_ codings: [JSONNode], text: String? = nil) -> JSONNode {
        var members: [(String, JSONNode)] = [("coding", .array(codings))]
        if let text { members.append(("text", .string(text))) }
        return .object(members)
    }

    /// A UCUM quantity.
    static func quantity(_ value: Double, unit: String) -> JSONNode {
        .object([
            ("value", .number(value)), ("unit", .string(unit)), ("system", .string(ucum)), ("code", .string(unit)),
        ])
    }
}
