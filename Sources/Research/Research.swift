/// The survey engine: surveys, steps, answer formats, navigation, validation, results and survey runs.
public enum ResearchFormat {
    /// The version of the JSON format surveys and results are written in.
    public static let version = 1
}
