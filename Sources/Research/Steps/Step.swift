import Foundation

/// One page of a survey: common texts plus a `kind` carrying what the page asks or shows.
///
/// ```swift
/// let step = Step(id: "checkin.form", title: "Daily check-in", kind: .form([painItem, sleepItem]))
/// ```
public struct Step: Hashable, Sendable {
    /// Unique within its survey.
    public var id: String
    /// The heading of the page.
    public var title: String?
    /// The text shown to the participant.
    public var text: String?
    /// Secondary text shown under the main text.
    public var detail: String?
    /// An optional step may be skipped as a whole.
    public var isOptional: Bool
    /// What the step shows or asks for, with its parameters.
    public var kind: Kind

    /// Creates a `Step` from its members.
    public init(
        id: String,
        title: String? = nil,
        text: String? = nil,
        detail: String? = nil,
        isOptional: Bool = false,
        kind: Kind
    ) {
        self.id = id
        self.title = title
        self.text = text
        self.detail = detail
        self.isOptional = isOptional
        self.kind = kind
    }

    /// What a step shows or asks for.
    public enum Kind: Hashable, Sendable {
        case instruction(Instruction)
        case form([FormItem])
        case question(FormItem)
        case consentDocument(ConsentDocument)
        case requestPermissions(PermissionRequest)
        case completion
        case review
        case rangeOfMotion(JointMeasurement)
        case frontCameraRecording(CameraRecording)
        case environmentNoise(NoiseCheck)
        case toneAudiometry(ToneAudiometry)
        case bodyModel(BodyModel)
    }

    /// The questions of a form or question step; empty for other kinds.
    public var items: [FormItem] {
        switch kind {
        case .form(let items): items
        case .question(let item): [item]
        default: []
        }
    }

    /// Whether the step asks the participant for something (so it produces a result).
    public var collectsInput: Bool {
        switch kind {
        case .instruction, .completion, .review: false
        default: true
        }
    }
}
