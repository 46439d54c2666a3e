"""The calendar link and the study team's contact card in a real browser and a real server: an admin sets the
contact card in the console (a wrong phone is refused), the sign-in page offers it as help, a participant in Asia/Shanghai onboards, sees the card on
the feed and the account page, makes a calendar link, and the feed fetched from it without a session parses with
an independent iCalendar parser (`icalendar` from PyPI) into exactly the events `recover schedule events` gives
for the same schedules (read from the study database), window and zone. Screenshots at 360 px, English and
Chinese, and at 150% text."""

import pytest

import datetime
import json
import re
import sqlite3
import subprocess
import tempfile
import time
from pathlib import Path
from zoneinfo import ZoneInfo

import icalendar
from selenium.webdriver.common.by import By

import journey
from journey import heading, onboard
import support
from support import check_page, fill, large_text, shots, submit, switch_language

CONTACT = {
    "name": "Dr. Mei Lin", "roleEnglish": "Study nurse", "roleChinese": "研究护士",
    "phone": "+86 10 1234 5678", "email": "recover-study-team@hospital.example",
    "notesEnglish": "Weekdays 9:00-17:00", "notesChinese": "工作日 9:00-17:00",
}


def set_contact(server) -> None:
    admin = support.start_driver()
    try:
        support.sign_in(admin, server, server.admin_email, server.admin_password)
        admin.get(server.url("/console/contact"))
        assert heading(admin) == "Study contact card"
        for name, value in {**CONTACT, "phone": "call me maybe"}.items():
            fill(admin, name, value)
        submit(admin, "/console/contact")
        assert "Enter a phone number of 3 to 20 digits" in admin.find_element(By.TAG_NAME, "main").text
        check_page(admin, "console-contact-refused-en")
        fill(admin, "phone", CONTACT["phone"])
        submit(admin, "/console/contact")
        assert "The contact card is saved." in admin.find_element(By.TAG_NAME, "main").text
        shots(admin, "console-contact")
    finally:
        admin.quit()


def plan_schedules(data_dir: Path) -> dict:
    """The study task id and schedule of each care task's latest version, read from the study database."""
    database = sqlite3.connect(f"file:{data_dir / 'recover.sqlite'}?mode=ro", uri=True)
    try:
        rows = database.execute(
            "SELECT task_id, json FROM care_task_version v WHERE sequence = "
            "(SELECT max(sequence) FROM care_task_version w WHERE w.task_id = v.task_id)").fetchall()
    finally:
        database.close()
    tasks = {}
    for task_id, text in rows:
        task = json.loads(text)
        tasks[task["groupIdentifier"]] = task["schedule"]
    return tasks


def schedule_events(schedule: dict, first: datetime.date, last: datetime.date, zone: str) -> list:
    """`recover schedule events --json` for one schedule, as (occurrence, start instant) pairs."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(schedule, file)
    try:
        result = subprocess.run(
            [str(support.RECOVER), "schedule", "events", "--schedule", file.name, "--from", first.isoformat(),
             "--to", last.isoformat(), "--tz", zone, "--json"],
            capture_output=True, text=True, timeout=30, check=True)
    finally:
        Path(file.name).unlink()
    return [(event["occurrence"], datetime.datetime.fromisoformat(event["start"]).timestamp())
            for event in json.loads(result.stdout)]


def feed_events(calendar, zone: ZoneInfo) -> dict:
    """The parsed feed's events as study task -> [(occurrence, start instant)], from their UIDs."""
    events = {}
    for event in calendar.walk("VEVENT"):
        match = re.fullmatch(r"([A-Za-z]+)-(\d+)-[0-9a-f]{16}@recover", str(event["UID"]))
        assert match, event["UID"]
        start = event.decoded("DTSTART")
        if isinstance(start, datetime.datetime):
            assert start.tzinfo is not None, "timed events carry their zone"
        else:
            start = datetime.datetime.combine(start, datetime.time(0), tzinfo=zone)
        events.setdefault(match.group(1), []).append((int(match.group(2)), start.timestamp()))
        alarms = [alarm for alarm in event.walk("VALARM")]
        assert len(alarms) == 1 and str(alarms[0]["ACTION"]) == "DISPLAY" and str(alarms[0]["DESCRIPTION"])
    return {task: sorted(found) for task, found in events.items()}


@pytest.mark.long
def test_contact_card_and_calendar_link_parse_into_the_schedules_events(clocked, driver):
    server = clocked.server
    set_contact(server)
    driver.get(server.url("/sign-in"))
    help_card = driver.find_element(By.CSS_SELECTOR, "section.contact-card")
    assert "Need help?" in help_card.text and "Dr. Mei Lin" in help_card.text
    shots(driver, "sign-in-help")

    journey.prepare_browser(driver, server)
    journey.join_participant(driver, server, server.invitation_url, "cal@example.com")
    onboard(driver, screenshots=False)
    card = driver.find_element(By.CSS_SELECTOR, "section.contact-card")
    assert "Dr. Mei Lin" in card.text and "Study nurse" in card.text
    assert card.find_element(By.CSS_SELECTOR, "a[href^='tel:']").get_attribute("href") == "tel:+861012345678"
    assert card.find_element(By.CSS_SELECTOR, "a[href^='mailto:']").get_attribute("href") == \
        "mailto:" + CONTACT["email"]
    tasks = driver.find_elements(By.CSS_SELECTOR, ".task-card")
    assert tasks and tasks[0].location["y"] < card.location["y"], "the card comes below the day's tasks"
    for link in card.find_elements(By.CSS_SELECTOR, "a.contact-link"):
        assert link.size["height"] >= 44, "touch targets of 44 px at least"
    shots(driver, "feed-contact-card")

    driver.get(server.url("/account"))
    assert "Your study team" in driver.find_element(By.TAG_NAME, "main").text
    shots(driver, "account-contact-and-calendar")
    # The link page answers a POST: no reload (it would make another link), each language made anew.
    for tag in ("zh-Hans", "en"):
        driver.get(server.url("/account"))
        switch_language(driver, tag)
        submit(driver, "/account/calendar")
        name = "calendar-link-" + ("zh" if tag == "zh-Hans" else "en")
        check_page(driver, name)
        large_text(driver)
        check_page(driver, name + "-large-text")
    url = driver.find_element(By.ID, "calendar-url").get_attribute("value")
    assert re.fullmatch(re.escape(server.base_url) + r"/calendar/[A-Za-z0-9_-]{43}\.ics", url), url
    webcal = driver.find_element(By.CSS_SELECTOR, "a[href^='webcal:']").get_attribute("href")
    assert webcal == "webcal://" + url.split("://", 1)[1]

    # A calendar app: no cookies, no session.
    status, headers, body = support.http("GET", url)
    assert status == 200
    assert headers["Content-Type"] == "text/calendar; charset=utf-8"
    assert headers["Cache-Control"].startswith("private, max-age=")
    assert "\r\n" in body and "\n" not in body.replace("\r\n", "")
    calendar = icalendar.Calendar.from_ical(body)
    assert str(calendar["VERSION"]) == "2.0" and str(calendar["METHOD"]) == "PUBLISH"
    zones = [str(component["TZID"]) for component in calendar.walk("VTIMEZONE")]
    assert zones == ["Asia/Shanghai"], zones
    zone = ZoneInfo(zones[0])
    today = datetime.datetime.fromtimestamp(time.time() + clocked.seconds, zone).date()
    first, last = today - datetime.timedelta(days=7), today + datetime.timedelta(days=42)

    expected = {}
    for task, schedule in plan_schedules(server.data_dir).items():
        if task == "onboarding":
            continue  # the gate: once onboarding is done, the feed (and the calendar) no longer shows it
        found = schedule_events(schedule, first, last, zones[0])
        if found:
            expected[task] = found
    parsed = feed_events(calendar, zone)
    assert parsed == expected
    assert sum(len(events) for events in parsed.values()) >= 43, "the daily check-in from today to +42 at least"
    assert "Ada Lovelace" not in body and "Climb the stairs" not in body and "cal@example.com" not in body

    # Reset: the old link stops working at once, with a page that says what to do.
    driver.get(server.url("/account"))
    submit(driver, "/account/calendar")
    status, _, page = support.http("GET", url)
    assert status == 404
    assert "This calendar link is wrong or was reset." in page
    fresh = driver.find_element(By.ID, "calendar-url").get_attribute("value")
    assert support.http("GET", fresh)[0] == 200
