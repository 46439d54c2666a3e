/// The care-plan model: patients, care plans, versioned care tasks, schedules, events, outcomes, progress.
public enum CareModel {
    /// The version of the care model's JSON formats.
    public static let version = 1
}
