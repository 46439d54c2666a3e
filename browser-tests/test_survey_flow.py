"""The survey flow in a real browser: the last answer saves (the completion page only informs, offers no
Cancel, and leaving it leaves the task done), one history entry per step with Back keeping answers, the error
summary (links that focus their fields, focus on load) and required markers, an expired session that returns
to its step with the answers in place, and the feed (required tasks by due time, optional ones under their own
heading, the one-time saved note, done cards with Change and a quiet delete). Pages at 360 px, 150 % text,
English and Chinese, checked with axe."""

import sqlite3

import pytest

from selenium.webdriver.common.by import By

import journey
import support
from journey import cards, check_page, click_and_wait, heading, main_text, next_button, press_next
from support import fill, shots


def onboarded(clocked, driver, email="pat@example.com") -> None:
    server = clocked.server
    journey.prepare_browser(driver, server, sensors=False)
    driver.get(server.invitation_url)
    journey.join_participant(driver, server, server.invitation_url, email)
    journey.onboard(driver, screenshots=False)


def active_id(driver) -> str:
    return driver.execute_script("return document.activeElement && document.activeElement.id")


def history_length(driver) -> int:
    return driver.execute_script("return history.length")


def value(driver, field_id: str) -> str:
    return driver.find_element(By.ID, field_id).get_attribute("value")


def checkin_outcomes(server) -> int:
    with sqlite3.connect(f"file:{server.data_dir / 'recover.sqlite'}?mode=ro", uri=True) as db:
        return db.execute(
            "SELECT count(*) FROM care_outcome WHERE task_id LIKE '%.checkin' AND deleted_at IS NULL").fetchone()[0]


def test_onboarding_saves_on_its_last_answer_with_history_and_back(clocked, driver):
    server = clocked.server
    journey.prepare_browser(driver, server, sensors=False)
    driver.get(server.invitation_url)
    journey.join_participant(driver, server, server.invitation_url, "ada@example.com")
    journey.start_card(driver, "onboarding")
    assert driver.current_url.endswith("/survey/onboarding/0/step/1"), driver.current_url
    start = history_length(driver)
    press_next(driver)
    assert driver.current_url.endswith("/step/2")
    assert history_length(driver) == start + 1, "one history entry per step"
    press_next(driver)
    assert driver.current_url.endswith("/step/3")
    assert history_length(driver) == start + 2

    # The phone's Back goes to the previous step once, and on again with Next.
    page = driver.find_element(By.TAG_NAME, "html")
    driver.back()
    journey.wait_loaded(driver, page)
    assert driver.current_url.endswith("/step/2")
    assert journey.progress(driver) == "Step 2 of 6"
    press_next(driver)
    assert driver.find_elements(By.ID, "progress-text"), main_text(driver)
    assert journey.progress(driver) == "Step 3 of 6"

    # The page's Back keeps what was typed on the page it leaves.
    fill(driver, "consent-name", "Ada Lovelace")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#step-form button[value=back]"))
    assert journey.progress(driver) == "Step 2 of 6"
    press_next(driver)
    assert value(driver, "consent-name") == "Ada Lovelace", "Back kept the typed name"
    journey.draw_signature(driver)
    press_next(driver)
    journey.answer_permissions(driver)
    press_next(driver)

    # The phone's Back shows the permissions again with their answers.
    page = driver.find_element(By.TAG_NAME, "html")
    driver.back()
    journey.wait_loaded(driver, page)
    assert journey.progress(driver) == "Step 4 of 6"
    granted = driver.find_elements(By.CSS_SELECTOR, "[data-permission-card=health] input[value=granted]")
    assert granted and all(radio.is_selected() for radio in granted)
    press_next(driver)

    # Required markers, and Next is never silently disabled: it posts and the summary answers.
    text = main_text(driver)
    assert text.count("(required)") >= 2, text
    assert driver.find_element(By.ID, "onboarding.goals.kneeBend").get_attribute("aria-required") == "true"
    journey.answer_surgery(driver)
    fill(driver, "onboarding.goals.goal", "Climb the stairs")
    fill(driver, "onboarding.goals.kneeBend", "400")
    assert next_button(driver).is_enabled()
    click_and_wait(driver, next_button(driver))
    summary = driver.find_element(By.ID, "error-summary")
    assert summary.get_attribute("tabindex") == "-1"
    support.wait(driver, 5).until(lambda d: active_id(d) == "error-summary")
    links = summary.find_elements(By.CSS_SELECTOR, "a")
    assert [link.get_attribute("href").rsplit("#", 1)[1] for link in links] == ["onboarding.goals.kneeBend"]
    assert links[0].text.startswith("Choose a value from 0 to 150")
    check_page(driver, "flow-error-summary-en")
    support.large_text(driver)
    check_page(driver, "flow-error-summary-en-large-text")
    summary.find_element(By.CSS_SELECTOR, "a").click()
    support.wait(driver, 5).until(lambda d: active_id(d) == "onboarding.goals.kneeBend")
    # The same in Chinese.
    support.switch_language(driver, "zh-Hans")
    fill(driver, "onboarding.goals.kneeBend", "400")
    click_and_wait(driver, next_button(driver))
    assert "（必填）" in main_text(driver)
    check_page(driver, "flow-error-summary-zh")
    support.large_text(driver)
    check_page(driver, "flow-error-summary-zh-large-text")
    support.switch_language(driver, "en")
    journey.answer_surgery(driver)
    fill(driver, "onboarding.goals.goal", "Climb the stairs")
    fill(driver, "onboarding.goals.kneeBend", "110")
    press_next(driver)

    # The goals were the last answer: the completion page shows a saved onboarding, without Cancel.
    assert driver.current_url.endswith("/survey/onboarding/0/done")
    assert "Saved: Consent and onboarding." in main_text(driver)
    assert driver.find_elements(By.LINK_TEXT, "Cancel") == []
    assert driver.find_elements(By.CSS_SELECTOR, "a[href$='/cancel']") == []
    assert driver.find_element(By.ID, "back-to-today").text == "Back to today"
    shots(driver, "flow-onboarding-done")
    # Leaving here (not pressing anything) leaves onboarding done: the feed has the study's tasks.
    driver.get(server.url("/"))
    assert "onboarding" not in cards(driver)
    assert "checkin" in cards(driver)


def test_range_of_motion_result_against_the_goal(clocked, driver):
    onboarded(clocked, driver)
    journey.start_card(driver, "rangeOfMotionCheck")
    press_next(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-rom-start]").click()
    support.wait(driver, 10).until(lambda d: d.find_element(By.ID, "rom-manual").is_displayed())
    fill(driver, "rom-manual", "70")
    press_next(driver)
    assert driver.current_url.endswith("/done")
    assert driver.find_element(By.ID, "completion-result").text == "70°, 40° to your 110° goal"
    assert driver.find_elements(By.CSS_SELECTOR, "a[href$='/cancel']") == []
    shots(driver, "flow-rom-done")
    driver.get(clocked.server.url("/"))
    card = driver.find_element(By.CSS_SELECTOR, "article[data-task=rangeOfMotionCheck]")
    assert "Done" in card.text and "70°" in card.text


def test_feed_order_saved_note_and_change(clocked, driver):
    server = clocked.server
    onboarded(clocked, driver)
    order = cards(driver)
    optional = [card.get_attribute("data-task") for card in driver.find_elements(
        By.CSS_SELECTOR, ".optional-tasks article.task-card")]
    assert optional and set(optional) <= {"kneeBendVideo", "hearingScreening"}, optional
    required = [task for task in order if task not in optional]
    assert order == required + optional, "optional tasks come last"
    assert required[0] == "checkin", "the timed check-in (08:00) before the all-day tasks"
    assert driver.find_element(By.ID, "optional-heading").text == "Optional"
    shots(driver, "flow-feed-due")

    journey.start_card(driver, "checkin")
    # Nothing chosen: Next posts, and the summary links each question.
    click_and_wait(driver, next_button(driver))
    support.wait(driver, 5).until(lambda d: active_id(d) == "error-summary")
    hrefs = [link.get_attribute("href").rsplit("#", 1)[1]
             for link in driver.find_elements(By.CSS_SELECTOR, "#error-summary a")]
    assert hrefs == ["checkin.form.pain", "checkin.form.sleep"]
    journey.choose_scale(driver, "checkin.form.pain", 3, 1)
    journey.choose_scale(driver, "checkin.form.sleep", 7, 0)
    press_next(driver)

    note = driver.find_element(By.ID, "saved-note")
    assert note.text == "Saved: Check-in. Thank you."
    card = driver.find_element(By.CSS_SELECTOR, "article[data-task=checkin]")
    assert "Pain 3" in card.text and "Sleep 7" in card.text
    change = card.find_element(By.CSS_SELECTOR, "form[action$='/change'] button")
    assert change.text == "Change"
    delete = card.find_element(By.CSS_SELECTOR, "a.task-delete")
    assert "button" not in (delete.get_attribute("class") or ""), "the delete is quiet: a link, not a button"
    shots(driver, "flow-feed-saved")
    driver.refresh()
    assert driver.find_elements(By.ID, "saved-note") == [], "the note shows once"

    # Change: the survey again with the answers in place; sending it replaces the answer.
    click_and_wait(driver, driver.find_element(
        By.CSS_SELECTOR, "article[data-task=checkin] form[action$='/change'] button"))
    assert value(driver, "checkin.form.pain") == "3"
    assert value(driver, "checkin.form.sleep") == "7"
    journey.choose_scale(driver, "checkin.form.pain", 5, 1)
    press_next(driver)
    card = driver.find_element(By.CSS_SELECTOR, "article[data-task=checkin]")
    assert "Pain 5" in card.text and "Sleep 7" in card.text
    assert checkin_outcomes(server) == 1, "the changed answer replaced the first"


EXPIRED = {
    "en": ("Sign in again to go on", "the answers on the page you just sent are kept", "Saved: Check-in. Thank you."),
    "zh-Hans": ("请重新登录以继续", "您刚才提交的这一页回答会保留", "已保存：每日打卡。谢谢！"),
}


@pytest.mark.parametrize("language", ["en", "zh-Hans"])
def test_an_expired_session_returns_to_its_step_with_the_answers(clocked, driver, language):
    server = clocked.server
    title, kept, saved = EXPIRED[language]
    onboarded(clocked, driver)
    if language != "en":
        support.switch_language(driver, language)
    journey.start_card(driver, "checkin")
    journey.choose_scale(driver, "checkin.form.pain", 4, 1)
    journey.choose_scale(driver, "checkin.form.sleep", 6, 0)
    # The session goes idle past its timeout (its last activity long ago).
    with sqlite3.connect(server.data_dir / "recover.sqlite") as db:
        db.execute("UPDATE session SET last_seen_at = '2000-01-01T00:00:00.000Z'")
    click_and_wait(driver, next_button(driver))
    assert heading(driver) == title
    assert kept in main_text(driver)
    assert "?" not in driver.current_url and "pain" not in driver.current_url, "answers never in a URL"
    check_page(driver, f"flow-expired-{language}")
    support.large_text(driver)
    check_page(driver, f"flow-expired-{language}-large-text")
    # A wrong password keeps the answers too.
    fill(driver, "email", "pat@example.com")
    fill(driver, "password", "not the password")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "form[action$='/resume'] button[type=submit]"))
    assert driver.find_elements(By.CSS_SELECTOR, "input[type=hidden][name='carry.checkin.form.pain'][value='4']")
    fill(driver, "email", "pat@example.com")
    fill(driver, "password", journey.PASSWORD)
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "form[action$='/resume'] button[type=submit]"))
    assert driver.current_url.endswith("/survey/checkin/0/step/1"), driver.current_url
    assert value(driver, "checkin.form.pain") == "4"
    assert value(driver, "checkin.form.sleep") == "6"
    press_next(driver)
    assert driver.find_element(By.ID, "saved-note").text == saved
