import Foundation
import Research
import Web

/// A body model the browser can show: its parts and its drawing. Add a model by conforming a type and
/// listing it in ``BodyModels/all``; a survey's `bodyModel` step names it by ``id``.
protocol BodyModelProvider: Sendable {
    /// The `modelID` surveys use, such as `knee`.
    var id: String { get }
    /// The part ids in the drawing, each an element with that `id` and `data-part`, in drawing order.
    var partIDs: [String] { get }
    /// The drawing under `Assets/study/`, such as `svg/knee.svg`.
    var assetPath: String { get }
    /// The localised name of a part.
    func name(of part: String, t: Localizer) -> String
}

extension BodyModelProvider {
    func name(of part: String, t: Localizer) -> String { t["bodyModel.\(id).\(part)"] }

    /// The drawing's markup, inlined so the page needs no extra request; empty when the file is missing.
    var svg: HTML {
        guard let asset = StudyAssets.files[assetPath] else { return .empty }
        // The file ships with the project (never user input), so it is inserted as it is.
        return HTML.unsafeRaw(String(decoding: asset.bytes, as: UTF8.self))
    }
}

/// The left knee and leg, front and back view (`svg/knee.svg`).
struct KneeModel: BodyModelProvider {
    let id = "knee"
    let assetPath = "svg/knee.svg"
    let partIDs = [
        "quadriceps", "patella", "medialJointLine", "lateralJointLine", "patellarTendon", "shin", "hamstrings",
        "backOfKnee", "calf",
    ]
}

/// The body models the participant pages can show.
enum BodyModels {
    static let all: [any BodyModelProvider] = [KneeModel()]

    static func provider(for id: String) -> (any BodyModelProvider)? { all.first { $0.id == id } }
}
