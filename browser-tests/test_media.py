"""Browser tests of the media steps: the knee-bend video with Chromium's fake camera (a recording uploads, a
retry is counted, the stored file's SHA-256 is the one the page computed over its blob) and the hearing
screening with a fake microphone fed from a silent WAV file and Web Audio tones; axe and 360 px screenshots
on each page."""

import hashlib
import json
import sqlite3
import struct
import tempfile
import time
import wave
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

import journey
import support
from journey import click_and_wait, join_participant, onboard, prepare_browser, press_next, start_card
from support import check_page


def silent_wav() -> Path:
    """Two seconds of near-silence (16-bit mono, 48 kHz) for the fake microphone."""
    path = Path(tempfile.mkdtemp(prefix="recover-audio-")) / "quiet.wav"
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(48000)
        out.writeframes(b"".join(struct.pack("<h", (i % 3) - 1) for i in range(96000)))
    return path


@pytest.fixture
def media_driver():
    """A driver with a fake camera and microphone that need no prompt, and audio that may start unprompted."""
    audio = silent_wav()
    extra = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
             "--autoplay-policy=no-user-gesture-required", f"--use-file-for-fake-audio-capture={audio}"]
    browser = support.start_driver(extra_flags=extra)
    try:
        yield browser
    finally:
        browser.quit()


def onboarded(driver, server) -> None:
    prepare_browser(driver, server)
    join_participant(driver, server, server.invitation_url, "media@example.com")
    onboard(driver, screenshots=False)


def results(server, survey_id: str) -> list:
    with sqlite3.connect(server.data_dir / "recover.sqlite") as db:
        return [json.loads(row[0]) for row in
                db.execute("SELECT json FROM survey_result WHERE survey_id = ?", (survey_id,))]


def click(driver, selector: str) -> None:
    button = driver.find_element(By.CSS_SELECTOR, selector)
    support.wait(driver, 15).until(lambda d: button.is_displayed() and button.is_enabled())
    button.click()


def test_knee_bend_video_uploads_with_a_counted_retry(server, media_driver):
    driver = media_driver
    onboarded(driver, server)
    start_card(driver, "kneeBendVideo")
    check_page(driver, "video-instruction")
    press_next(driver)
    check_page(driver, "video-camera")
    click(driver, "[data-camera-start]")
    time.sleep(1.5)
    click(driver, "[data-camera-stop]")
    click(driver, "[data-camera-retry]")
    time.sleep(2)
    click(driver, "[data-camera-stop]")
    support.wait(driver, 10).until(
        lambda d: d.execute_script("return document.querySelector('[data-camera-preview]').src.startsWith('blob:')"))
    check_page(driver, "video-review")
    page = driver.find_element(By.TAG_NAME, "html")
    click(driver, "[data-camera-submit]")
    support.wait(driver, 30).until(lambda d: d.execute_script("return sessionStorage.getItem('recoverCamera')"))
    sent = json.loads(driver.execute_script("return sessionStorage.getItem('recoverCamera')"))
    assert sent["retries"] == 1
    assert sent["sha256"] == sent["server"]
    stored = server.data_dir / "files" / sent["sha256"][:2] / sent["sha256"][2:]
    assert stored.exists()
    assert hashlib.sha256(stored.read_bytes()).hexdigest() == sent["sha256"]
    assert stored.read_bytes()[:4] == bytes([0x1A, 0x45, 0xDF, 0xA3])
    assert not list((server.data_dir / "files" / "incoming").glob("*"))
    check_page(driver, "video-completion")
    journey.back_to_today(driver)  # the completion page only informs: already saved
    recorded = results(server, "kneeBendVideo")
    assert len(recorded) == 1
    text = json.dumps(recorded[0])
    assert sent["sha256"] in text and '"retryCount": 1' in text


@pytest.mark.long
def test_hearing_screening_runs_noise_check_and_tones(server, media_driver):
    driver = media_driver
    onboarded(driver, server)
    start_card(driver, "hearingScreening")
    check_page(driver, "hearing-instruction")
    press_next(driver)
    check_page(driver, "hearing-noise")
    click(driver, "[data-noise-start]")
    support.wait(driver, 30).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[data-noise-check]").get_attribute("data-passed-check") == "true")
    readings = json.loads(driver.find_element(By.CSS_SELECTOR, "[data-noise-readings]").get_attribute("value"))
    assert len(readings) >= 5 and all(level < 45 for level in readings[-5:])
    press_next(driver)
    check_page(driver, "hearing-tones")
    # A listener who hears every tone: tap shortly after each one starts.
    driver.execute_script("""
        const root = document.querySelector('[data-tone-test]');
        window.tonesPlayed = [];
        root.addEventListener('tone', (event) => {
          window.tonesPlayed.push(event.detail);
          setTimeout(() => document.querySelector('[data-tone-heard]').click(), 150);
        });""")
    page = driver.find_element(By.TAG_NAME, "html")
    click(driver, "[data-tone-start]")
    support.wait(driver, 15).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[data-tone-calibration]").text != "")
    assert "have not been checked for this test" in driver.find_element(By.CSS_SELECTOR, "[data-tone-calibration]").text
    support.wait(driver, 240).until(lambda d: d.find_element(By.TAG_NAME, "h1").text == "All done")
    check_page(driver, "hearing-completion")
    journey.back_to_today(driver)  # the completion page only informs: already saved
    recorded = results(server, "hearingScreening")
    assert len(recorded) == 1
    text = json.dumps(recorded[0])
    assert '"left:1000": -10' in text and '"right:500": -10' in text
