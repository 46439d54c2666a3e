"""The weekly recovery diary in a real browser: onboarding, then the diary of the first week with the ladder,
pain with "Prefer not to answer", the knee body model by mouse and by keyboard, the diary text with its
counter, the review with Edit, and the done card; every diary page screenshotted at 360 px and checked with
axe."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import journey
from journey import cards, check_page, click_and_wait, heading, main_text, next_button, press_next
import support
from support import fill


def onboarded(clocked, driver) -> None:
    server = clocked.server
    journey.prepare_browser(driver, server, sensors=False)
    driver.get(server.invitation_url)
    journey.join_participant(driver, server, server.invitation_url, "pat@example.com")
    journey.onboard(driver, screenshots=False)
    assert "weeklyDiary" in cards(driver), "the diary is due from the day onboarding is completed"


def part(driver, part_id: str):
    return driver.find_element(By.CSS_SELECTOR, f"[data-body-model-figure] [data-part={part_id}]")


def picked(driver) -> list:
    return [box.get_attribute("value") for box in driver.find_elements(By.CSS_SELECTOR, "input[name=parts]:checked")]


def review_answers(driver) -> list:
    return [entry.text for entry in driver.find_elements(By.CSS_SELECTOR, ".review-answer")]


def test_diary_with_review_and_edit(clocked, driver):
    onboarded(clocked, driver)
    check_page(driver, "diary-feed-due")
    journey.start_card(driver, "weeklyDiary")

    assert heading(driver) == "Weekly recovery diary"
    check_page(driver, "diary-health")
    rungs = driver.find_elements(By.CSS_SELECTOR, "input[name='diary.health.rung']")
    assert len(rungs) == 10
    assert "Rung 10: Best possible health" in main_text(driver)
    driver.find_element(By.XPATH, "//label[contains(., 'Rung 8')]").click()
    press_next(driver)

    check_page(driver, "diary-pain")
    assert "Prefer not to answer" in main_text(driver)
    journey.choose_scale(driver, "diary.pain.level", 5, 1)
    press_next(driver)

    check_page(driver, "diary-body-model")
    assert next_button(driver).is_enabled(), "Next is never silently disabled: the server answers"
    part(driver, "patella").click()
    support.wait(driver, 5).until(lambda d: part(d, "patella").get_attribute("aria-checked") == "true")
    assert next_button(driver).is_enabled()
    press_next(driver)

    text = "Stairs were easier this week."
    fill(driver, "diary.text.entry", text)
    counter = driver.find_element(By.CSS_SELECTOR, "[data-text-count]")
    support.wait(driver, 5).until(lambda d: counter.text == f"{len(text)} / 280")
    check_page(driver, "diary-text")
    press_next(driver)

    assert heading(driver) == "Check your answers"
    check_page(driver, "diary-review")
    # The falls question (optional, test_branching.py) is left unanswered.
    assert review_answers(driver) == ["Rung 8", "5", "Kneecap (patella)", "Skipped", text]
    assert next_button(driver).text == "Submit"

    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "button[name=edit][value='diary.pain']"))
    assert heading(driver) == "Pain"
    driver.find_element(By.CSS_SELECTOR, "[data-scale-dont-know]").click()
    press_next(driver)
    assert heading(driver) == "Check your answers", "Next after an edit comes back to the review"
    assert review_answers(driver)[1] == "Prefer not to answer"

    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "button[name=edit][value='diary.text']"))
    fill(driver, "diary.text.entry", "Not this")
    check_page(driver, "diary-edit-text")
    click_and_wait(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Back to review']"))
    assert review_answers(driver)[4] == text, "Back to review keeps the answer"

    press_next(driver)
    assert heading(driver) == "Your recovery plan"
    card = driver.find_element(By.CSS_SELECTOR, "article[data-task=weeklyDiary]")
    assert "Health rung 8 · Pain — · Knee: Kneecap (patella)" in card.text
    assert "Done" in card.text
    check_page(driver, "diary-feed-done")

    driver.get(clocked.server.url("/insights"))
    knee = driver.find_element(By.CSS_SELECTOR, "[data-knee-card]")
    assert "Your knee" in knee.text
    assert "Kneecap (patella): in 1 of your diaries" in knee.text
    check_page(driver, "diary-insights-knee")


def test_body_model_by_keyboard(clocked, driver):
    onboarded(clocked, driver)
    journey.start_card(driver, "weeklyDiary")
    driver.find_element(By.XPATH, "//label[contains(., 'Rung 5')]").click()
    press_next(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-scale-dont-know]").click()
    press_next(driver)

    figure = driver.find_element(By.CSS_SELECTOR, "[data-body-model-figure] svg")
    assert figure.get_attribute("role") == "group"
    assert part(driver, "medialJointLine").get_attribute("aria-label") == "Inner side of the knee (medial joint line)"
    driver.execute_script("arguments[0].focus()", part(driver, "quadriceps"))
    ActionChains(driver).send_keys(Keys.TAB).perform()
    assert driver.switch_to.active_element.get_attribute("data-part") == "patella"
    ActionChains(driver).send_keys(Keys.TAB).send_keys(Keys.SPACE).perform()
    assert driver.switch_to.active_element.get_attribute("data-part") == "medialJointLine"
    ActionChains(driver).send_keys(Keys.TAB).send_keys(Keys.ENTER).perform()
    support.wait(driver, 5).until(lambda d: picked(d) == ["medialJointLine", "lateralJointLine"])
    ActionChains(driver).send_keys(Keys.SPACE).perform()
    support.wait(driver, 5).until(lambda d: picked(d) == ["medialJointLine"])
    status = driver.find_element(By.CSS_SELECTOR, "[data-body-model-status]").text
    assert "Inner side of the knee" in status
    check_page(driver, "diary-body-model-keyboard")
    press_next(driver)
    press_next(driver)  # the optional diary text stays empty
    assert heading(driver) == "Check your answers"
    assert review_answers(driver) == [
        "Rung 5", "Prefer not to answer", "Inner side of the knee (medial joint line)", "Skipped", "Skipped"]
