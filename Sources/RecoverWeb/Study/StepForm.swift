import Cryptography
import Foundation
import Research

/// Turns the fields a survey page posted into the survey engine's submission for its step.
///
/// Question steps use the engine's own form parsing. Consent, permissions and range-of-motion pages post
/// the fields of their browser components (docs/components.md), which become the engine's JSON shape here;
/// the engine then checks them (an empty signature, an unanswered permission, a range out of bounds).
enum StepForm {
    /// Field names of the consent page.
    static let printedName = "consent.name"
    static let strokes = "consent.signature.strokes"
    static let image = "consent.signature.image"
    /// Field names of the range-of-motion page.
    static let samples = "range.samples"
    static let manualAngle = "range.manualAngle"

    static func submission(
        for step: Step, fields: [String: [String]], timeZone: TimeZone, at date: Date
    ) -> Result<StepSubmission, PageProblems> {
        let json: JSONValue
        switch step.kind {
        case .consentDocument(let document):
            switch consentJSON(fields) {
            case .success(let value): json = value
            case .failure(let problem): return .failure(PageProblems([problem]))
            }
            return parse(step, json: json, timeZone: timeZone, at: date).map { submission in
                var submission = submission
                if case .consent(var consent) = submission.activity {
                    consent.documentSHA256 = Crypto.hex(Crypto.sha256(Array(document.html.utf8)))
                    submission.activity = .consent(consent)
                }
                return submission
            }
        case .requestPermissions(let request):
            switch permissionsJSON(fields, request: request) {
            case .success(let value): json = value
            case .failure(let problem): return .failure(PageProblems([problem]))
            }
        case .rangeOfMotion:
            switch rangeOfMotionJSON(fields) {
            case .success(let value): json = value
            case .failure(let problem): return .failure(PageProblems([problem]))
            }
        case .environmentNoise:
            switch HearingForm.noiseJSON(fields) {
            case .success(let value): json = value
            case .failure(let problem): return .failure(PageProblems([problem]))
            }
        case .instruction, .completion, .review:
            return .success(.empty)
        default:
            switch step.parseSubmission(
                form: FormatFields.engineFields(fields, for: step), timeZone: timeZone, at: date)
            {
            case .success(var submission):
                // The conditional questions the page showed (StepItems), where it has any.
                submission.shownItems = fields[StepItems.shownField].map { Set($0.filter { !$0.isEmpty }) }
                return .success(submission)
            case .failure(let errors):
                return .failure(PageProblems(errors.errors.map { StepProblem.from($0, in: step) }))
            }
        }
        return parse(step, json: json, timeZone: timeZone, at: date)
    }

    private static func parse(_ step: Step, json: JSONValue, timeZone: TimeZone, at date: Date) -> Result<
        StepSubmission, PageProblems
    > {
        switch step.parseSubmission(json: json, timeZone: timeZone, at: date) {
        case .success(let submission): .success(submission)
        case .failure(let errors): .failure(PageProblems(errors.errors.map { StepProblem.from($0, in: step) }))
        }
    }

    /// `{"name": .., "strokes": [...], "png": ..}`; the signing time and offset are the server's.
    static func consentJSON(_ fields: [String: [String]]) -> Result<JSONValue, StepProblem> {
        let name = fields[printedName]?.first ?? ""
        let strokeText = fields[strokes]?.first ?? ""
        var strokeList = JSONValue.array([])
        if !strokeText.trimmingCharacters(in: .whitespaces).isEmpty {
            // Strokes that are not JSON go on as typed: the engine refuses what is not a list of strokes.
            strokeList = JSONValue.parse(Data(strokeText.utf8)) ?? .string(strokeText)
        }
        var members: [String: JSONValue] = ["name": .string(name), "strokes": strokeList]
        let imageText = fields[image]?.first ?? ""
        if !(strokeList.arrayValue ?? []).isEmpty {
            guard imageText.hasPrefix("data:image/png;base64,"),
                let png = Data(base64Encoded: String(imageText.dropFirst(22))),
                png.starts(with: [0x89, 0x50, 0x4E, 0x47])
            else { return .failure(StepProblem(key: "survey.error.signatureImage")) }
            members["png"] = .string(imageText)
        }
        return .success(.object(members))
    }

    /// `{"health": .., "health.read.<type>": .., "notifications": .., "motionActivity": ..}`: each health
    /// type must be answered and is recorded on its own; the health card is granted when any type is. Notifications and motion: `granted`, `declined`, `unavailable` or empty.
    static func permissionsJSON(_ fields: [String: [String]], request: PermissionRequest) -> Result<
        JSONValue, StepProblem
    > {
        var grants: [String: JSONValue] = [:]
        if request.cards.contains("health") {
            let names =
                request.healthRead.map { "permission.health.read.\($0.rawValue)" }
                + request.healthWrite.map { "permission.health.write.\($0.rawValue)" }
            var anyGranted = false
            for name in names {
                let typeKey = String(name.dropFirst("permission.".count))
                switch fields[name]?.first {
                case "granted":
                    anyGranted = true
                    grants[typeKey] = .bool(true)
                case "declined": grants[typeKey] = .bool(false)
                default: return .failure(StepProblem(itemID: "health", key: "survey.error.permissions"))
                }
            }
            grants["health"] = .bool(anyGranted)
        }
        for (card, field) in [("notifications", "permission.notifications"), ("motionActivity", "permission.motion")]
        where request.cards.contains(card) {
            switch fields[field]?.first ?? "" {
            case "granted": grants[card] = .bool(true)
            case "declined", "unavailable", "": grants[card] = .bool(false)
            default: return .failure(StepProblem(itemID: card, key: "survey.error.permissions"))
            }
        }
        return .success(.object(grants))
    }

    /// `{"euler": [[alpha, beta, gamma], ...]}` from the posted samples, else `{"manualRange": angle}` (the
    /// angle as typed when it is not a number), else `{}`.
    static func rangeOfMotionJSON(_ fields: [String: [String]]) -> Result<JSONValue, StepProblem> {
        let sampleText = (fields[samples]?.first ?? "").trimmingCharacters(in: .whitespaces)
        if !sampleText.isEmpty {
            guard let rows = JSONValue.parse(Data(sampleText.utf8))?.arrayValue, !rows.isEmpty, rows.count <= 100_000
            else { return .failure(StepProblem(key: "survey.error.samples")) }
            var euler: [JSONValue] = []
            for row in rows {
                guard let numbers = row.arrayValue, numbers.count >= 3,
                    numbers.prefix(3).allSatisfy({ $0.numberValue?.isFinite == true })
                else { return .failure(StepProblem(key: "survey.error.samples")) }
                euler.append(.array(Array(numbers.prefix(3))))
            }
            return .success(.object(["euler": .array(euler)]))
        }
        // Nothing measured and nothing typed, an angle that is not a number or out of range: the engine refuses
        // each with its code and bounds (RangeOfMotionResult.plausibleRange), so none is checked here.
        let manual = (fields[manualAngle]?.first ?? "").trimmingCharacters(in: .whitespaces)
        guard !manual.isEmpty else { return .success(.object([:])) }
        return .success(.object(["manualRange": Double(manual).map(JSONValue.number) ?? .string(manual)]))
    }
}
