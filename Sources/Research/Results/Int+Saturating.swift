extension Int {
    /// `value` rounded toward zero and clamped to `Int`'s range; 0 for NaN. Unlike `Int(_:)` it never traps,
    /// so a number from a study file, an answer or a request can be shown or divided safely.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_775_808 {  // 2^63, the first Double above Int.max
            self = .max
        } else if value <= -9_223_372_036_854_775_808 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
