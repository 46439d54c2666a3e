import Foundation
import Research
import Web

extension FormatWidget {
    /// A labelled number box inside a group: field `<id>.<suffix>`, or the item's own field when `suffix` is nil.
    func box(_ suffix: String?, label: String, min: String, max: String? = nil, step: String = "1") -> HTML {
        let upper: HTML = max.map { " max=\"\($0)\"" } ?? .empty
        let ariaInvalid: HTML = error == nil ? .empty : " aria-invalid=\"true\""
        let elementID = suffix.map { "\(id)-\($0)" } ?? id
        let name = suffix.map { "\(id).\($0)" } ?? id
        return """
            <div class="measure-part"><label class="field-label" for="\(elementID)">\(label)</label>
            <input type="number" id="\(elementID)" name="\(name)" inputmode="decimal" min="\(min)"\(upper) \
            step="\(step)" value="\(value(suffix))"\(ariaInvalid)></div>
            """
    }

    /// Hours and minutes.
    func interval(_ format: TimeIntervalFormat) -> HTML {
        let hours = Int(saturating: format.maximum) / 3600
        return """
            <fieldset class="field measure\(hasError)"\(describedBy)><legend>\(item.text)\(marker)</legend>\(detail())
            <div class="measure-row">\(box("hours", label: t["format.hours"], min: "0", max: String(hours)))\
            \(box("minutes", label: t["format.minutes"], min: "0", max: "59", step: String(format.stepMinutes)))</div>
            \(errorHTML)</fieldset>
            """
    }

    /// The unit choice of a height or weight: the format's system unless the page chose another.
    func unitChoice(_ system: MeasurementSystem, metric: String, customary: String) -> HTML {
        let chosen = MeasurementSystem(rawValue: value("unit")) ?? system
        let options = [(MeasurementSystem.metric, metric), (.usCustomary, customary)].map { option, label -> HTML in
            let checked: HTML = option == chosen ? " checked" : .empty
            return
                "<label class=\"choice\"><input type=\"radio\" name=\"\(id).unit\" value=\"\(option.rawValue)\"\(checked) data-unit-choice> \(label)</label>"
        }
        return """
            <fieldset class="unit-choice"><legend>\(t["format.unit"])</legend>\(options)</fieldset>
            """
    }

    /// The participant's units; stored in centimetres (converted on the server).
    func height(_ format: HeightFormat) -> HTML {
        let chosen = MeasurementSystem(rawValue: value("unit")) ?? format.system
        return """
            <fieldset class="field measure\(hasError)" data-measure\(describedBy)><legend>\(item.text)\(marker)</legend>\(detail())
            \(unitChoice(format.system, metric: t["format.unit.centimetres"], customary: t["format.unit.feetInches"]))
            <div class="measure-row" data-unit="metric"\(chosen == .metric ? "" : " data-inactive")>\
            \(box(nil, label: t["format.unit.cm"], min: "1", max: "300", step: "0.1"))</div>
            <div class="measure-row" data-unit="usCustomary"\(chosen == .usCustomary ? "" : " data-inactive")>\
            \(box("feet", label: t["format.unit.ft"], min: "0", max: "9"))\(box("inches", label: t["format.unit.in"], min: "0", max: "11.9", step: "0.1"))</div>
            \(errorHTML)</fieldset>
            """
    }

    /// The participant's units; stored in kilograms (converted on the server).
    func weight(_ format: WeightFormat) -> HTML {
        let chosen = MeasurementSystem(rawValue: value("unit")) ?? format.system
        return """
            <fieldset class="field measure\(hasError)" data-measure\(describedBy)><legend>\(item.text)\(marker)</legend>\(detail())
            \(unitChoice(format.system, metric: t["format.unit.kilograms"], customary: t["format.unit.pounds"]))
            <div class="measure-row" data-unit="metric"\(chosen == .metric ? "" : " data-inactive")>\
            \(box(nil, label: t["format.unit.kg"], min: "0.1", step: "0.1"))</div>
            <div class="measure-row" data-unit="usCustomary"\(chosen == .usCustomary ? "" : " data-inactive")>\
            \(box("pounds", label: t["format.unit.lb"], min: "0.1", step: "0.1"))</div>
            \(errorHTML)</fieldset>
            """
    }

    /// Typed coordinates, or the browser's position through `js/location.js`.
    func location() -> HTML {
        """
        <script type="module" src="\(StudyAssets.url("js/location.js"))"></script>
        <fieldset class="field measure\(hasError)" data-location data-locating-message="\(t["format.location.locating"])" \
        data-found-message="\(t["format.location.found"])" data-failed-message="\(t["format.location.failed"])"\(describedBy)>
        <legend>\(item.text)\(marker)</legend>\(detail())
        <button type="button" class="button button--secondary" hidden data-location-find>\(t["format.location.find"])</button>
        <p class="field-hint" role="status" data-location-status></p>
        <div class="measure-row">\(box("latitude", label: t["format.location.latitude"], min: "-90", max: "90", step: "any"))\
        \(box("longitude", label: t["format.location.longitude"], min: "-180", max: "180", step: "any"))</div>
        \(errorHTML)</fieldset>
        """
    }
}
