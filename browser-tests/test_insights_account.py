"""Insights and the account page in a real browser: a participant onboards (target knee bend 110°), checks
in on three of four days and measures their knee, then reads their progress in English and Chinese,
downloads their data, opens the printable signed consent, changes their time zone and withdraws. Every page
is screenshotted at 360 px and checked with axe."""

import pytest

import re
import subprocess
import tempfile
import time
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import journey
from journey import check_page, heading, main_text, onboard, press_next
import support
from support import shots, submit


def check_in(driver, pain: int, sleep: int) -> None:
    journey.start_card(driver, "checkin")
    journey.choose_scale(driver, "checkin.form.pain", pain, 1)
    journey.choose_scale(driver, "checkin.form.sleep", sleep, 0)
    press_next(driver)


def measure_knee(driver) -> None:
    journey.start_card(driver, "rangeOfMotionCheck")
    press_next(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-rom-start]").click()
    time.sleep(0.5)
    for beta in list(range(30, 106, 5)) + list(range(100, 39, -5)):
        journey.orientation(driver, beta)
        time.sleep(0.12)
    driver.find_element(By.CSS_SELECTOR, "[data-rom-finish]").click()
    press_next(driver)
    journey.back_to_today(driver)  # the completion page only informs: already saved


def fetch(driver, path: str) -> dict:
    """A same-origin GET from the page (the session cookie goes along): status, headers and text."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0]).then(async r => done({status: r.status, text: await r.text(),"
        " disposition: r.headers.get('content-disposition'), cache: r.headers.get('cache-control')}));",
        path)


def switch_language(driver, tag: str) -> None:
    page = driver.find_element(By.TAG_NAME, "html")
    support.open_menu_for(driver, driver.find_element(By.CSS_SELECTOR, f"form.language-switch button[value='{tag}']")).click()
    journey.wait_loaded(driver, page)


def zone_options(driver) -> list:
    return driver.execute_script("return [...document.querySelectorAll('#timeZone option')].map(o => o.value)")


def time_zone_by_city(driver, server) -> None:
    """Finds Zurich by typing part of its name, in Chinese 纽约 (New York) and 上海 by their Chinese names, each screenshotted
    with the list narrowed; saves Zurich."""
    driver.get(server.url("/account/time-zone"))
    assert len(zone_options(driver)) > 400, "the whole list, grouped by region"
    filter_box = driver.find_element(By.ID, "timeZone-filter")
    filter_box.send_keys("zur")
    assert zone_options(driver) == ["Europe/Zurich"]
    assert driver.find_element(By.ID, "timeZone-filter-status").text == "1 time zone matches. It is chosen in the list below."
    shots_of_filter(driver, "account-time-zone-filter", "zur")
    switch_language(driver, "zh-Hans")
    assert driver.find_element(By.CSS_SELECTOR, "label[for=timeZone]").text == "您所在的城市或时区"
    filter_box = driver.find_element(By.ID, "timeZone-filter")
    filter_box.send_keys("纽约")
    assert zone_options(driver) == ["America/New_York"]
    assert Select(driver.find_element(By.ID, "timeZone")).first_selected_option.text.startswith("纽约（UTC")
    filter_box.clear()
    filter_box.send_keys("上海")
    assert zone_options(driver) == ["Asia/Shanghai"]
    filter_box.clear()
    filter_box.send_keys("英国")
    assert zone_options(driver) == ["Europe/London"], "a one-zone country by its Chinese name, as ICU gives it"
    filter_box.clear()
    filter_box.send_keys("上海")
    shots_of_filter(driver, "account-time-zone-filter-zh", "上海")
    switch_language(driver, "en")
    driver.find_element(By.ID, "timeZone-filter").send_keys("zurich")
    submit(driver, "/account/time-zone")


def shots_of_filter(driver, name: str, typed: str) -> None:
    """The page with `typed` in the filter box, at 360 px and at 150% text (typed again after the reload)."""
    check_page(driver, name)
    driver.refresh()
    support.large_text(driver)
    driver.find_element(By.ID, "timeZone-filter").send_keys(typed)
    check_page(driver, name + "-large-text")
    driver.refresh()


@pytest.mark.long
def test_insights_downloads_consent_time_zone_and_withdrawal(clocked, driver):
    server = clocked.server
    journey.prepare_browser(driver, server)
    journey.join_participant(driver, server, server.invitation_url, "ins@example.com")
    driver.get(server.url("/insights"))
    assert heading(driver) == "Your recovery plan", "insights wait for onboarding"
    onboard(driver, screenshots=False)

    # Day 1 and 2 checked in, day 3 missed, day 4 checked in; the knee measured on day 1.
    check_in(driver, 5, 6)
    measure_knee(driver)
    clocked.move_today(1)
    driver.get(server.url("/"))
    check_in(driver, 4, 7)
    clocked.move_today(3)
    driver.get(server.url("/"))
    check_in(driver, 3, 8)

    driver.get(server.url("/insights"))
    assert heading(driver) == "Your progress"
    assert len(driver.find_elements(By.CSS_SELECTOR, "svg .chart-bar--pain")) == 3
    assert len(driver.find_elements(By.CSS_SELECTOR, "svg .chart-bar--sleep")) == 3
    assert len(driver.find_elements(By.CSS_SELECTOR, "svg .chart-goal")) == 1
    assert len(driver.find_elements(By.CSS_SELECTOR, "svg .chart-point")) == 1
    text = main_text(driver)
    assert "Your average pain this week was 4.0." in text
    assert "short of your goal of 110°" in text
    width = driver.execute_script("return document.querySelector('svg.chart-svg').getBoundingClientRect().width")
    assert 250 <= width <= 360, width
    check_page(driver, "insights-en")
    driver.find_element(By.CSS_SELECTOR, "details.chart-data summary").click()
    rows = driver.find_elements(By.CSS_SELECTOR, "details.chart-data[open] tbody tr")
    assert len(rows) == 28
    assert sum("Not recorded" in row.text for row in rows) == 25
    check_page(driver, "insights-en-table")

    switch_language(driver, "zh-Hans")
    assert heading(driver) == "您的康复进展"
    assert "目标 110°" in driver.find_element(By.CSS_SELECTOR, "svg .chart-goal-label").get_attribute("textContent")
    check_page(driver, "insights-zh")
    switch_language(driver, "en")

    driver.get(server.url("/account"))
    check_page(driver, "account")
    csv = fetch(driver, "/account/data.csv")
    assert csv["status"] == 200 and csv["cache"] == "no-store"
    assert csv["disposition"] == 'attachment; filename="recover-data.csv"'
    lines = csv["text"].strip().split("\r\n")
    assert lines[0] == "task,occurrence,event_date,kind,value,unit,recorded_at"
    assert sum(",checkin.form.pain," in line for line in lines) == 3
    data = fetch(driver, "/account/data.json")
    assert '"surveyResults"' in data["text"] and '"checkin.form.sleep"' in data["text"]

    driver.get(server.url("/account/consent"))
    assert heading(driver) == "Your signed consent"
    assert "Ada Lovelace" in main_text(driver)
    assert "UTC+08:00 (Asia/Shanghai)" in main_text(driver)
    assert driver.execute_script(
        "return document.querySelector('img.consent-signature').naturalWidth") > 0
    check_page(driver, "consent-copy")
    pdf = fetch(driver, "/account/consent.pdf")
    assert pdf["status"] == 200 and pdf["cache"] == "no-store" and pdf["text"].startswith("%PDF-")
    assert re.fullmatch(r'attachment; filename="recover-consent-\d{4}-\d{2}-\d{2}\.pdf"', pdf["disposition"])
    receipt = fetch(driver, "/account/consent/receipt.json")
    assert receipt["status"] == 200 and receipt["disposition"] == 'attachment; filename="consent-receipt.json"'
    assert '"recover-consent-receipt-v1"' in receipt["text"] and '"checkpoint"' in receipt["text"]
    shots(driver, "consent-copy-receipt-link")
    # The server's own receipt checks as valid on the standalone page with the key `recover consent public-key` prints.
    saved = Path(tempfile.mkdtemp(prefix="receipt-")) / "consent-receipt.json"
    saved.write_text(receipt["text"], encoding="utf-8")
    key = subprocess.run([str(support.RECOVER), "consent", "public-key", "--data-dir", str(server.data_dir)],
                         capture_output=True, text=True, timeout=30, check=True).stdout.strip()
    driver.get(server.url("/verify-receipt?lang=en"))
    driver.find_element(By.ID, "receipt").send_keys(str(saved))
    driver.find_element(By.ID, "key").send_keys(key)
    driver.find_element(By.ID, "check").click()
    support.wait(driver, 10).until(lambda d: d.find_element(By.ID, "result").get_attribute("class"))
    assert driver.find_element(By.ID, "result").text.startswith("Valid: the receipt is signed by this key")
    assert "Ada Lovelace" in driver.find_element(By.ID, "result").text
    driver.get(server.url("/account"))
    shots(driver, "account-receipt-link")

    # A zone we do not know is refused with a readable message on the form's own page and changes nothing.
    driver.get(server.url("/account"))
    driver.execute_script(
        "const option = document.querySelector('#timeZone option[selected]') ||"
        " document.querySelector('#timeZone option'); option.value = 'Mars/Olympus'; option.selected = true;")
    submit(driver, "/account/time-zone")
    assert driver.find_element(By.ID, "timeZone-error").text.startswith("That is not a time zone we know")
    assert driver.find_element(By.ID, "timeZone").get_attribute("aria-invalid") == "true"
    assert "Your tasks follow the clock of Shanghai (UTC+8)." in main_text(driver)
    shots(driver, "account-bad-time-zone")
    # The city found with the filter box, in English and in Chinese, and saved.
    time_zone_by_city(driver, server)
    assert "Your tasks follow the clock of Zurich (UTC+" in main_text(driver)
    driver.get(server.url("/account"))
    Select(driver.find_element(By.ID, "timeZone")).select_by_value("Europe/Berlin")
    submit(driver, "/account/time-zone")
    assert "Your tasks follow the clock of Berlin (UTC+" in main_text(driver)
    browser_zone = driver.find_element(By.CSS_SELECTOR, "button[data-browser-zone-for]")
    assert browser_zone.is_displayed()
    browser_zone.click()
    assert Select(driver.find_element(By.ID, "timeZone")).first_selected_option.text == "Shanghai (UTC+8)"
    submit(driver, "/account/time-zone")

    driver.get(server.url("/account/withdraw"))
    check_page(driver, "withdraw-confirm")
    submit(driver, "/account/withdraw")
    assert "You withdrew from the study on" in main_text(driver)
    driver.get(server.url("/"))
    assert "You have withdrawn from the study" in main_text(driver)
    assert driver.find_elements(By.CSS_SELECTOR, "article.task-card") == []
    check_page(driver, "withdrawn-home")

    # Signing in again still works, and the data is all still there.
    submit(driver, "/sign-out")
    support.sign_in(driver, server, "ins@example.com", journey.PASSWORD)
    assert "You have withdrawn from the study" in main_text(driver)
    again = fetch(driver, "/account/data.csv")
    assert sum(",checkin.form.pain," in line for line in again["text"].split("\r\n")) == 3
