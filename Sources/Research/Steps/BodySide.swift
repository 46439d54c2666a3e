/// A side of the body: the side a joint measurement takes, the participant's operated knee.
public enum BodySide: String, Codable, Hashable, Sendable, CaseIterable {
    case left, right
}
