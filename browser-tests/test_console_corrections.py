"""Corrections and audit values in the console, in a real browser on demo data: a researcher added from the
console opens a participant, a correction with only spaces as its reason is refused (422, nothing saved), a
correction with a reason is saved and shown beside the original, and the audit table says what changed.
Screenshots at 360 px (checked: no horizontal scroll, zero axe violations, 150% text, Chinese) and at desktop
width."""

import base64
import re
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import support
from support import check_page, fill, shots, sign_in, submit


def section_shot(driver, selector: str, name: str) -> None:
    """A PNG of one section of the page (the full-page shots are long), under artifacts/."""
    rect = driver.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return {x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height};", selector)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True, "clip": {**rect, "scale": 1}})
    support.ARTIFACTS.mkdir(exist_ok=True)
    (support.ARTIFACTS / f"{name}.png").write_bytes(base64.b64decode(shot["data"]))


def add_researcher(driver, server) -> str:
    sign_in(driver, server, server.admin_email, server.admin_password)
    driver.get(server.url("/console/staff"))
    fill(driver, "email", "res@example.com")
    submit(driver, "/console/staff")
    password = driver.find_element(By.CSS_SELECTOR, ".secret").text
    submit(driver, "/sign-out")
    return password


def open_first_participant(driver, server) -> str:
    driver.get(server.url("/console/participants"))
    driver.find_element(By.CSS_SELECTOR, ".data-table tbody a").click()
    support.wait(driver, 15).until(lambda d: d.find_elements(By.ID, "corrections-heading"))
    return driver.current_url


def choose_pain(driver) -> tuple:
    """Selects the newest pain value in the form; returns (current value, corrected value)."""
    select = Select(driver.find_element(By.ID, "correction-value"))
    option = next(o for o in select.options if "Pain" in o.text or "疼痛" in o.text)
    select.select_by_value(option.get_attribute("value"))
    current = int(re.search(r" (\d+) \(", option.text).group(1))
    return current, (1 if current != 1 else 2)


def test_a_researcher_corrects_a_value_and_the_audit_shows_it(server, driver):
    subprocess.run(
        [str(support.RECOVER), "demo-data", "--participants", "3", "--days", "5", "--seed", "7",
         "--data-dir", str(server.data_dir)],
        capture_output=True, text=True, timeout=120, check=True)
    password = add_researcher(driver, server)
    sign_in(driver, server, "res@example.com", password)
    page = open_first_participant(driver, server)
    form = f"/console/participants/{page.rsplit('/', 1)[1]}/corrections#corrections"
    current, corrected = choose_pain(driver)
    fill(driver, "correction-new", str(corrected))
    fill(driver, "correction-reason", "   ")
    submit(driver, form)
    support.wait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".error-summary"))
    assert "Give a reason for the correction. Nothing was changed." in driver.find_element(By.CSS_SELECTOR, ".error-summary").text
    assert "No values have been corrected." in driver.find_element(By.ID, "corrections").text
    assert driver.find_element(By.ID, "correction-new").get_attribute("value") == str(corrected), "kept"
    driver.execute_script("document.getElementById('corrections').scrollIntoView()")
    check_page(driver, "console-correction-refused")
    section_shot(driver, "#corrections", "console-correction-refused-section")

    current, corrected = choose_pain(driver)
    fill(driver, "correction-new", str(corrected))
    fill(driver, "correction-reason", "The participant told us the slider slipped.")
    submit(driver, form)
    support.wait(driver, 15).until(lambda d: "corrected=1" in d.current_url)
    section = driver.find_element(By.ID, "corrections").text
    assert "The correction is saved. The original value is kept." in section
    assert f"{current} corrected to {corrected} by res@example.com" in section
    assert "The participant told us the slider slipped." in section
    audit = driver.find_element(By.CSS_SELECTOR, "section[aria-labelledby=audit-heading]").text
    assert "outcome_correction" in audit
    assert f"Pain {current} → {corrected}: The participant told us the slider slipped." in audit
    shots(driver, "console-corrections-audit")
    section_shot(driver, "#corrections", "console-corrections-section-en")
    section_shot(driver, "section[aria-labelledby=audit-heading]", "console-audit-section-en")
    support.switch_language(driver, "zh-Hans")
    section_shot(driver, "#corrections", "console-corrections-section-zh")
    section_shot(driver, "section[aria-labelledby=audit-heading]", "console-audit-section-zh")
    support.switch_language(driver, "en")

    desktop = support.start_driver(width=1280, height=900)
    try:
        sign_in(desktop, server, "res@example.com", password)
        desktop.get(driver.current_url)
        support.screenshot(desktop, "console-corrections-audit-desktop-en")
        section_shot(desktop, "#corrections", "console-corrections-section-desktop-en")
        section_shot(desktop, "section[aria-labelledby=audit-heading]", "console-audit-section-desktop-en")
        support.switch_language(desktop, "zh-Hans")
        assert "更正" in desktop.find_element(By.ID, "corrections-heading").text
        support.screenshot(desktop, "console-corrections-audit-desktop-zh")
        section_shot(desktop, "#corrections", "console-corrections-section-desktop-zh")
    finally:
        desktop.quit()
