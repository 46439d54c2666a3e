"""Apple Health data in a real browser: a participant who allowed steps in onboarding opens the Health page,
uploads an export.zip through the file chooser (progress, then the background import's state), sees their
steps beside pain on insights, then stops sharing steps and deletes what was shared. A file that is not a zip
is refused on the page. Screenshots at 360 px, at 150% text, in English and Chinese."""

import tempfile
import time
import zipfile
from pathlib import Path

from selenium.webdriver.common.by import By

import journey
import support
from journey import check_page, heading, main_text, onboard


def write_export(folder: Path, steps: list) -> Path:
    """An export.zip as the Health app writes it, with step records starting now (Asia/Shanghai, the
    browser's and the participant's zone), a second apart, after the participant joined."""
    start = time.time() + 1
    records = []
    for index, value in enumerate(steps):
        stamp = time.strftime("%Y-%m-%d %H:%M:%S +0800", time.gmtime(start + index + 8 * 3600))
        records.append(
            f'<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" '
            f'creationDate="{stamp}" startDate="{stamp}" endDate="{stamp}" value="{value}"/>')
    xml = '<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_US">\n' + "\n".join(records) + "\n</HealthData>\n"
    path = folder / "export.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("apple_health_export/export.xml", xml)
    return path


def status_text(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, "[data-health-status]").text


def wait_for_status(driver, words: str, seconds: int = 30) -> None:
    """Until the status line (updated in place as the upload and the import go on) holds `words`."""
    support.wait(driver, seconds).until(lambda d: words in status_text(d))


def upload(driver, path: Path) -> None:
    driver.find_element(By.ID, "health-file").send_keys(str(path))
    send = driver.find_element(By.CSS_SELECTOR, "[data-health-send]")
    support.wait(driver, 10).until(lambda _: send.is_enabled())
    send.click()


def test_a_participant_shares_an_export_and_sees_steps_beside_pain(server, driver):
    journey.prepare_browser(driver, server)
    journey.join_participant(driver, server, server.invitation_url, "steps@example.com")
    onboard(driver, screenshots=False)

    # Today's feed invites to share, in both languages.
    driver.get(server.url("/"))
    card = driver.find_element(By.CSS_SELECTOR, "section.health-card")
    assert "Share your Apple Health data" in card.text
    check_page(driver, "feed-health-card-en")
    support.submit(driver, "/language")
    assert "分享您的 Apple 健康数据" in driver.find_element(By.CSS_SELECTOR, "section.health-card").text
    support.large_text(driver)
    check_page(driver, "feed-health-card-zh-150")
    support.submit(driver, "/language")

    driver.get(server.url("/account"))
    link = driver.find_element(By.LINK_TEXT, "Share your Apple Health data")
    journey.click_and_wait(driver, link)
    assert heading(driver) == "Apple Health data"
    assert "You have not shared an export yet." in main_text(driver)
    check_page(driver, "health-en")

    folder = Path(tempfile.mkdtemp(prefix="recover-health-"))
    # Not a zip: refused on the page with words that say what to choose, nothing queued.
    wrong = folder / "export.txt"
    wrong.write_text("this is not an export")
    upload(driver, wrong)
    wait_for_status(driver, "not a zip file")
    check_page(driver, "health-not-a-zip-en")

    upload(driver, write_export(folder, [3000, 1234]))
    wait_for_status(driver, "Done:")
    assert "Done: 2 records read and 2 kept; days with data: 1." in status_text(driver)
    check_page(driver, "health-done-en")
    support.large_text(driver)
    check_page(driver, "health-done-en-150")

    driver.get(server.url("/insights"))
    assert len(driver.find_elements(By.CSS_SELECTOR, "svg .chart-bar--steps")) == 1
    assert "you walked 4,234 steps a day on average" in main_text(driver)
    sections = driver.find_elements(By.CSS_SELECTOR, "section[aria-labelledby=steps-heading]")
    assert len(sections) == 1
    sections[0].find_element(By.CSS_SELECTOR, "details.chart-data summary").click()
    rows = sections[0].find_elements(By.CSS_SELECTOR, "details.chart-data[open] tbody tr")
    assert len(rows) == 28, "the same four weeks as the pain chart"
    assert "4,234" in rows[-1].text
    check_page(driver, "insights-steps-en")

    # In Chinese.
    driver.get(server.url("/account/health"))
    support.submit(driver, "/language")
    assert heading(driver) == "Apple 健康数据"
    assert "完成：读取 2 条记录，保留 2 条；有数据的天数：1。" in status_text(driver)
    check_page(driver, "health-done-zh")
    support.large_text(driver)
    check_page(driver, "health-done-zh-150")
    driver.get(server.url("/insights"))
    assert "步数与疼痛，最近四周" in main_text(driver)
    check_page(driver, "insights-steps-zh")

    # Stop sharing steps and delete them: insights then offers the upload instead of a chart.
    driver.get(server.url("/account/health"))
    grant = driver.find_element(By.CSS_SELECTOR, "li[data-grant=stepCount]")
    grant.find_element(By.CSS_SELECTOR, "input[name=delete]").click()
    journey.click_and_wait(driver, grant.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    assert "已删除的天数：1" in main_text(driver)
    state = driver.find_element(By.CSS_SELECTOR, "li[data-grant=stepCount] [data-grant-state]").text
    assert state == "未允许"
    check_page(driver, "health-revoked-zh")
    driver.get(server.url("/insights"))
    assert not driver.find_elements(By.CSS_SELECTOR, "svg .chart-bar--steps")
