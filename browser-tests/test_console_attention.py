"""The console as a coordinator uses it, in a real browser on a real server: two participants onboard, one
answers the weekly diary (rung 6, "Prefer not to answer"), measures her knee by hand (82°) and checks in; the
next study day the other one is behind on the check-in and the study publishes consent version 1.1.

The dashboard's "Needs attention" list names both, most urgent first, each linked to their page; the
participant page shows every answer with its question and the label the participant chose ("Rung 6",
"Prefer not to answer", 82°) and the export pseudonym; the participant list sorts by a column (aria-sort,
strict parameters: a bad value is a 400 page); the audit list pages through newer/older entries; the
settings page holds the server's public key (the dashboard no longer does); a used invitation says who used
it. Screenshots at 360 px (English, 150% text, Chinese) and at 1280 px of the dashboard and the participant
page."""

import pytest

import re
import subprocess

from selenium.webdriver.common.by import By

import journey
from journey import cards, click_and_wait, press_next
import support
from support import check_page, fill, shots, sign_in, submit
from test_console_corrections import section_shot
from test_reconsent import publish

DESKTOP = 1280


def main_text(driver) -> str:
    return driver.find_element(By.TAG_NAME, "main").text


def desktop_shots(driver, name: str) -> None:
    """The page at 1280 px wide in English and Chinese (screenshots only: the 360 px checks ran before)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": DESKTOP, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    driver.refresh()
    support.screenshot(driver, name + "-desktop-en")
    support.switch_language(driver, "zh-Hans")
    support.screenshot(driver, name + "-desktop-zh")
    support.switch_language(driver, "en")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": support.WIDTH, "height": 800, "deviceScaleFactor": 1, "mobile": True})
    driver.refresh()


def diary_rung_6_prefer_not_to_answer(driver) -> None:
    journey.start_card(driver, "weeklyDiary")
    driver.find_element(By.XPATH, "//label[contains(., 'Rung 6')]").click()
    press_next(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-scale-dont-know]").click()
    press_next(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-body-model-figure] [data-part=patella]").click()
    press_next(driver)
    press_next(driver)  # no diary text
    press_next(driver)  # submit on the review: saved
    if driver.find_elements(By.ID, "back-to-today"):
        journey.back_to_today(driver)  # the completion page only informs
    assert "Done" in driver.find_element(By.CSS_SELECTOR, "article[data-task=weeklyDiary]").text


def range_of_motion_by_hand(driver, degrees: str) -> None:
    journey.start_card(driver, "rangeOfMotionCheck")
    press_next(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-rom-by-hand]").click()
    manual = driver.find_element(By.ID, "rom-manual")
    support.wait(driver, 10).until(lambda d: manual.is_displayed())
    fill(driver, "rom-manual", degrees)
    press_next(driver)
    journey.back_to_today(driver)  # saved: the completion page only informs


def check_in(driver) -> None:
    journey.start_card(driver, "checkin")
    journey.choose_scale(driver, "checkin.form.pain", 4, 1)
    journey.choose_scale(driver, "checkin.form.sleep", 7, 0)
    press_next(driver)


def attention_entries(driver) -> dict:
    """The "Needs attention" list: email → its reasons, in the list's order."""
    entries = {}
    for item in driver.find_elements(By.CSS_SELECTOR, "ul.attention-list > li"):
        email = item.find_element(By.TAG_NAME, "a").text
        entries[email] = [reason.text for reason in item.find_elements(By.CSS_SELECTOR, ".attention-reasons li")]
    return entries


@pytest.mark.long
def test_a_coordinator_sees_who_needs_attention_and_every_answer_as_given(clocked, driver):
    server = clocked.server
    journey.prepare_browser(driver, server, sensors=False)
    second_invitation = server.invite(1)[0]

    journey.join_participant(driver, server, server.invitation_url, "ada@example.com")
    journey.onboard(driver, screenshots=False)
    assert "weeklyDiary" in cards(driver)
    diary_rung_6_prefer_not_to_answer(driver)
    range_of_motion_by_hand(driver, "82")
    check_in(driver)
    submit(driver, "/sign-out")

    journey.join_participant(driver, server, second_invitation, "ben@example.com")
    journey.onboard(driver, screenshots=False)
    submit(driver, "/sign-out")

    # The next study day: Ada checked in yesterday, Ben did not; and a new required consent version exists.
    clocked.move_today(1)
    publish(server)

    sign_in(driver, server, server.admin_email, server.admin_password)
    assert driver.current_url == server.url("/console")
    entries = attention_entries(driver)
    consent = "Has not signed Taking part in the study, version 1.1"
    assert list(entries) == ["ben@example.com", "ada@example.com"], entries
    assert entries["ben@example.com"] == [consent, "No check-in yesterday, none yet today"], entries
    assert entries["ada@example.com"] == [consent], entries
    assert "Server public key" not in main_text(driver), "the key moved to the settings page"
    heading = driver.find_element(By.ID, "attention-heading")
    first_card = driver.find_element(By.CSS_SELECTOR, "main .card")
    assert first_card.find_element(By.TAG_NAME, "h2") == heading, "the list is the first thing on the dashboard"
    shots(driver, "console-attention-dashboard")
    support.switch_language(driver, "zh-Hans")
    zh = attention_entries(driver)
    assert zh["ben@example.com"] == ["尚未签署《参与研究》1.1 版", "昨天没有打卡，今天也尚未打卡"], zh
    support.switch_language(driver, "en")
    desktop_shots(driver, "console-attention-dashboard")

    # The participant page: each answer with its question and the label Ada chose.
    click_and_wait(driver, driver.find_element(By.LINK_TEXT, "ada@example.com"))
    ada_page = driver.current_url
    results = driver.find_element(By.ID, "results-heading").find_element(By.XPATH, "..").text
    assert "Weekly recovery diary" in results
    assert "Where on the ladder is your health this week? Rung 6" in results
    assert "How much has your knee hurt this week? Prefer not to answer" in results
    assert "Where does it hurt? Kneecap (patella)" in results
    assert "Range of motion" in results and "82° (typed in by the participant)" in results
    assert "How is your pain today?" not in results or "4" in results
    assert "rung:" not in results and "Don't know" not in results and "No answers" not in results
    assert "checkin.form ›" not in results and "weeklyDiary" not in results
    outcomes = driver.find_element(By.ID, "outcomes-heading").find_element(By.XPATH, "..").text
    assert "diary.bodyParts" not in driver.find_element(By.TAG_NAME, "main").get_attribute("textContent")
    pseudonym = driver.find_element(By.CSS_SELECTOR, "[data-export-pseudonym]").text
    assert re.fullmatch(r"[0-9a-f]{12}", pseudonym), pseudonym
    shots(driver, "console-attention-participant")
    for section in ("profile", "results", "outcomes", "audit"):
        section_shot(driver, f"section[aria-labelledby={section}-heading]", f"console-attention-{section}-360")
    support.switch_language(driver, "zh-Hans")
    results_zh = driver.find_element(By.ID, "results-heading").find_element(By.XPATH, "..").text
    assert "本周您的健康状况在梯子的哪一级？ 第 6 级" in results_zh
    assert "本周您的膝盖有多疼？ 不愿回答" in results_zh
    assert "每周康复日记" in results_zh and "每日打卡" in results_zh
    assert "签到" not in main_text(driver), "one term for check-in: the participant pages' 打卡"
    support.switch_language(driver, "en")
    desktop_shots(driver, "console-attention-participant")
    del outcomes

    # The participant list: consent, check-ins with today's, range of motion and diary; sorted by a column.
    driver.get(server.url("/console/participants"))
    rows = driver.find_elements(By.CSS_SELECTOR, ".participants-table tbody tr")
    assert [row.find_element(By.TAG_NAME, "a").text for row in rows] == ["ben@example.com", "ada@example.com"]
    ada_cells = [cell.text for cell in rows[1].find_elements(By.TAG_NAME, "td")]
    assert ada_cells[2] == "1 to sign", ada_cells
    assert "today: not yet" in ada_cells[4], "the check-in was yesterday"
    assert ada_cells[5] == "1/1" and ada_cells[6] == "1/1", ada_cells
    sorted_header = driver.find_element(By.CSS_SELECTOR, "th[aria-sort]")
    assert sorted_header.text.startswith("Joined") and sorted_header.get_attribute("aria-sort") == "descending"
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "th a.sort-link[href*='sort=email']"))
    assert driver.find_element(By.CSS_SELECTOR, "th[aria-sort]").get_attribute("aria-sort") == "ascending"
    rows = driver.find_elements(By.CSS_SELECTOR, ".participants-table tbody tr")
    assert [row.find_element(By.TAG_NAME, "a").text for row in rows] == ["ada@example.com", "ben@example.com"]
    shots(driver, "console-attention-participants")
    section_shot(driver, ".table-scroll", "console-attention-participants-table")
    driver.get(server.url("/console/participants?sort=email&dir=asc"))
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "th a.sort-link[href*='sort=email']"))
    assert driver.find_element(By.CSS_SELECTOR, "th[aria-sort]").get_attribute("aria-sort") == "descending"
    assert "sort=email&dir=desc" in driver.current_url
    driver.get(server.url("/console/participants?sort=name"))
    assert "This list cannot be sorted that way." in main_text(driver)
    check_page(driver, "console-attention-participants-bad-sort")

    # The audit list: every view adds an entry; 25 a page, newer and older links, bounded page numbers.
    for _ in range(26):
        driver.get(ada_page)
    audit = driver.find_element(By.ID, "audit-heading").find_element(By.XPATH, "..")
    assert len(audit.find_elements(By.CSS_SELECTOR, "tbody tr")) == 25
    status = audit.find_element(By.CSS_SELECTOR, "nav.pagination p").text
    total = int(re.search(r"of (\d+)", status).group(1))
    assert status.startswith("Entries 1–25 of ") and total > 26, status
    assert not audit.find_elements(By.LINK_TEXT, "Newer entries")
    click_and_wait(driver, audit.find_element(By.LINK_TEXT, "Older entries"))
    assert driver.current_url.endswith("?page=2#audit-heading")
    audit = driver.find_element(By.ID, "audit-heading").find_element(By.XPATH, "..")
    assert audit.find_element(By.CSS_SELECTOR, "nav.pagination p").text.startswith(f"Entries 26–")
    assert audit.find_elements(By.LINK_TEXT, "Newer entries")
    check_page(driver, "console-attention-audit-page-2")
    for page, expected in (("0", 400), ("x", 400), ("100001", 400), ("999", 404)):
        driver.get(ada_page + "?page=" + page)
        assert driver.title and str(expected) in driver.execute_script(
            "return String(performance.getEntriesByType('navigation')[0].responseStatus)"), page

    # The settings page holds the server's public key, the one `recover consent public-key` prints.
    driver.get(server.url("/console"))
    click_and_wait(driver, driver.find_element(By.LINK_TEXT, "Settings"))
    key = subprocess.run(
        [str(support.RECOVER), "consent", "public-key", "--data-dir", str(server.data_dir)],
        capture_output=True, text=True, timeout=30, check=True).stdout.strip()
    assert driver.find_element(By.ID, "public-key").text == key
    shots(driver, "console-attention-settings")

    # A used invitation says who used it, linked to their page.
    driver.get(server.url("/console/invitations"))
    used = [row for row in driver.find_elements(By.CSS_SELECTOR, ".data-table tbody tr") if "used" in row.text]
    assert len(used) == 2
    assert {row.find_element(By.CSS_SELECTOR, "td:nth-child(5) a").text for row in used} == {
        "ada@example.com", "ben@example.com"}
    check_page(driver, "console-attention-invitations")
