"""The participant journey in a real browser: invitation, join, gated feed, onboarding with a drawn
signature, check-in, range of motion with emulated orientation, the composed schedule through the test
clock; every page screenshotted at 360 px and checked with axe."""

import time

from selenium.webdriver.common.by import By

import journey
from journey import cards, check_page, click_and_wait, heading, main_text, next_button, onboard, press_next, progress
import support
from support import fill


def test_whole_journey(clocked, driver):
    server = clocked.server
    journey.prepare_browser(driver, server)
    driver.get(server.invitation_url)
    journey.join_participant(driver, server, server.invitation_url, "pat@example.com")
    assert heading(driver) == "Your recovery plan"
    assert cards(driver) == ["onboarding"], "the gate: only onboarding"
    check_page(driver, "feed-gated")

    onboard(driver)
    assert heading(driver) == "Your recovery plan"
    assert sorted(cards(driver)) == ["checkin", "hearingScreening", "kneeBendVideo", "koos", "rangeOfMotionCheck", "weeklyDiary"]
    check_page(driver, "feed-onboarded")

    journey.start_card(driver, "checkin")
    assert progress(driver) == "Step 1 of 1"
    check_page(driver, "checkin")
    journey.choose_scale(driver, "checkin.form.pain", 3, 1)
    journey.choose_scale(driver, "checkin.form.sleep", 7, 0)
    press_next(driver)
    checkin = driver.find_element(By.CSS_SELECTOR, "article[data-task=checkin]")
    assert "Pain 3 · Sleep 7 h" in checkin.text
    assert "Done" in checkin.text
    check_page(driver, "feed-checkin-done")

    journey.start_card(driver, "rangeOfMotionCheck")
    check_page(driver, "rom-instructions")
    press_next(driver)
    check_page(driver, "rom-measure")
    driver.find_element(By.CSS_SELECTOR, "[data-rom-start]").click()
    time.sleep(0.5)
    for beta in list(range(30, 106, 5)) + list(range(100, 39, -5)):
        journey.orientation(driver, beta)
        time.sleep(0.12)
    driver.find_element(By.CSS_SELECTOR, "[data-rom-finish]").click()
    press_next(driver)
    check_page(driver, "rom-completion")
    journey.back_to_today(driver)  # the completion page only informs: already saved
    rom = driver.find_element(By.CSS_SELECTOR, "article[data-task=rangeOfMotionCheck] .task-answers").text
    assert rom.startswith("Range ") and rom.endswith("°"), rom
    angle = int(rom[len("Range "):-1])
    assert abs(angle - 75) <= 1, rom

    # The journey ends on the insights page, which charts today's answers.
    driver.get(server.url("/insights"))
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    assert "75" in main_text(driver)
    check_page(driver, "insights-after-journey")

    # The composed schedule: day 1 is the day onboarding was completed.
    for day, expected in [(1, True), (7, True), (8, True), (15, True), (9, False), (14, False), (40, False)]:
        clocked.move_today(day - 1)
        driver.get(server.url("/"))
        assert ("rangeOfMotionCheck" in cards(driver)) == expected, f"day {day}"
    check_page(driver, "feed-day-40")


def test_delete_answer_after_confirmation(clocked, driver):
    server = clocked.server
    journey.prepare_browser(driver, server)
    journey.join_participant(driver, server, server.invitation_url, "del@example.com")
    onboard(driver, screenshots=False)
    journey.start_card(driver, "checkin")
    journey.choose_scale(driver, "checkin.form.pain", 2, 1)
    journey.choose_scale(driver, "checkin.form.sleep", 8, 0)
    press_next(driver)
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "article[data-task=checkin] a.task-delete"))
    assert heading(driver) == "Delete this answer?"
    check_page(driver, "delete-confirm")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "form button.button--danger"))
    assert "Pain 2" not in main_text(driver)
    assert "Start" in driver.find_element(By.CSS_SELECTOR, "article[data-task=checkin]").text

    # Refusals are readable pages: a future event, a malformed day.
    driver.get(server.url("/survey/checkin/1"))
    assert "This task is not due yet." in main_text(driver)
    check_page(driver, "survey-future-refused")
    driver.get(server.url("/?day=tomorrow"))
    assert "The date in the address must look like 2026-03-09." in main_text(driver)
    check_page(driver, "feed-bad-day")


def test_cancel_keeps_the_gate_and_half_done_onboarding_resumes(clocked, driver):
    server = clocked.server
    journey.prepare_browser(driver, server)
    journey.join_participant(driver, server, server.invitation_url, "cancel@example.com")
    journey.start_card(driver, "onboarding")
    press_next(driver)
    press_next(driver)
    assert progress(driver) == "Step 3 of 6"
    driver.refresh()
    assert progress(driver) == "Step 3 of 6", "the draft survives a reload"

    # An empty signature: Next is never silently disabled; the server refuses it with the summary on top.
    fill(driver, "consent-name", "Ada Lovelace")
    assert next_button(driver).is_enabled()
    click_and_wait(driver, next_button(driver))
    assert "Please sign in the box before you continue." in main_text(driver)
    assert driver.find_element(By.CSS_SELECTOR, "#error-summary a").get_attribute("href").endswith("#signature-label")
    check_page(driver, "consent-empty-signature")

    click_and_wait(driver, driver.find_element(By.LINK_TEXT, "Cancel"))
    assert heading(driver) == "Cancel this survey?"
    check_page(driver, "cancel-confirm")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "form button.button--danger"))
    assert cards(driver) == ["onboarding"], "cancelling keeps the gate"
    driver.get(server.url("/survey/checkin/0"))
    assert cards(driver) == ["onboarding"], "other surveys redirect to the feed"
    journey.start_card(driver, "onboarding")
    assert progress(driver) == "Step 1 of 6", "the draft was discarded"


def test_goals_validation_and_desktop_range_of_motion_fallback(clocked, driver):
    server = clocked.server
    journey.prepare_browser(driver, server, sensors=False)
    journey.join_participant(driver, server, server.invitation_url, "desk@example.com")
    journey.start_card(driver, "onboarding")
    press_next(driver)
    press_next(driver)
    fill(driver, "consent-name", "Ada Lovelace")
    journey.draw_signature(driver)
    press_next(driver)
    journey.answer_permissions(driver)
    press_next(driver)
    journey.answer_surgery(driver)
    fill(driver, "onboarding.goals.goal", "Walk the dog")
    fill(driver, "onboarding.goals.kneeBend", "400")
    press_next(driver)
    assert "Choose a value from 0 to 150." in driver.find_element(By.ID, "onboarding.goals.kneeBend-error").text
    check_page(driver, "goals-validation")
    fill(driver, "onboarding.goals.kneeBend", "100")
    press_next(driver)
    journey.back_to_today(driver)  # the completion page only informs: already saved

    journey.start_card(driver, "rangeOfMotionCheck")
    press_next(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-rom-start]").click()
    manual = driver.find_element(By.ID, "rom-manual")
    support.wait(driver, 10).until(lambda d: manual.is_displayed())
    assert driver.find_element(By.CSS_SELECTOR, "[data-rom-message]").text != ""
    check_page(driver, "rom-desktop-fallback")
    fill(driver, "rom-manual", "82")
    press_next(driver)
    journey.back_to_today(driver)  # the completion page only informs: already saved
    assert "Range 82°" in driver.find_element(By.CSS_SELECTOR, "article[data-task=rangeOfMotionCheck]").text
