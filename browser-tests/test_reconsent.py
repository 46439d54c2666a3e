"""Consent versions in a real browser and a real server: a participant onboards, the study publishes version
1.1 of the participation consent with `recover consent publish`, the feed puts the consent gate in front of
the tasks for that document alone, the participant reads and signs it (a missing signature is asked for
again by the server, tested in ReconsentTests) and lands on the signed copy, then on the feed; the account page lists both versions signed and the
optional video-sharing form, which never gates. Screenshots at 360 px in English and Chinese, and at 150%
text."""

import pytest

import json
import sqlite3
import subprocess
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By

import journey
from journey import click_and_wait, draw_signature, heading, main_text, onboard
import support
from support import check_page, fill, shots

VERSION_11 = {
    "document": "participation", "version": "1.1", "required": True,
    "languages": {
        "en": {"title": "Taking part in the study", "htmlFile": "p11.en.html",
               "signatureMeaning": "By signing, I agree to take part in the Recover study as described in version 1.1."},
        "zh-Hans": {"title": "参与研究", "htmlFile": "p11.zh.html",
                    "signatureMeaning": "签名即表示我同意按 1.1 版所述参与 Recover 研究。"},
    },
}


def active_id(driver) -> str:
    return driver.execute_script("return document.activeElement && document.activeElement.id")


def publish(server) -> None:
    folder = Path(tempfile.mkdtemp(prefix="recover-consent-"))
    (folder / "p11.en.html").write_text(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Consent 1.1</title></head><body>"
        "<h1>Recover Study Informed Consent Form</h1><h2>What is new in version 1.1</h2>"
        "<p>We now also keep the knee-bend videos you record for the length of the study.</p></body></html>")
    (folder / "p11.zh.html").write_text(
        "<!DOCTYPE html><html lang=\"zh-Hans\"><head><meta charset=\"utf-8\"><title>知情同意书 1.1</title></head><body>"
        "<h1>Recover 研究知情同意书</h1><h2>1.1 版新增内容</h2><p>研究期间我们也会保存您录制的屈膝视频。</p></body></html>",
        encoding="utf-8")
    (folder / "p11.json").write_text(json.dumps(VERSION_11, ensure_ascii=False), encoding="utf-8")
    result = subprocess.run(
        [str(support.RECOVER), "consent", "publish", str(folder / "p11.json"), "--data-dir", str(server.data_dir)],
        capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


@pytest.mark.long
def test_a_new_version_gates_the_feed_until_signed_and_optional_forms_never_do(clocked, driver):
    server = clocked.server
    journey.prepare_browser(driver, server)
    journey.join_participant(driver, server, server.invitation_url, "reconsent@example.com")
    onboard(driver, screenshots=False)
    assert driver.find_elements(By.CSS_SELECTOR, "article[data-task=checkin]")

    publish(server)
    driver.get(server.url("/"))
    assert driver.current_url.endswith("/consent/sign/participation")
    assert heading(driver) == "Please sign again: Taking part in the study"
    assert "from version 1.0 to version 1.1" in main_text(driver)
    frame = driver.find_element(By.CSS_SELECTOR, "iframe.consent-frame")
    assert frame.get_attribute("src").startswith(server.url("/consent/text/"))
    shots(driver, "reconsent")
    # The tasks wait too.
    driver.get(server.url("/survey/checkin/0"))
    assert driver.current_url.endswith("/consent/sign/participation")

    # Signed without the printed name: the survey steps' error summary, focused, its link leading to the field.
    for language, message in (("en", "Enter your full name."), ("zh-Hans", "请输入您的全名。")):
        if language != "en":
            support.switch_language(driver, language)
        draw_signature(driver)
        click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "button[value=next]"))
        support.wait(driver, 5).until(lambda d: active_id(d) == "error-summary")
        link = driver.find_element(By.CSS_SELECTOR, "#error-summary a")
        assert link.text == message
        assert link.get_attribute("href").endswith("#consent-name")
        check_page(driver, f"reconsent-error-{language}")
        support.large_text(driver)
        check_page(driver, f"reconsent-error-{language}-large-text")
        link.click()
        assert active_id(driver) == "consent-name"
    support.switch_language(driver, "en")

    # Sign waits for a drawn signature (the server refuses one without, tested in ReconsentTests).
    fill(driver, "consent-name", "Ada Lovelace")
    draw_signature(driver)
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "button[value=next]"))
    assert heading(driver) == "Your signed consent"
    assert "1.1 (en)" in main_text(driver)
    check_page(driver, "reconsent-signed-copy-en")
    click_and_wait(driver, driver.find_element(By.LINK_TEXT, "Back to today"))
    assert driver.find_elements(By.CSS_SELECTOR, "article[data-task=checkin]"), "the feed is back"

    driver.get(server.url("/account"))
    section = driver.find_element(By.ID, "consent")
    assert "You signed the current version (1.1)." in section.text
    assert "Version 1.0, signed" in section.text and "Version 1.1, signed" in section.text
    assert "Optional, not signed (version 1.0)." in section.text
    driver.execute_script("arguments[0].scrollIntoView()", section)
    shots(driver, "account-consent-forms")

    # The optional form: offered with "Not now", signing it changes nothing about the feed.
    section = driver.find_element(By.ID, "consent")
    click_and_wait(driver, section.find_element(By.LINK_TEXT, "Read and sign"))
    assert heading(driver) == "Optional: Sharing your knee videos for teaching"
    shots(driver, "consent-optional")
    click_and_wait(driver, driver.find_element(By.LINK_TEXT, "Not now"))
    driver.get(server.url("/"))
    assert driver.find_elements(By.CSS_SELECTOR, "article[data-task=checkin]")

    # The study team sees where the participant stands with each form and every version they signed.
    database = sqlite3.connect(f"file:{server.data_dir / 'recover.sqlite'}?mode=ro", uri=True)
    try:
        (participant,) = database.execute(
            "SELECT id FROM account WHERE email = 'reconsent@example.com'").fetchone()
    finally:
        database.close()
    admin = support.start_driver()
    try:
        support.sign_in(admin, server, server.admin_email, server.admin_password)
        admin.get(server.url(f"/console/participants/{participant}"))
        forms = admin.find_element(By.CSS_SELECTOR, "section[aria-labelledby=consent-forms-heading]")
        assert "signed the current version 1.1" in forms.text
        assert "Taking part in the study: version 1.0, signed" in forms.text
        admin.execute_script("arguments[0].scrollIntoView()", forms)
        shots(admin, "console-consent-forms")
        admin.set_window_size(1280, 900)
        check_page(admin, "console-consent-forms-desktop")
    finally:
        admin.quit()
