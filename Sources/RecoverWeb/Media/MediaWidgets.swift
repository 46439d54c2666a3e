import Care
import Foundation
import Research
import Web

/// The markup of the camera, noise and tone steps; `camera-recorder.js` and `hearing-test.js` enhance it.
/// Texts the scripts show travel in `data-` attributes, so they are in the page's language.
enum MediaWidgets {
    static func content(page: StepPage) -> HTML {
        let widget: HTML =
            switch page.step.kind {
            case .frontCameraRecording(let recording): camera(recording, page: page)
            case .environmentNoise(let check): noise(check, page: page)
            case .toneAudiometry(let test): tones(test, page: page)
            default: .empty
            }
        return "\(stylesheet)\(widget)"
    }

    static var stylesheet: HTML { "<link rel=\"stylesheet\" href=\"\(StudyAssets.url("css/media.css"))\">" }

    static func camera(_ recording: CameraRecording, page: StepPage) -> HTML {
        let t = page.t
        let retry: HTML =
            recording.allowsRetry
            ? "<button type=\"button\" class=\"button button--secondary\" data-camera-retry hidden>\(t["media.camera.retry"])</button>"
            : .empty
        return """
            <div class="camera-recorder stack" data-camera-recorder data-max-seconds="\(Int(saturating: recording.maximumDuration))" \
            data-upload="\(page.surveyPath)/upload" data-csrf="\(page.request.csrfToken)" \
            data-seconds-left="\(t["media.camera.secondsLeft"])" data-uploading="\(t["media.camera.uploading"])" \
            data-failed="\(t["media.camera.failed"])" data-denied="\(t["media.camera.denied"])" \
            data-recorded="\(t["media.camera.recorded"])">
            <video class="camera-preview" data-camera-preview muted playsinline aria-label="\(t["media.camera.preview"])"></video>
            <p class="camera-timer" data-camera-timer aria-live="polite"></p>
            <div class="button-row">
            <button type="button" class="button" data-camera-start>\(t["media.camera.start"])</button>
            <button type="button" class="button" data-camera-stop hidden>\(t["media.camera.stop"])</button>
            \(retry)
            <button type="button" class="button" data-camera-submit hidden>\(t["media.camera.submit"])</button>
            </div>
            <p class="camera-status" data-camera-status role="status"></p>
            </div>
            """
    }

    static func noise(_ check: NoiseCheck, page: StepPage) -> HTML {
        let t = page.t
        let threshold = Int(saturating: check.thresholdDBA)
        return """
            <div class="noise-check stack" data-noise-check data-threshold="\(threshold)" \
            data-quiet-needed="\(check.consecutiveQuietSamples)" data-quiet="\(t["media.noise.quiet"])" \
            data-passed="\(t["media.noise.passed"])" data-loud="\(t["media.noise.loud"])" data-denied="\(t["media.noise.denied"])">
            <label class="field-label" for="noise-meter">\(t["media.noise.meter"])</label>
            <meter id="noise-meter" min="0" max="100" low="\(threshold)" high="\(threshold)" optimum="0" value="0" data-noise-meter></meter>
            <p class="noise-readout" data-noise-readout aria-live="polite"></p>
            <button type="button" class="button button--secondary" data-noise-start>\(t["media.noise.start"])</button>
            <input type="hidden" name="\(HearingForm.readings)" value="" data-noise-readings>
            </div>
            """
    }

    /// Tones per ear and frequency and seconds per tone the time estimates assume (a typical listener).
    static let typicalTones = 7
    static let typicalToneSeconds = 2

    static func tones(_ test: ToneAudiometry, page: StepPage) -> HTML {
        let t = page.t
        let seconds = test.ears.count * test.frequencies.count * typicalTones * typicalToneSeconds
        let minutes = max(1, Int((Double(seconds) / 60).rounded()))
        return """
            <div class="tone-test stack" data-tone-test data-endpoint="\(page.surveyPath)/tone" data-csrf="\(page.request.csrfToken)" \
            data-failed="\(t["media.tones.failed"])" data-typical-tones="\(typicalTones)" data-typical-seconds="\(typicalToneSeconds)" \
            data-left="\(t["media.tones.progress.left"])" data-right="\(t["media.tones.progress.right"])" \
            data-minutes-left="\(t["media.tones.minutesLeft"])" data-one-minute-left="\(t["media.tones.oneMinuteLeft"])" \
            data-less-than-a-minute="\(t["media.tones.lessThanAMinute"])" \
            data-uncalibrated="\(t["media.tones.uncalibrated"])" data-calibrated="\(t["media.tones.calibrated"])">
            <p class="tone-duration" data-tone-duration>\(t("media.tones.duration", ["minutes": String(minutes)]))</p>
            <p class="tone-calibration" data-tone-calibration></p>
            <button type="button" class="button" data-tone-start>\(t["media.tones.start"])</button>
            <button type="button" class="button tone-heard" data-tone-heard hidden>\(t["media.tones.heard"])</button>
            <p class="tone-progress" data-tone-progress aria-live="polite"></p>
            <p class="tone-status" data-tone-status role="status"></p>
            </div>
            """
    }

    /// The hearing screening's result on its completion page, from the thresholds its tone step recorded:
    /// per ear the highest threshold, up to 25 dB typical, up to 40 dB slightly reduced, above reduced.
    static func hearingResult(page: StepPage) -> HTML {
        guard let (step, test) = toneTest(of: page.survey),
            case .audiometry(let thresholds) = page.run.draftActivity(for: step.id)
        else { return .empty }
        return hearingResult(thresholds, test: test, t: page.t)
    }

    /// The same result from the stored outcome's thresholds (kinds `hearing.left.1000`), for the completion
    /// page shown after the result was stored.
    static func hearingResult(_ outcome: Outcome, survey: Survey, t: Localizer) -> HTML {
        guard let (_, test) = toneTest(of: survey) else { return .empty }
        var thresholds: [String: Double] = [:]
        for value in outcome.values {
            guard let kind = value.kind, kind.hasPrefix("hearing.") else { continue }
            let key = kind.dropFirst("hearing.".count)
            guard let dot = key.firstIndex(of: "."), let number = value.numericValue else { continue }
            thresholds["\(key[..<dot]):\(key[key.index(after: dot)...])"] = number
        }
        return thresholds.isEmpty ? .empty : hearingResult(thresholds, test: test, t: t)
    }

    /// The survey's tone step and its test.
    static func toneTest(of survey: Survey) -> (Step, ToneAudiometry)? {
        for step in survey.steps { if case .toneAudiometry(let test) = step.kind { return (step, test) } }
        return nil
    }

    static func hearingResult(_ thresholds: [String: Double], test: ToneAudiometry, t: Localizer) -> HTML {
        let ears = hearingCategories(thresholds, ears: test.ears)
        let lines: HTML =
            ears.count == 2 && ears.allSatisfy({ $0.1 == "typical" })
            ? "<p class=\"hearing-result-line\">\(t["media.result.bothTypical"])</p>"
            : """
            <ul class="hearing-result-ears">\(ears.map { ear, category in
                HTML("<li>\(t("media.result.\(category)", ["ear": t["media.result.\(ear.rawValue)"]]))</li>")
            })</ul>
            """
        return """
            \(stylesheet)
            <section class="hearing-result" aria-labelledby="hearing-result-title" data-hearing-result="\(ears.map { "\($0.0.rawValue):\($0.1)" }.joined(separator: " "))">
            <h2 id="hearing-result-title">\(t["media.result.title"])</h2>
            \(lines)
            <p class="hearing-result-note">\(t["media.result.note"])</p>
            </section>
            """
    }

    /// Each ear's category, `typical`, `mild` or `reduced`, from its highest threshold (`"left:1000"` keys).
    static func hearingCategories(_ thresholds: [String: Double], ears: [ToneAudiometry.Ear]) -> [(
        ToneAudiometry.Ear, String
    )] {
        ears.map { ear in
            let worst = thresholds.filter { $0.key.hasPrefix("\(ear.rawValue):") }.values.max() ?? 0
            return (ear, worst <= typicalLimit ? "typical" : worst <= mildLimit ? "mild" : "reduced")
        }
    }

    /// The highest threshold, in dB, of an ear in the typical range, and of slightly reduced hearing.
    static let typicalLimit = 25.0
    static let mildLimit = 40.0
}
