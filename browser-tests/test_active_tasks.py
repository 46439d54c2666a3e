"""The active tasks on a real server in a real browser: the range-of-motion sequence with an emulated
orientation sensor (3-2-1 countdown, a beep and a vibration at each phase, the automatic stop once the leg is
still, one primary button at a time, the samples stored in their format), the manual angle with how to measure
it and its bounds, and the hearing screening with its time left, plain words and a result the participant
understands."""

import pytest

import json
import sqlite3
import time

from selenium.webdriver.common.by import By

import journey
import support
from journey import check_page, heading, main_text, press_next
from support import fill
from test_media import media_driver  # noqa: F401 (the fake-microphone driver fixture)


def results(server, survey_id: str) -> list:
    with sqlite3.connect(server.data_dir / "recover.sqlite") as db:
        return [json.loads(row[0]) for row in
                db.execute("SELECT json FROM survey_result WHERE survey_id = ?", (survey_id,))]


def onboarded(driver, server, email: str, sensors: bool) -> None:
    journey.prepare_browser(driver, server, sensors=sensors)
    journey.join_participant(driver, server, server.invitation_url, email)
    journey.onboard(driver, screenshots=False)


# Records what the participant hears and feels: the cues the component announces, every vibration pattern,
# and the frequency of every oscillator started (the beeps).
LISTEN = """
window.cues = []; window.vibrations = []; window.beeps = []; window.phaseLines = [];
// Every text the phase line shows, in order: a loaded machine may poll past a one-second countdown step.
const phaseLine = document.querySelector('[data-rom-phase-line]');
new MutationObserver(() => {
  if (window.phaseLines[window.phaseLines.length - 1] !== phaseLine.textContent) window.phaseLines.push(phaseLine.textContent);
}).observe(phaseLine, {childList: true, characterData: true, subtree: true});
document.querySelector('[data-rom]').addEventListener('rom-cue', (event) => window.cues.push(event.detail.cue));
navigator.vibrate = (pattern) => { window.vibrations.push(pattern); return true; };
const create = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  const oscillator = create.call(this);
  const start = oscillator.start.bind(oscillator);
  oscillator.start = (when) => { window.beeps.push(oscillator.frequency.value); start(when); };
  return oscillator;
};
"""


def phase(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, "[data-rom]").get_attribute("data-rom-phase") or ""


def primary_buttons(driver) -> list:
    return [button.text for button in driver.find_elements(By.CSS_SELECTOR, "[data-rom] button.button")
            if button.is_displayed() and "button--secondary" not in button.get_attribute("class")]


def sweep(driver, betas) -> None:
    for beta in betas:
        journey.orientation(driver, beta)
        time.sleep(0.08)


def test_range_of_motion_sequence_with_cues_and_automatic_stop(server, driver):
    onboarded(driver, server, "rom@example.com", sensors=True)
    journey.start_card(driver, "rangeOfMotionCheck")
    # The instruction page shows the seated measurement, not a standing silhouette.
    assert "rom-seated" in driver.find_element(By.CSS_SELECTOR, "img.step-image").get_attribute("src")
    support.shots(driver, "rom-instruction")
    press_next(driver)

    steps = [item.text for item in driver.find_elements(By.CSS_SELECTOR, ".rom-steps li")]
    assert len(steps) == 5 and "front of your left shin" in steps[1] and "straighten" in steps[3] and "bend" in steps[4]
    assert "Done" not in main_text(driver).replace("done", ""), "no instruction names a Done button"
    assert "rom-seated" in driver.find_element(By.CSS_SELECTOR, ".rom-figure").get_attribute("src")
    assert primary_buttons(driver) == ["Start"]
    assert not driver.find_element(By.CSS_SELECTOR, "[data-rom-manual]").is_displayed()
    support.shots(driver, "rom-measure")

    driver.execute_script(LISTEN)
    journey.orientation(driver, 30)
    driver.find_element(By.CSS_SELECTOR, "[data-rom-start]").click()
    support.wait(driver, 5).until(lambda d: phase(d) == "countdown")
    assert primary_buttons(driver) == ["Stop measuring"], "one primary button while measuring"
    support.wait(driver, 6).until(lambda d: phase(d) == "straighten")
    assert driver.execute_script("return window.phaseLines")[:3] == ["Get ready: 3", "Get ready: 2", "Get ready: 1"]
    assert driver.execute_script("return window.cues") == ["count", "count", "count", "straighten"]
    assert driver.find_element(By.CSS_SELECTOR, "[data-rom-phase-line]").text == "Straighten your knee and hold it still"
    check_page(driver, "rom-straighten")

    sweep(driver, range(35, 106, 5))
    # Still for two seconds at the end of the phase: the bend phase starts by itself.
    support.wait(driver, 6).until(lambda d: phase(d) == "bend")
    assert driver.find_element(By.CSS_SELECTOR, "[data-rom-phase-line]").text == "Bend your knee back and hold it still"
    sweep(driver, range(100, 39, -5))
    support.wait(driver, 6).until(lambda d: phase(d) == "done")

    assert driver.execute_script("return window.cues") == ["count", "count", "count", "straighten", "bend", "done"]
    vibrations = driver.execute_script("return window.vibrations")
    assert len(vibrations) == 6 and all(vibrations)
    beeps = driver.execute_script("return window.beeps")
    # Three countdown beeps, one high, two low, one long: seven tones, the straighten cue the highest.
    assert len(beeps) == 7 and max(beeps) == beeps[3] and beeps[4] == beeps[5] < beeps[3]
    assert driver.find_element(By.CSS_SELECTOR, "[data-rom-readout]").text == "Range of motion: 75°"
    assert driver.find_element(By.CSS_SELECTOR, "[data-rom-phase-line]").text == "Done. You can look at the screen now."
    assert primary_buttons(driver) == []
    assert driver.find_element(By.CSS_SELECTOR, "[data-rom-again]").is_displayed()
    next_button = journey.next_button(driver)
    assert next_button.is_enabled()
    assert driver.switch_to.active_element == next_button, "Next is focused for the participant"
    samples = json.loads(driver.find_element(By.CSS_SELECTOR, "[data-rom-samples]").get_attribute("value"))
    assert len(samples) >= 20 and all(len(sample) == 4 for sample in samples)
    check_page(driver, "rom-done")

    press_next(driver)
    journey.back_to_today(driver)  # saved: the completion page only informs
    rom = driver.find_element(By.CSS_SELECTOR, "article[data-task=rangeOfMotionCheck] .task-answers").text
    assert rom == "Range 75°", rom
    # Stored as before: the raw samples (the console and exports read them), the server's range from them.
    stored = json.dumps(results(server, "rangeOfMotionCheck"))
    assert '"samples"' in stored and str(round(samples[0][1], 3)) in stored


def test_manual_angle_explains_how_to_measure_and_keeps_its_bounds(server, driver):
    onboarded(driver, server, "manual@example.com", sensors=False)
    journey.start_card(driver, "rangeOfMotionCheck")
    press_next(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-rom-start]").click()
    manual = driver.find_element(By.CSS_SELECTOR, "[data-rom-manual]")
    support.wait(driver, 6).until(lambda _: manual.is_displayed())
    # Chromium without the sensor permission refuses motion access; without a sensor it says no data came.
    assert driver.find_element(By.CSS_SELECTOR, "[data-rom-message]").text.endswith("Measure the angle by hand below.")
    assert "goniometer" in manual.text and "compare the angle" in manual.text
    assert "rom-angles" in manual.find_element(By.CSS_SELECTOR, "img.rom-angles").get_attribute("src")
    assert driver.find_element(By.CSS_SELECTOR, "label[for=rom-manual]").text == \
        "How far your knee bends, in degrees (0 to 180)"
    field = driver.find_element(By.ID, "rom-manual")
    assert (field.get_attribute("min"), field.get_attribute("max")) == ("0", "180")
    support.shots(driver, "rom-manual")  # reloads the page: the field hides until asked for again

    driver.find_element(By.CSS_SELECTOR, "[data-rom-by-hand]").click()
    fill(driver, "rom-manual", "200")
    press_next(driver)
    assert heading(driver) != "All done!", "an angle out of bounds is refused"
    assert "Choose a value from 0 to 180." in driver.find_element(By.ID, "rom-manual-error").text
    assert driver.find_element(By.ID, "rom-manual").get_attribute("value") == "200"
    assert driver.find_element(By.CSS_SELECTOR, "[data-rom-manual]").is_displayed()
    check_page(driver, "rom-manual-error")
    assert results(server, "rangeOfMotionCheck") == []

    fill(driver, "rom-manual", "95")
    press_next(driver)
    journey.back_to_today(driver)  # saved: the completion page only informs
    assert "Range 95°" in driver.find_element(By.CSS_SELECTOR, "article[data-task=rangeOfMotionCheck]").text


def test_manual_angle_without_starting_the_sensor(server, driver):
    onboarded(driver, server, "byhand@example.com", sensors=True)
    journey.start_card(driver, "rangeOfMotionCheck")
    press_next(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-rom-by-hand]").click()
    assert driver.find_element(By.CSS_SELECTOR, "[data-rom-manual]").is_displayed()
    assert not driver.find_element(By.CSS_SELECTOR, "[data-rom-by-hand]").is_displayed()
    assert driver.switch_to.active_element == driver.find_element(By.ID, "rom-manual")
    assert primary_buttons(driver) == [], "the angle box is what to do now: Start is offered as secondary"
    fill(driver, "rom-manual", "110")
    press_next(driver)
    journey.back_to_today(driver)  # saved: the completion page only informs
    assert "Range 110°" in driver.find_element(By.CSS_SELECTOR, "article[data-task=rangeOfMotionCheck]").text


# A listener who hears every tone in the right ear and, in the left, only tones at 50 or louder; the progress
# line each tone showed is kept in sessionStorage, which outlives the redirect to the completion page.
LISTENER = """
const root = document.querySelector('[data-tone-test]');
window.tonesPlayed = [];
window.progressSeen = [];
root.addEventListener('tone', (event) => {
  window.tonesPlayed.push(event.detail);
  setTimeout(() => {
    window.progressSeen.push(document.querySelector('[data-tone-progress]').textContent);
    sessionStorage.setItem('progressSeen', JSON.stringify(window.progressSeen));  // kept across the redirect
  }, 0);
  if (event.detail.ear === 'right' || event.detail.level >= 50) {
    setTimeout(() => document.querySelector('[data-tone-heard]').click(), 150);
  }
});
"""


@pytest.mark.long
def test_hearing_screening_shows_time_left_and_a_plain_result(server, media_driver):  # noqa: F811
    driver = media_driver
    onboarded(driver, server, "hearing@example.com", sensors=True)
    journey.start_card(driver, "hearingScreening")
    press_next(driver)
    assert "dB" not in main_text(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-noise-start]").click()
    support.wait(driver, 20).until(lambda d: d.find_element(
        By.CSS_SELECTOR, "[data-noise-check]").get_attribute("data-passed-check") == "true")
    assert "dB" not in main_text(driver)
    assert driver.find_element(By.CSS_SELECTOR, "[data-noise-readout]").text == "Quiet enough. You can continue."
    check_page(driver, "hearing-noise-passed")
    press_next(driver)

    assert "The tones take about 2 minutes." in main_text(driver)
    support.shots(driver, "hearing-tones")
    driver.execute_script(LISTENER)
    driver.find_element(By.CSS_SELECTOR, "[data-tone-start]").click()
    support.wait(driver, 15).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-tone-calibration]").text)
    calibration = driver.find_element(By.CSS_SELECTOR, "[data-tone-calibration]").text
    assert calibration == "Your headphones have not been checked for this test, so the result is a rough guide."
    support.wait(driver, 10).until(lambda d: d.execute_script("return window.progressSeen.length") > 0)
    first = driver.execute_script("return window.progressSeen[0]")
    assert first in ("Left ear · About 2 minutes left", "Left ear · About 1 minute left"), first
    assert "dB" not in main_text(driver)
    check_page(driver, "hearing-tones-running")

    support.wait(driver, 300).until(lambda d: heading(d) == "All done")
    seen = driver.execute_script("return JSON.parse(sessionStorage.getItem('progressSeen'))")
    assert seen[-1] == "Right ear · Less than a minute left", seen[-1]
    assert any(text.startswith("Right ear") for text in seen) and seen[0].startswith("Left ear")
    result = driver.find_element(By.CSS_SELECTOR, ".hearing-result")
    assert result.get_attribute("data-hearing-result") == "left:reduced right:typical"
    assert "Left ear: many tones were not heard until they were loud. Hearing may be reduced." in result.text
    assert "Right ear: in the typical range." in result.text
    assert "This is a screening, not a diagnosis" in result.text
    assert "dB" not in main_text(driver)
    support.shots(driver, "hearing-result")
    journey.back_to_today(driver)  # saved: the completion page only informs
    thresholds = results(server, "hearingScreening")
    assert len(thresholds) == 1
    text = json.dumps(thresholds[0])
    assert '"right:1000": -10' in text and '"left:1000": 50' in text
