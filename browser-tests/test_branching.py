"""Live branching in a real browser, through the weekly diary's falls section: "What happened?" appears only
after "Yes", disappears on "No" (its boxes disabled, so nothing of it is posted or stored), and comes back on
"Yes"; with script disabled the page posts to the server, which shows it again with the question. The page
with the question shown is screenshotted at 360 px, at 150% text, in English and Chinese, each checked with
axe."""

from selenium.webdriver.common.by import By

import journey
from journey import cards, check_page, click_and_wait, heading, main_text, press_next
import support
from support import fill, large_text, switch_language

FALL = "diary.fall"
WHAT = "diary.fall.what"


def to_falls_page(clocked, driver) -> None:
    """Onboarded, then the diary's first three pages, to the page with the falls section."""
    server = clocked.server
    journey.prepare_browser(driver, server, sensors=False)
    driver.get(server.invitation_url)
    journey.join_participant(driver, server, server.invitation_url, "pat@example.com")
    journey.onboard(driver, screenshots=False)
    assert "weeklyDiary" in cards(driver)
    journey.start_card(driver, "weeklyDiary")
    driver.find_element(By.CSS_SELECTOR, "input[name='diary.health.rung'][value='2']").click()
    press_next(driver)
    driver.find_element(By.CSS_SELECTOR, "input[name='diary.pain.level.dontKnow']").click()
    press_next(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-body-model-figure] [data-part=patella]").click()
    press_next(driver)
    assert driver.find_elements(By.ID, f"{WHAT}-when"), "the falls page"


def wrapper(driver):
    return driver.find_element(By.ID, f"{WHAT}-when")


def answer_fall(driver, value: str) -> None:
    driver.find_element(By.CSS_SELECTOR, f"input[name='{FALL}'][value='{value}']").click()


def boxes(driver) -> list:
    return driver.find_elements(By.CSS_SELECTOR, f"input[name='{WHAT}']")


def review_answers(driver) -> list:
    return [entry.text for entry in driver.find_elements(By.CSS_SELECTOR, ".review-answer")]


def shown_shots(driver, name: str) -> None:
    """The page with the question shown (after "Yes"), at 360 px and at 150% text."""
    answer_fall(driver, "true")
    support.wait(driver, 5).until(lambda d: wrapper(d).is_displayed())
    check_page(driver, name)
    large_text(driver)
    check_page(driver, name + "-large-text")
    driver.execute_script("document.documentElement.style.fontSize = ''")


def test_question_follows_the_answer_live_and_is_not_stored_when_hidden(clocked, driver):
    to_falls_page(clocked, driver)
    assert heading(driver) == "Your diary"
    assert "A near-fall is when you started to fall" in main_text(driver)
    assert not wrapper(driver).is_displayed(), "hidden before any answer"
    assert "What happened?" not in main_text(driver)
    assert all(not box.is_enabled() for box in boxes(driver)), "hidden boxes are disabled"

    answer_fall(driver, "true")
    support.wait(driver, 5).until(lambda d: wrapper(d).is_displayed())
    assert all(box.is_enabled() for box in boxes(driver))
    status = driver.find_element(By.CSS_SELECTOR, "[data-branching-status]")
    assert status.get_attribute("textContent") == "A question was added below."
    detail = driver.find_element(By.ID, f"{FALL}-detail")
    group = driver.find_element(By.XPATH, f"//fieldset[.//input[@name='{FALL}']][not(@data-conditional)]")
    assert detail.get_attribute("id") in group.get_attribute("aria-describedby")

    driver.find_element(By.CSS_SELECTOR, f"input[name='{WHAT}'][value='tripped']").click()
    answer_fall(driver, "false")
    support.wait(driver, 5).until(lambda d: not wrapper(d).is_displayed())
    assert all(not box.is_enabled() for box in boxes(driver)), "No disables the question again"
    answer_fall(driver, "true")
    support.wait(driver, 5).until(lambda d: wrapper(d).is_displayed())
    assert driver.find_element(By.CSS_SELECTOR, f"input[name='{WHAT}'][value='tripped']").is_selected()

    # The page with the question shown, in English and Chinese.
    shown_shots(driver, "branching-diary-shown-en")
    switch_language(driver, "zh-Hans")
    assert not wrapper(driver).is_displayed()
    shown_shots(driver, "branching-diary-shown-zh")
    assert "发生了什么？可多选。" in main_text(driver)
    switch_language(driver, "en")

    # Yes and a choice, then No: the answer to the hidden question is neither posted nor stored.
    answer_fall(driver, "true")
    support.wait(driver, 5).until(lambda d: wrapper(d).is_displayed())
    driver.find_element(By.CSS_SELECTOR, f"input[name='{WHAT}'][value='lostBalance']").click()
    answer_fall(driver, "false")
    support.wait(driver, 5).until(lambda d: not wrapper(d).is_displayed())
    fill(driver, "diary.text.entry", "A steady week")
    press_next(driver)
    assert heading(driver) == "Check your answers"
    assert review_answers(driver) == ["Rung 8", "Prefer not to answer", "Kneecap (patella)", "No", "A steady week"]
    assert "What happened?" not in main_text(driver)

    # Back to the page: No stays, the question stays hidden; Yes brings it back, and it is stored.
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "button[name=edit][value='diary.text']"))
    assert driver.find_element(By.CSS_SELECTOR, f"input[name='{FALL}'][value='false']").is_selected()
    assert not wrapper(driver).is_displayed()
    answer_fall(driver, "true")
    support.wait(driver, 5).until(lambda d: wrapper(d).is_displayed())
    driver.find_element(By.CSS_SELECTOR, f"input[name='{WHAT}'][value='kneeGaveWay']").click()
    press_next(driver)
    assert review_answers(driver) == [
        "Rung 8", "Prefer not to answer", "Kneecap (patella)", "Yes", "My knee gave way", "A steady week"]
    press_next(driver)
    assert heading(driver) == "Your recovery plan"


def test_without_script_the_server_shows_the_revealed_question(clocked, driver):
    to_falls_page(clocked, driver)
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        driver.refresh()
        assert not wrapper(driver).is_displayed()
        answer_fall(driver, "true")
        fill(driver, "diary.text.entry", "Slipped on the step")
        assert not wrapper(driver).is_displayed(), "nothing changes without script"
        press_next(driver)

        assert heading(driver) == "Your diary", "the same page again, not an error"
        assert not driver.find_elements(By.ID, "error-summary")
        notice = driver.find_element(By.ID, "revealed-notice")
        assert "Your answer added a question to this page." in notice.text
        assert "What happened? Choose all that apply." in notice.text
        assert wrapper(driver).is_displayed()
        assert driver.find_element(By.CSS_SELECTOR, f"input[name='{FALL}'][value='true']").is_selected()
        assert driver.find_element(By.ID, "diary.text.entry").get_attribute("value") == "Slipped on the step"
        # axe runs asynchronously, which needs script; the page as rendered (its modules never ran) is checked.
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
        check_page(driver, "branching-diary-no-script-en")
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})

        driver.find_element(By.CSS_SELECTOR, f"input[name='{WHAT}'][value='tripped']").click()
        press_next(driver)
        assert heading(driver) == "Check your answers"
        assert review_answers(driver) == [
            "Rung 8", "Prefer not to answer", "Kneecap (patella)", "Yes", "I tripped or slipped",
            "Slipped on the step"]
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
