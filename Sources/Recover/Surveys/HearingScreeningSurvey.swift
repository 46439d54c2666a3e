import Foundation
import Research

extension RecoverSurveys {
    /// Step identifiers of the hearing screening.
    public enum HearingScreening {
        /// The instructions.
        public static let instruction = "hearing.instruction"
        /// The environment noise check.
        public static let noise = "hearing.noise"
        /// The tone audiometry.
        public static let tones = "hearing.tones"
        /// The completion step.
        public static let completion = "hearing.completion"
        /// The loudest acceptable surroundings, dBA (ResearchKit's hearing task uses 45).
        public static let noiseThreshold = 45.0
        /// Quiet readings in a row needed.
        public static let quietReadings = 5
        /// Frequencies tested, in order.
        public static let frequencies: [Double] = [1000, 2000, 4000, 500]
    }
}
