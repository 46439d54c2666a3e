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
            case .toneAudiometry: tones(page: page)
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
        return """
            <div class="noise-check stack" data-noise-check data-threshold="\(Int(saturating: check.thresholdDBA))" \
            data-quiet-needed="\(check.consecutiveQuietSamples)" data-reading="\(t["media.noise.reading"])" \
            data-passed="\(t["media.noise.passed"])" data-loud="\(t["media.noise.loud"])" data-denied="\(t["media.noise.denied"])">
            <label class="field-label" for="noise-meter">\(t("media.noise.meter", ["threshold": String(Int(saturating: check.thresholdDBA))]))</label>
            <meter id="noise-meter" min="0" max="100" low="\(Int(saturating: check.thresholdDBA))" high="\(Int(saturating: check.thresholdDBA))" optimum="0" value="0" data-noise-meter></meter>
            <p class="noise-readout" data-noise-readout aria-live="polite"></p>
            <button type="button" class="button button--secondary" data-noise-start>\(t["media.noise.start"])</button>
            <input type="hidden" name="\(HearingForm.readings)" value="" data-noise-readings>
            </div>
            """
    }

    static func tones(page: StepPage) -> HTML {
        let t = page.t
        return """
            <div class="tone-test stack" data-tone-test data-endpoint="\(page.surveyPath)/tone" data-csrf="\(page.request.csrfToken)" \
            data-progress="\(t["media.tones.progress"])" data-failed="\(t["media.tones.failed"])" \
            data-uncalibrated="\(t["media.tones.uncalibrated"])" data-calibrated="\(t["media.tones.calibrated"])">
            <p class="tone-calibration" data-tone-calibration></p>
            <button type="button" class="button" data-tone-start>\(t["media.tones.start"])</button>
            <button type="button" class="button tone-heard" data-tone-heard hidden>\(t["media.tones.heard"])</button>
            <p class="tone-progress" data-tone-progress aria-live="polite"></p>
            <p class="tone-status" data-tone-status role="status"></p>
            </div>
            """
    }
}
