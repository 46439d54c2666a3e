"""The operated knee and the surgery date in a real browser: onboarding's goals step asks both (a date in the
future is refused), a participant who said "right knee" reads and measures the right knee on the
range-of-motion pages, the feed card and the diary's body model, and corrects it to the left on the account page (a bad date first,
refused with nothing changed). The goals step, the range-of-motion instructions and the account section are
screenshotted at 360 px, at 150% text, in English and Chinese, and checked with axe."""

import pytest

import base64

from selenium.webdriver.common.by import By

import journey
from journey import cards, click_and_wait, main_text, press_next
import support
from support import fill, shots


def element_shot(driver, element_id: str, name: str) -> None:
    """A PNG of one element, wherever it is on the page, under artifacts/."""
    rect = driver.execute_script(
        "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
        " return {x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height};", element_id)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True, "clip": {**rect, "scale": 1}})
    support.ARTIFACTS.mkdir(exist_ok=True)
    (support.ARTIFACTS / f"{name}.png").write_bytes(base64.b64decode(shot["data"]))


def section_shots(driver, name: str) -> None:
    """The whole page checked as `shots` does, plus the surgery section alone in each language and size."""
    for language in ("en", "zh-Hans"):
        if language != "en":
            support.switch_language(driver, language)
        for large in (False, True):
            if large:
                support.large_text(driver)
            tag = ("zh" if language != "en" else "en") + ("-large-text" if large else "")
            element_shot(driver, "surgery", f"{name}-only-{tag}")
        driver.refresh()
    support.switch_language(driver, "en")
    shots(driver, name)


def to_goals(driver) -> None:
    journey.start_card(driver, "onboarding")
    press_next(driver)
    press_next(driver)
    fill(driver, "consent-name", "Ada Lovelace")
    journey.draw_signature(driver)
    press_next(driver)
    journey.answer_permissions(driver)
    press_next(driver)


def future_date(driver) -> None:
    """Posts the surgery form with the left knee and a date three days after today."""
    section = driver.find_element(By.ID, "surgery")
    driver.execute_script("arguments[0].click()", section.find_element(By.CSS_SELECTOR, "input[name=knee][value=left]"))
    journey.set_date(driver, "surgeryDate", -3)
    click_and_wait(driver, section.find_element(By.CSS_SELECTOR, "button[type=submit]"))


def error_shots(driver, name: str) -> None:
    support.check_page(driver, name)
    support.large_text(driver)
    support.check_page(driver, name + "-large-text")


def instructions(driver) -> str:
    return driver.find_element(
        By.CSS_SELECTOR, "article[data-task=rangeOfMotionCheck] .task-instructions").text


@pytest.mark.long
def test_right_knee_everywhere_then_corrected_to_the_left(clocked, driver):
    server = clocked.server
    journey.prepare_browser(driver, server, sensors=False)
    journey.join_participant(driver, server, server.invitation_url, "knee@example.com")
    to_goals(driver)
    text = main_text(driver)
    assert "Which knee was operated on?" in text and "Date of your surgery" in text
    shots(driver, "knee-goals")

    # A date after today (the field's maximum) is refused beside the field, by the server.
    journey.answer_surgery(driver, "right", days_ago=-1)
    fill(driver, "onboarding.goals.goal", "Climb the stairs")
    fill(driver, "onboarding.goals.kneeBend", "110")
    press_next(driver)
    error = driver.find_element(By.ID, "onboarding.goals.surgeryDate-error").text
    assert "Enter a date in the allowed range." in error, error
    journey.answer_surgery(driver, "right", days_ago=30)
    press_next(driver)
    journey.back_to_today(driver)

    # The feed card and the range-of-motion pages say the right knee.
    assert "rangeOfMotionCheck" in cards(driver)
    assert instructions(driver) == "Measure how far you can bend your right knee."
    journey.start_card(driver, "rangeOfMotionCheck")
    assert "This measures how far you can bend your right knee." in main_text(driver)
    assert "left" not in main_text(driver)
    press_next(driver)
    assert driver.find_element(By.CSS_SELECTOR, "[data-rom]").get_attribute("data-rom-limb") == "right"
    assert driver.find_element(By.CSS_SELECTOR, "[data-rom-knee]").text == "You are measuring your right knee."
    steps = [item.text for item in driver.find_elements(By.CSS_SELECTOR, ".rom-steps li")]
    assert "right foot" in steps[0] and "right shin" in steps[1], steps
    shots(driver, "knee-rom-instructions")
    driver.get(server.base_url + "/")

    # The diary's body model is the right knee: mirrored, and its legend says so.
    journey.start_card(driver, "weeklyDiary")
    driver.find_element(By.XPATH, "//label[contains(., 'Rung 8')]").click()
    press_next(driver)
    journey.choose_scale(driver, "diary.pain.level", 5, 1)
    press_next(driver)
    model = driver.find_element(By.CSS_SELECTOR, "[data-body-model]")
    assert model.get_attribute("data-side") == "right"
    assert "right knee" in model.find_element(By.TAG_NAME, "legend").text
    view = driver.find_element(By.ID, "frontView")
    assert "matrix(-1" in driver.execute_script("return getComputedStyle(arguments[0]).transform", view)
    support.check_page(driver, "knee-diary-body-model-right")
    driver.get(server.base_url + "/")

    # The account page shows the knee and the date; a date in the future changes nothing.
    driver.get(server.base_url + "/account")
    section = driver.find_element(By.ID, "surgery")
    assert section.find_element(By.CSS_SELECTOR, "[data-surgery-knee]").text == "Right knee"
    saved_date = section.find_element(By.ID, "surgeryDate").get_attribute("value")
    section_shots(driver, "knee-account-section")
    future_date(driver)
    assert "The surgery date cannot be in the future." in main_text(driver)
    assert "Nothing was changed." in main_text(driver)
    error_shots(driver, "knee-account-error-en")
    support.switch_language(driver, "zh-Hans")
    future_date(driver)
    assert "手术日期不能晚于今天。" in main_text(driver)
    error_shots(driver, "knee-account-error-zh")
    support.switch_language(driver, "en")
    driver.get(server.base_url + "/account")
    assert driver.find_element(By.CSS_SELECTOR, "[data-surgery-knee]").text == "Right knee"

    # Corrected to the left knee a week earlier: the account page and the feed card follow.
    section = driver.find_element(By.ID, "surgery")
    driver.execute_script("arguments[0].click()", section.find_element(By.CSS_SELECTOR, "input[name=knee][value=left]"))
    journey.set_date(driver, "surgeryDate", 37)
    click_and_wait(driver, section.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    assert driver.find_element(By.CSS_SELECTOR, "[data-surgery-knee]").text == "Left knee"
    assert driver.find_element(By.ID, "surgeryDate").get_attribute("value") != saved_date
    driver.get(server.base_url + "/")
    assert instructions(driver) == "Measure how far you can bend your left knee."
