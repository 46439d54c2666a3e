import Foundation

/// What a participant's browser posts through the Recover onboarding, step by step, and how it reads the
/// hidden fields of a page: shared by the live tests' participants (`ParticipantVisit`) and the benchmarks
/// that drive the real pages (`recover-bench postgres`).
public enum OnboardingForm {
    /// Each onboarding step with the fields a participant fills in (a name and a drawn signature for the
    /// consent, the permissions, the goals), in order. The goals are the last answer: their post stores
    /// onboarding, and the completion page after it only informs.
    public static let steps: [(step: String, fields: [String: String])] = [
        ("onboarding.welcome", [:]),
        ("onboarding.overview", [:]),
        (
            "onboarding.signatureCapture",
            [
                "consent.name": "Ada Lovelace",
                "consent.signature.strokes": #"[[{"x":10,"y":10,"t":0},{"x":40,"y":30,"t":16}]]"#,
                "consent.signature.image": "data:image/png;base64,iVBORw0K",
            ]
        ),
        (
            "onboarding.requestPermissionsStep",
            [
                "permission.health.read.stepCount": "granted",
                "permission.health.read.distanceWalkingRunning": "granted",
                "permission.health.read.activeEnergyBurned": "granted",
                "permission.health.read.heartRate": "granted",
                "permission.health.read.sleepAnalysis": "granted",
                "permission.health.write.stepCount": "declined", "permission.notifications": "granted",
                "permission.motion": "granted",
            ]
        ),
        (
            "onboarding.goals",
            [
                "onboarding.goals.knee": "left", "onboarding.goals.surgeryDate": surgeryDate,
                "onboarding.goals.goal": "Climb stairs", "onboarding.goals.kneeBend": "110",
                "onboarding.goals.checkinTime": "08:00",
            ]
        ),
    ]

    /// A surgery date onboarding accepts on the real day: three weeks back (UTC), within its two years back
    /// through today in any zone.
    public static var surgeryDate: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let day = calendar.dateComponents([.year, .month, .day], from: Date().addingTimeInterval(-21 * 86_400))
        return String(format: "%04d-%02d-%02d", day.year ?? 2000, day.month ?? 1, day.day ?? 1)
    }

    /// The value of the hidden input `name` in `page` (`run`, `step`, `csrf`), or nil.
    public static func hiddenField(_ name: String, in page: String) -> String? {
        guard let start = page.range(of: "name=\"\(name)\" value=\"")?.upperBound,
            let end = page[start...].firstIndex(of: "\"")
        else { return nil }
        return String(page[start..<end])
    }
}
