import Cryptography
import Foundation
import Recover
import Research
import Web

/// The HTML of each kind of step, following the DOM contract of the browser components (docs/components.md).
enum StepWidgets {
    /// SF Symbol-style icon names of the study → the icons shipped with the project.
    static let icons = [
        "heart.fill": "heart", "checkmark.circle.fill": "check", "signature": "signature", "lock.fill": "lock",
    ]

    /// The study's instruction images → the pictures shipped with the project.
    static let images = [
        "welcome_header": "heart", "informed_consent": "signature", "knee_range_of_motion": "rom-seated",
    ]

    static func instruction(_ instruction: Instruction, t: Localizer) -> HTML {
        let image: HTML =
            instruction.imageName.flatMap { images[$0] }.map {
                HTML("<img class=\"step-image\" src=\"\(StudyAssets.url("svg/\($0).svg"))\" alt=\"\">")
            } ?? .empty
        guard !instruction.bodyItems.isEmpty else { return image }
        let items = instruction.bodyItems.map { item in
            let icon: HTML =
                item.iconName.flatMap { icons[$0] }.map {
                    HTML("<img class=\"icon\" src=\"\(StudyAssets.url("svg/\($0).svg"))\" alt=\"\">")
                } ?? .empty
            let detail: HTML = item.detail.map { HTML("<span class=\"body-item-detail\">\($0)</span>") } ?? .empty
            return HTML("<li>\(icon)<span>\(item.text)\(detail)</span></li>")
        }
        return "\(image)<ul class=\"body-items\">\(items)</ul>"
    }

    /// A labelled input for one question, with its problem beside it.
    static func item(_ item: FormItem, value: String, error: String?, t: Localizer) -> HTML {
        let id = item.id
        let errorID = "\(id)-error"
        let errorHTML: HTML = error.map { "<p class=\"field-error\" id=\"\(errorID)\">\($0)</p>" } ?? .empty
        let required: HTML = item.isOptional ? .empty : " aria-required=\"true\""
        // The detail text sits under the question and, with the problem, describes its input.
        let detailID = "\(id)-detail"
        let refs = [item.detail == nil ? nil : detailID, error == nil ? nil : errorID].compactMap { $0 }
        let described: HTML = refs.isEmpty ? .empty : " aria-describedby=\"\(refs.joined(separator: " "))\""
        let invalid: HTML = error == nil ? "\(required)\(described)" : "\(required) aria-invalid=\"true\"\(described)"
        let hasError: HTML = error == nil ? .empty : " has-error"
        let detail: HTML = item.detail.map { "<p class=\"field-hint\" id=\"\(detailID)\">\($0)</p>" } ?? .empty
        let label = HTML(
            "<label class=\"field-label\" for=\"\(id)\">\(item.text)\(requiredMarker(item, t: t))</label>\(detail)")
        switch item.answerFormat {
        case .scale(let format):
            let low = format.minimumDescription.map { "\(format.minimum): \($0)" } ?? String(format.minimum)
            let high = format.maximumDescription.map { "\(format.maximum): \($0)" } ?? String(format.maximum)
            let middle = format.minimum + (format.maximum - format.minimum) / 2
            return """
                <div class="field scale\(hasError)" data-scale data-scale-required>
                \(label)
                <input class="input" type="number" id="\(id)" name="\(id)" min="\(format.minimum)" max="\(format.maximum)" step="\(format.step)" value="\(value)" data-scale-value\(invalid)>
                <input type="range" id="\(id)-range" min="\(format.minimum)" max="\(format.maximum)" step="\(format.step)" value="\(middle)" hidden data-scale-range aria-describedby="\(id)-ends">
                <div class="scale-ends" id="\(id)-ends"><span>\(low)</span><span>\(high)</span></div>
                <output class="scale-output" for="\(id)-range" aria-live="polite" hidden data-scale-output>\(t["survey.scale.unset"])</output>
                \(errorHTML)
                </div>
                """
        case .numeric(let format):
            let bounds: HTML =
                "\(format.minimum.map { HTML(" min=\"\(Int(saturating: $0))\"") })\(format.maximum.map { HTML(" max=\"\(Int(saturating: $0))\"") })"
            let unit: HTML = format.unit.map { "<span class=\"field-hint\">\($0)</span>" } ?? .empty
            return """
                <div class="field\(hasError)">\(label)
                <input type="number" id="\(id)" name="\(id)" inputmode="numeric" value="\(value)"\(bounds)\(invalid)>\(unit)
                \(errorHTML)</div>
                """
        case .text(let format):
            let limit: HTML = format.maximumLength > 0 ? " maxlength=\"\(format.maximumLength)\"" : .empty
            let placeholder: HTML = format.placeholder.map { " placeholder=\"\($0)\"" } ?? .empty
            return """
                <div class="field text-counter\(hasError)" data-text-counter data-count-template="{count} / {max}" \
                data-remaining-template="\(t["survey.text.remaining"])" data-cleared-message="\(t["survey.text.cleared"])">
                \(label)
                <textarea id="\(id)" name="\(id)" rows="4"\(limit)\(placeholder) data-text-input\(invalid)>\(value)</textarea>
                <div class="text-tools">
                <span class="text-count" id="\(id)-count" hidden data-text-count></span>
                <button type="button" class="button button--secondary button--small" hidden data-text-clear>\(t["survey.text.clear"])</button>
                </div>
                <p class="visually-hidden" aria-live="polite" data-text-live></p>
                \(errorHTML)</div>
                """
        case .timeOfDay(let format):
            let shown = value.isEmpty ? (format.defaultValue?.description ?? "") : value
            return """
                <div class="field\(hasError)">\(label)
                <input type="time" id="\(id)" name="\(id)" value="\(shown)"\(invalid)>
                \(errorHTML)</div>
                """
        case .boolean(let format):
            let options = [("true", format.yesText ?? t["survey.yes"]), ("false", format.noText ?? t["survey.no"])]
            return choiceGroup(
                item, options: options, value: value, errorHTML: errorHTML, hasError: hasError,
                described: "\(detail)", describedBy: described, t: t)
        case .textChoice(let format):
            return choiceGroup(
                item, options: format.choices.map { ($0.value, $0.text) }, value: value,
                errorHTML: errorHTML, hasError: hasError, described: "\(detail)", describedBy: described, t: t)
        default:
            return """
                <div class="field\(hasError)">\(label)
                <input type="text" id="\(id)" name="\(id)" value="\(value)"\(invalid)>
                \(errorHTML)</div>
                """
        }
    }

    /// Radios under the question's legend; `detail` follows the legend, and `describedBy` (its and the
    /// problem's ids) describes the group.
    static func choiceGroup(
        _ item: FormItem, options: [(String, String)], value: String, errorHTML: HTML, hasError: HTML,
        described detail: HTML = .empty, describedBy: HTML = .empty, t: Localizer
    ) -> HTML {
        let radios = options.enumerated().map { index, option in
            let checked: HTML = option.0 == value ? " checked" : .empty
            // The first choice carries the item's id: the error summary's link leads there.
            let id: HTML = index == 0 ? " id=\"\(item.id)\"" : .empty
            return HTML(
                "<label class=\"choice\"><input type=\"radio\"\(id) name=\"\(item.id)\" value=\"\(option.0)\"\(checked)> \(option.1)</label>"
            )
        }
        let required: HTML = item.isOptional ? .empty : " role=\"radiogroup\" aria-required=\"true\""
        return """
            <fieldset class="field\(hasError)"\(required)\(describedBy)><legend>\(item.text)\(requiredMarker(item, t: t))</legend>\
            \(detail)\(radios)\(errorHTML)</fieldset>
            """
    }

    /// The visible "required" beside a question that must be answered (its input says so with aria-required).
    static func requiredMarker(_ item: FormItem, t: Localizer) -> HTML {
        item.isOptional ? .empty : " <span class=\"required-marker\">\(t["survey.required"])</span>"
    }

    /// The consent document (framed, exactly the signed bytes), what signing means, the printed name and the
    /// signature pad; `value` gives a field's posted or saved value. Also the re-consent page's form.
    static func consent(
        _ document: ConsentDocument, t: Localizer, problems: [StepProblem], value: (String) -> String
    ) -> HTML {
        let documentURL = "/consent/text/\(Crypto.hex(Crypto.sha256(Array(document.html.utf8))))"
        let nameError = problems.first { $0.key.hasPrefix("survey.error.name") }.map { t($0.key) }
        let signatureError = problems.first { $0.key.hasPrefix("survey.error.signature") }.map { t($0.key) }
        let nameErrorHTML: HTML =
            nameError.map { "<p class=\"field-error\" id=\"consent-name-error\">\($0)</p>" } ?? .empty
        let nameInvalid: HTML =
            nameError == nil ? .empty : " aria-invalid=\"true\" aria-describedby=\"consent-name-error\""
        let signatureErrorHTML: HTML =
            signatureError.map { "<p class=\"field-error\" id=\"signature-error\">\($0)</p>" } ?? .empty
        return """
            <iframe class="consent-frame" sandbox src="\(documentURL)" title="\(t["consent.frameTitle"])"></iframe>
            <p><a href="\(documentURL)" target="_blank" rel="noopener">\(t["consent.openDocument"])</a></p>
            <p class="consent-meaning">\(document.signatureMeaning)</p>
            <div class="field\(nameError == nil ? "" : " has-error")">
            <label class="field-label" for="consent-name">\(t["consent.printedName"])</label>
            <input type="text" id="consent-name" name="\(StepForm.printedName)" autocomplete="name" value="\(value(StepForm.printedName))"\(nameInvalid)>
            \(nameErrorHTML)
            </div>
            <div class="signature" data-signature-pad hidden data-signed-message="\(t["consent.signed"])" data-cleared-message="\(t["consent.cleared"])">
            <p class="field-label" id="signature-label">\(t["consent.signHere"])</p>
            <canvas class="signature-canvas" data-signature-canvas role="img" aria-labelledby="signature-label" aria-describedby="signature-note"></canvas>
            <p class="signature-note" id="signature-note">\(t["consent.signatureNote"])</p>
            <div class="signature-actions">
            <button type="button" class="button button--secondary" data-signature-clear>\(t["consent.clear"])</button>
            <p class="visually-hidden" data-signature-status role="status"></p>
            </div>
            <input type="hidden" name="\(StepForm.strokes)" value="\(value(StepForm.strokes))" data-signature-strokes>
            <input type="hidden" name="\(StepForm.image)" value="\(value(StepForm.image))" data-signature-image>
            </div>
            \(signatureErrorHTML)
            <noscript><p>\(t["consent.needsScript"])</p></noscript>
            """
    }

    static func permissions(_ request: PermissionRequest, page: StepPage) -> HTML {
        let t = page.t
        var cards: [HTML] = []
        if request.cards.contains("health") {
            let choices =
                request.healthRead.map { ("read", $0) } + request.healthWrite.map { ("write", $0) }
            let fieldsets = choices.map { access, type in
                let name = "permission.health.\(access).\(type.rawValue)"
                let current = page.postedValue(name)
                let granted: HTML = current == "granted" ? " checked" : .empty
                let declined: HTML = current == "declined" ? " checked" : .empty
                return HTML(
                    """
                    <fieldset class="permission-choice"><legend>\(t("permissions.\(access)", ["type": t["health.\(type.rawValue)"]]))</legend>
                    <label class="choice"><input type="radio" name="\(name)" value="granted"\(granted)> \(t["permissions.allow"])</label>
                    <label class="choice"><input type="radio" name="\(name)" value="declined"\(declined)> \(t["permissions.deny"])</label>
                    </fieldset>
                    """)
            }
            cards.append(
                """
                <section class="permission-card" data-permission-card="health" aria-labelledby="health-title" \
                data-allow-all-label="\(t["permissions.allowAll"])" data-deny-all-label="\(t["permissions.denyAll"])" \
                data-allow-all-message="\(t["permissions.allowedAll"])" data-deny-all-message="\(t["permissions.deniedAll"])">
                <h2 id="health-title">\(t["permissions.health"])</h2>
                <p>\(t["permissions.healthText"])</p>
                <p class="permission-status" data-permission-status role="status"></p>
                \(fieldsets)
                </section>
                """)
        }
        for (card, field, key) in [
            ("notifications", "permission.notifications", "notifications"),
            ("motionActivity", "permission.motion", "motion"),
        ] where request.cards.contains(card) {
            cards.append(
                """
                <section class="permission-card" data-permission-card="\(key)" aria-labelledby="\(key)-title" \
                data-granted-message="\(t["permissions.granted"])" data-declined-message="\(t["permissions.declined"])" \
                data-unavailable-message="\(t["permissions.unavailable"])">
                <h2 id="\(key)-title">\(t["permissions.\(key)"])</h2>
                <p>\(t["permissions.\(key)Text"])</p>
                <div class="button-row">
                <button type="button" class="button" data-permission-request hidden>\(t["permissions.\(key)Request"])</button>
                <button type="button" class="button button--secondary" data-permission-decline hidden>\(t["permissions.notNow"])</button>
                </div>
                <input type="hidden" name="\(field)" value="\(page.postedValue(field))" data-permission-value>
                <p class="permission-status" data-permission-status role="status"></p>
                </section>
                """)
        }
        return cards.joined
    }

    /// The seated measurement (docs/components.md, "Range of motion"): what to do in numbered steps beside a
    /// drawing, Start (then one Stop button while measuring), a large phase line the cues match, and the
    /// manual angle with how to measure it, shown when there is no sensor or the participant chooses it.
    static func rangeOfMotion(page: StepPage) -> HTML {
        let t = page.t
        // The catalog's texts are written for the left knee, as the study's are; the step names the knee measured.
        var limb = BodySide.left
        if case .rangeOfMotion(let task) = page.step.kind { limb = task.limb }
        let side = { (key: String) in KneeWording.text(t[key], knee: limb) }
        let plausible = RangeOfMotionResult.plausibleRange
        let minimum = AnswerText.number(plausible.lowerBound)
        let maximum = AnswerText.number(plausible.upperBound)
        let error = page.problems.first { $0.itemID == StepProblem.manualAngleItem }.map { t($0.key, $0.arguments) }
        let errorHTML: HTML = error.map { "<p class=\"field-error\" id=\"rom-manual-error\">\($0)</p>" } ?? .empty
        let invalid: HTML = error == nil ? .empty : " aria-invalid=\"true\" aria-describedby=\"rom-manual-error\""
        let steps = (1...5).map { HTML("<li>\(side("rom.step.\($0)"))</li>") }.joined
        let texts: [(String, String)] = [
            ("readout-template", "rom.readout"), ("result-template", "rom.result"),
            ("no-sensor-message", "rom.noSensor"),
            ("denied-message", "rom.denied"), ("countdown-template", "rom.countdown"),
            ("straighten-message", "rom.phase.straighten"), ("bend-message", "rom.phase.bend"),
            ("done-message", "rom.phase.done"), ("stopped-message", "rom.phase.stopped"),
        ]
        let data = texts.map { HTML(" data-\($0.0)=\"\(t[$0.1])\"") }.joined
        return """
            <div class="rom" data-rom data-rom-limb="\(limb.rawValue)"\(data)>
            <p class="rom-knee" data-rom-knee>\(t["rom.knee.\(limb.rawValue)"])</p>
            <div class="rom-intro">
            <img class="rom-figure" src="\(StudyAssets.url("svg/rom-seated.svg"))" alt="\(side("rom.figure"))">
            <ol class="rom-steps">\(steps)</ol>
            </div>
            <div class="rom-live" data-rom-controls hidden>
            <p class="rom-phase" data-rom-phase-line aria-live="assertive"></p>
            <p class="rom-readout" data-rom-readout aria-live="polite"></p>
            <div class="button-row">
            <button type="button" class="button button--block" data-rom-start>\(t["rom.start"])</button>
            <button type="button" class="button button--block" data-rom-finish hidden>\(t["rom.finish"])</button>
            <button type="button" class="button button--secondary" data-rom-again hidden>\(t["rom.again"])</button>
            <button type="button" class="button button--secondary" data-rom-by-hand>\(t["rom.byHand"])</button>
            </div>
            </div>
            <p class="rom-message" data-rom-message role="status"></p>
            <div class="field rom-manual\(error == nil ? "" : " has-error")" data-rom-manual>
            <h2 class="rom-manual-title">\(t["rom.manualTitle"])</h2>
            <p>\(t["rom.manualGoniometer"])</p>
            <p>\(t["rom.manualByEye"])</p>
            <img class="rom-angles" src="\(StudyAssets.url("svg/rom-angles.svg"))" alt="\(t["rom.anglesFigure"])">
            <label class="field-label" for="rom-manual">\(t("rom.manual", ["min": minimum, "max": maximum]))</label>
            <input id="rom-manual" type="number" inputmode="numeric" min="\(minimum)" max="\(maximum)" step="1" name="\(StepForm.manualAngle)" value="\(page.postedValue(StepForm.manualAngle))" data-rom-manual-input\(invalid)>
            \(errorHTML)
            </div>
            <input type="hidden" name="\(StepForm.samples)" value="" data-rom-samples>
            </div>
            """
    }
}
