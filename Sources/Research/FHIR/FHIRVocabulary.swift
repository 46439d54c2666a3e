import Foundation

/// The extension URLs and codes of FHIR R4 and the Structured Data Capture guide that the mapping reads and writes
/// (docs/fhir-questionnaire.md).
enum FHIRVocabulary {
    static let core = "http://hl7.org/fhir/StructureDefinition/"
    static let sdc = "http://hl7.org/fhir/uv/sdc/StructureDefinition/"
    static let itemControl = core + "questionnaire-itemControl"
    static let itemControlSystem = "http://hl7.org/fhir/questionnaire-item-control"
    static let minValue = core + "minValue"
    static let maxValue = core + "maxValue"
    static let minQuantity = sdc + "sdc-questionnaire-minQuantity"
    static let maxQuantity = sdc + "sdc-questionnaire-maxQuantity"
    static let sliderStepValue = core + "questionnaire-sliderStepValue"
    static let maxDecimalPlaces = core + "maxDecimalPlaces"
    static let unit = core + "questionnaire-unit"
    static let unitOption = core + "questionnaire-unitOption"
    static let entryFormat = core + "entryFormat"
    static let optionExclusive = core + "questionnaire-optionExclusive"

    /// Extensions that only change how a page looks, never what it asks or accepts: read and ignored.
    static let presentationOnly: Set<String> = [
        core + "rendering-style", core + "rendering-xhtml", core + "rendering-markdown",
        core + "questionnaire-displayCategory", core + "questionnaire-choiceOrientation",
    ]

    /// Item controls that only pick a widget for what the item already is: read and ignored.
    static let presentationControls: Set<String> = [
        "radio-button", "check-box", "drop-down", "spinner", "text-box", "list", "autocomplete",
    ]

    /// The label of an open choice's free-text option, by the Questionnaire's language.
    static func otherLabel(language: String?) -> String {
        language?.lowercased().hasPrefix("zh") == true ? "其他" : "Other"
    }

    /// The labels `otherLabel(language:)` gives.
    static let otherLabels: Set<String> = ["Other", "其他"]

    /// The value recorded for an open choice's free-text option.
    static let otherValue = "other"
}

extension JSONValue {
    /// The member `key` when this is an object.
    subscript(_ key: String) -> JSONValue? { objectValue?[key] }

    /// The flag when this is `true` or `false`.
    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number when it is a whole number an `Int` holds exactly.
    var integerValue: Int? {
        guard let number = numberValue, number.rounded() == number, abs(number) < 9e15 else { return nil }
        return Int(exactly: number)
    }

    /// A JSON whole number.
    static func integer(_ value: Int) -> JSONValue { .number(Double(value)) }
}
