"""The participant journey in Simplified Chinese: join in Chinese, the gated feed, onboarding with a
drawn signature, check-in and range of motion; texts from the zh-Hans catalog and the Chinese consent."""

import time

from selenium.webdriver.common.by import By

import journey
import support
from journey import cards, check_page, heading, press_next, progress


def test_whole_journey_in_chinese(clocked, driver):
    server = clocked.server
    journey.prepare_browser(driver, server)
    driver.get(server.invitation_url)
    support.submit(driver, "/language")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hans"
    journey.join_participant(driver, server, server.invitation_url, "li@example.com")
    assert heading(driver) == "我的康复计划"
    assert cards(driver) == ["onboarding"]
    assert "参与同意与引导" in driver.find_element(By.CSS_SELECTOR, "article[data-task=onboarding]").text
    check_page(driver, "zh-feed-gated")

    journey.start_card(driver, "onboarding")
    assert progress(driver) == "第 1 步，共 6 步"
    press_next(driver)
    press_next(driver)
    assert progress(driver) == "第 3 步，共 6 步"
    frame = driver.find_element(By.CSS_SELECTOR, "iframe.consent-frame")
    # The Chinese text of the current participation consent, named by its SHA-256.
    assert "/consent/text/" in frame.get_attribute("src")
    driver.switch_to.frame(frame)
    assert "知情同意书" in driver.find_element(By.TAG_NAME, "h1").text
    driver.switch_to.default_content()
    onboard_rest(driver)
    assert heading(driver) == "我的康复计划"
    assert sorted(cards(driver)) == ["checkin", "hearingScreening", "kneeBendVideo", "koos", "rangeOfMotionCheck", "weeklyDiary"]
    check_page(driver, "zh-feed-onboarded")

    journey.start_card(driver, "checkin")
    assert progress(driver) == "第 1 步，共 1 步"
    check_page(driver, "zh-checkin")
    journey.choose_scale(driver, "checkin.form.pain", 3, 1)
    journey.choose_scale(driver, "checkin.form.sleep", 7, 0)
    press_next(driver)
    assert "疼痛 3 · 睡眠 7 小时" in driver.find_element(By.CSS_SELECTOR, "article[data-task=checkin]").text

    journey.start_card(driver, "rangeOfMotionCheck")
    press_next(driver)
    check_page(driver, "zh-rom-measure")
    driver.find_element(By.CSS_SELECTOR, "[data-rom-start]").click()
    time.sleep(0.5)
    for beta in list(range(30, 106, 5)) + list(range(100, 39, -5)):
        journey.orientation(driver, beta)
        time.sleep(0.12)
    driver.find_element(By.CSS_SELECTOR, "[data-rom-finish]").click()
    press_next(driver)
    journey.back_to_today(driver)  # the completion page only informs: already saved
    answers = driver.find_element(By.CSS_SELECTOR, "article[data-task=rangeOfMotionCheck] .task-answers").text
    assert answers.startswith("活动范围 ") and answers.endswith("°"), answers
    assert abs(int(answers[len("活动范围 "):-1]) - 75) <= 1
    check_page(driver, "zh-feed-done")


def onboard_rest(driver) -> None:
    """From the consent page to the end of onboarding, with Chinese screenshots."""
    check_page(driver, "zh-onboarding-consent")
    support.fill(driver, "consent-name", "李雷")
    journey.draw_signature(driver)
    press_next(driver)
    check_page(driver, "zh-onboarding-permissions")
    journey.answer_permissions(driver)
    press_next(driver)
    journey.answer_surgery(driver, "right")
    check_page(driver, "zh-onboarding-goals")
    support.fill(driver, "onboarding.goals.goal", "不疼地爬楼梯")
    support.fill(driver, "onboarding.goals.kneeBend", "110")
    press_next(driver)
    check_page(driver, "zh-onboarding-completion")
    journey.back_to_today(driver)  # the completion page only informs: already saved
