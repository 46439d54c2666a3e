import Foundation
import Research
import Web

/// One question rendered for its answer format: the formats the survey engine has beyond the first ones in
/// ``StepWidgets`` (docs/components.md for the scale, text and body model components).
///
/// Every group is a `fieldset` with a `legend`, every input has a label, and a problem is tied to its item
/// with `aria-describedby`.
struct FormatWidget {
    let item: FormItem
    /// The fields shown: as just posted, else from the draft answer.
    let fields: [String: [String]]
    let error: String?
    let t: Localizer
    let zone: TimeZone

    var id: String { item.id }
    var errorID: String { "\(id)-error" }
    func value(_ suffix: String? = nil) -> String { fields[suffix.map { "\(id).\($0)" } ?? id]?.first ?? "" }
    var errorHTML: HTML { error.map { "<p class=\"field-error\" id=\"\(errorID)\">\($0)</p>" } ?? .empty }
    var invalid: HTML {
        let required: HTML = item.isOptional ? .empty : " aria-required=\"true\""
        return error == nil ? "\(required)\(describedBy)" : "\(required) aria-invalid=\"true\"\(describedBy)"
    }
    /// The visible "required" after a question's label or legend.
    var marker: HTML { StepWidgets.requiredMarker(item, t: t) }
    /// The item's detail text and its problem, as the question's description.
    var describedBy: HTML { describedBy() }
    func describedBy(_ more: String?...) -> HTML {
        let refs = ([item.detail == nil ? nil : "\(id)-detail"] + more + [error == nil ? nil : errorID]).compactMap {
            $0
        }
        return refs.isEmpty ? .empty : " aria-describedby=\"\(refs.joined(separator: " "))\""
    }
    var hasError: HTML { error == nil ? .empty : " has-error" }
    /// The style sheet and `js/formats.js` (unit choice, exclusive choices); each loads once per page.
    var styles: HTML {
        """
        <link rel="stylesheet" href="\(StudyAssets.url("css/formats.css"))">\
        <script type="module" src="\(StudyAssets.url("js/formats.js"))"></script>
        """
    }

    /// The widget for formats this file renders; `nil` leaves the item to ``StepWidgets``.
    func render() -> HTML? {
        let html: HTML
        switch item.answerFormat {
        case .socioEconomicLadder(let format): html = ladder(format)
        case .scale(let format) where format.dontKnow != nil: html = scale(format)
        case .continuousScale(let format): html = continuous(format)
        case .textScale(let format): html = textScale(format)
        case .textChoice(let format): html = choices(format)
        case .numeric(let format): html = numeric(format)
        case .date(let format): html = date(format)
        case .dateTime(let format): html = dateTime(format)
        case .timeInterval(let format): html = interval(format)
        case .height(let format): html = height(format)
        case .weight(let format): html = weight(format)
        case .location: html = location()
        default: return nil
        }
        return "\(styles)\(html)"
    }

    func detail() -> HTML {
        item.detail.map { "<p class=\"field-hint\" id=\"\(id)-detail\">\($0)</p>" } ?? .empty
    }

    /// Ten rungs, top (value 0, best) to bottom (value 9).
    func ladder(_ format: LadderFormat) -> HTML {
        let chosen = value()
        let rungs = (0..<LadderFormat.rungCount).map { index -> HTML in
            let number = LadderFormat.rungCount - index
            var label = t("format.ladder.rung", ["number": String(number)])
            let end = index == 0 ? format.topText : index == LadderFormat.rungCount - 1 ? format.bottomText : nil
            if let end { label = t("format.ladder.end", ["rung": label, "text": end]) }
            let checked: HTML = chosen == String(index) ? " checked" : .empty
            return """
                <li><label class="choice ladder-rung"><input type="radio" name="\(id)" value="\(index)"\(checked)>\
                <span class="ladder-label">\(label)</span></label></li>
                """
        }
        let top: HTML = format.topText.map { "<p class=\"ladder-end\" aria-hidden=\"true\">\($0)</p>" } ?? .empty
        let bottom: HTML = format.bottomText.map { "<p class=\"ladder-end\" aria-hidden=\"true\">\($0)</p>" } ?? .empty
        return """
            <fieldset class="field ladder\(hasError)" data-format="ladder"\(describedBy)>
            <legend>\(item.text)\(marker)</legend>\(detail())
            \(top)<ol class="ladder-rungs">\(rungs)</ol>\(bottom)
            \(errorHTML)</fieldset>
            """
    }

    func dontKnowBox(_ button: DontKnowButton?) -> HTML {
        guard let button else { return .empty }
        let checked: HTML = value("dontKnow") == "true" ? " checked" : .empty
        return """
            <label class="choice scale-dont-know"><input type="checkbox" name="\(id).dontKnow" value="true" \
            data-scale-dont-know\(checked)> \(button.text ?? t["format.dontKnow"])</label>
            """
    }

    /// The scale slider of docs/components.md §4 with the "don't know" box of §5.
    func scale(_ format: ScaleFormat) -> HTML {
        slider(
            minimum: String(format.minimum), maximum: String(format.maximum), step: String(format.step),
            middle: String(format.minimum + (format.maximum - format.minimum) / 2),
            low: format.minimumDescription, high: format.maximumDescription, dontKnow: format.dontKnow)
    }

    func continuous(_ format: ContinuousScaleFormat) -> HTML {
        let digits = max(0, min(format.fractionDigits, 4))
        let step = digits == 0 ? "1" : "0." + String(repeating: "0", count: digits - 1) + "1"
        func shown(_ number: Double) -> String { String(format: "%.\(digits)f", number) }
        return slider(
            minimum: shown(format.minimum), maximum: shown(format.maximum), step: step,
            middle: shown(format.minimum + (format.maximum - format.minimum) / 2),
            low: format.minimumDescription, high: format.maximumDescription, dontKnow: format.dontKnow)
    }

    func slider(
        minimum: String, maximum: String, step: String, middle: String, low: String?, high: String?,
        dontKnow: DontKnowButton?
    ) -> HTML {
        let lowText = low.map { "\(minimum): \($0)" } ?? minimum
        let highText = high.map { "\(maximum): \($0)" } ?? maximum
        let number = value() == AnswerFormat.dontKnowValue ? "" : value()
        let required: HTML = item.isOptional ? .empty : " data-scale-required"
        return """
            <div class="field scale\(hasError)" data-scale\(required)>
            <label class="field-label" for="\(id)">\(item.text)\(marker)</label>\(detail())
            <input class="input" type="number" id="\(id)" name="\(id)" min="\(minimum)" max="\(maximum)" step="\(step)" \
            value="\(number)" data-scale-value\(invalid)>
            <input type="range" id="\(id)-range" min="\(minimum)" max="\(maximum)" step="\(step)" value="\(middle)" \
            hidden data-scale-range aria-describedby="\(id)-ends">
            <div class="scale-ends" id="\(id)-ends"><span>\(lowText)</span><span>\(highText)</span></div>
            <output class="scale-output" for="\(id)-range" aria-live="polite" hidden data-scale-output>\
            \(t["survey.scale.unset"])</output>
            \(dontKnowBox(dontKnow))
            \(errorHTML)</div>
            """
    }

    /// Labelled stops as radios; "don't know" is one more radio posting the engine's own value.
    func textScale(_ format: TextScaleFormat) -> HTML {
        var options = format.choices.map { ($0.value, $0.text) }
        if let button = format.dontKnow {
            options.append((AnswerFormat.dontKnowValue, button.text ?? t["format.dontKnow"]))
        }
        let chosen = value()
        let stops = options.map { option -> HTML in
            let checked: HTML = option.0 == chosen ? " checked" : .empty
            return
                "<label class=\"choice text-scale-stop\"><input type=\"radio\" name=\"\(id)\" value=\"\(option.0)\"\(checked)> \(option.1)</label>"
        }
        return """
            <fieldset class="field text-scale\(format.vertical ? "" : " is-horizontal")\(hasError)"\(describedBy)>
            <legend>\(item.text)\(marker)</legend>\(detail())<div class="text-scale-stops">\(stops)</div>
            \(errorHTML)</fieldset>
            """
    }

    /// Radios (single) or checkboxes (multiple); exclusive choices clear the others; "other" has its text.
    func choices(_ format: TextChoiceFormat) -> HTML {
        let chosen = Set(fields[id] ?? [])
        let type = format.style == .single ? "radio" : "checkbox"
        var rows = format.choices.enumerated().map { index, choice -> HTML in
            let checked: HTML = chosen.contains(choice.value) ? " checked" : .empty
            let exclusive: HTML = choice.isExclusive ? " data-exclusive" : .empty
            let detailHTML: HTML =
                choice.detail.map { "<span class=\"choice-detail\" id=\"\(id)-choice-\(index)-detail\">\($0)</span>" }
                ?? .empty
            let detailRef: HTML = choice.detail == nil ? .empty : " aria-describedby=\"\(id)-choice-\(index)-detail\""
            return """
                <label class="choice"><input type="\(type)" name="\(id)" value="\(choice.value)"\(checked)\(exclusive)\
                \(detailRef)> \(choice.text)</label>\(detailHTML)
                """
        }
        if let other = format.other {
            let checked: HTML = chosen.contains(other.value) ? " checked" : .empty
            let placeholder: HTML = other.placeholder.map { " placeholder=\"\($0)\"" } ?? .empty
            rows.append(
                """
                <label class="choice"><input type="\(type)" name="\(id)" value="\(other.value)"\(checked) data-other-choice> \
                \(other.text)</label>
                <div class="choice-other"><label class="field-label" for="\(id)-other">\(t("format.otherText", ["choice": other.text]))</label>
                <input type="text" id="\(id)-other" name="\(id).other" value="\(value("other"))" maxlength="500"\(placeholder)></div>
                """)
        }
        return """
            <fieldset class="field choice-group\(hasError)" data-choice-group\(describedBy)>
            <legend>\(item.text)\(marker)</legend>\(detail())\(rows)
            \(errorHTML)</fieldset>
            """
    }

    func numeric(_ format: NumericFormat) -> HTML {
        func bound(_ name: String, _ number: Double?) -> HTML {
            number.map { HTML(" \(name)=\"\(format.style == .integer ? String(Int(saturating: $0)) : String($0))\"") }
                ?? .empty
        }
        let step = format.style == .integer ? "1" : "any"
        let mode = format.style == .integer ? "numeric" : "decimal"
        let unit: HTML = format.unit.map { "<span class=\"field-unit\" id=\"\(id)-unit\">\($0)</span>" } ?? .empty
        let described = describedBy(format.unit == nil ? nil : "\(id)-unit")
        let required: HTML = item.isOptional ? .empty : " aria-required=\"true\""
        let ariaInvalid: HTML = error == nil ? required : "\(required) aria-invalid=\"true\""
        let placeholder: HTML = format.placeholder.map { " placeholder=\"\($0)\"" } ?? .empty
        return """
            <div class="field\(hasError)"><label class="field-label" for="\(id)">\(item.text)\(marker)</label>\(detail())
            <div class="field-with-unit"><input type="number" id="\(id)" name="\(id)" inputmode="\(mode)" step="\(step)" \
            value="\(value())"\(bound("min", format.minimum))\(bound("max", format.maximum))\(placeholder)\(described)\(ariaInvalid)>\(unit)</div>
            \(errorHTML)</div>
            """
    }

    func plain(type: String, bounds: HTML, hint: HTML = .empty) -> HTML {
        """
        <div class="field\(hasError)"><label class="field-label" for="\(id)">\(item.text)\(marker)</label>\(detail())\(hint)
        <input type="\(type)" id="\(id)" name="\(id)" value="\(value())"\(bounds)\(invalid)>
        \(errorHTML)</div>
        """
    }

    func date(_ format: DateFormat) -> HTML {
        plain(
            type: "date",
            bounds:
                "\(format.minimum.map { HTML(" min=\"\($0.description)\"") })\(format.maximum.map { HTML(" max=\"\($0.description)\"") })"
        )
    }

    /// A local date and time in the participant's zone, which the hint names.
    func dateTime(_ format: DateTimeFormat) -> HTML {
        let low = format.minimum.map { HTML(" min=\"\(FormatFields.localDateTime($0, zone: zone))\"") }
        let high = format.maximum.map { HTML(" max=\"\(FormatFields.localDateTime($0, zone: zone))\"") }
        let hint: HTML = "<p class=\"field-hint\">\(t("format.dateTime.zone", ["zone": zone.identifier]))</p>"
        return plain(type: "datetime-local", bounds: "\(low)\(high)", hint: hint)
    }
}
