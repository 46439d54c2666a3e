"""A study team amends its study as a new user would: `recover study export`, a weekly "Function" survey written
as a FHIR Questionnaire with an enableWhen added to the file, `recover study apply --effective <next Monday>`.
A participant enrolled the week before sees the survey on that Monday and not before; its conditional question
appears only after the triggering answer, with script and without (the server shows the page again)."""

import datetime
import json
import subprocess
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By

import journey
import support
from journey import cards, check_page, heading, main_text, press_next

STAIRS = "function.form.stairs"
FLIGHTS = "function.form.flights"

FUNCTION = {
    "resourceType": "Questionnaire", "id": "function", "status": "active", "language": "en",
    "url": "http://recover.local/fhir/Questionnaire/function", "version": "1",
    "item": [{
        "linkId": "function.form", "type": "group", "text": "Function", "required": True,
        "item": [
            {"linkId": STAIRS, "type": "boolean", "text": "Could you climb stairs this week?", "required": True},
            {"linkId": FLIGHTS, "type": "integer", "text": "How many flights of stairs, at most, in one go?",
             "required": True, "enableWhen": [{"question": STAIRS, "operator": "=", "answerBoolean": True}]},
        ],
    }],
}


def cli(server, *arguments, data=True) -> str:
    folder = ["--data-dir", str(server.data_dir)] if data else []
    result = subprocess.run([str(support.RECOVER), *arguments, *folder], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, f"recover {' '.join(arguments)}: {result.stderr}"
    return result.stdout


def study_today() -> datetime.date:
    """The study's today for the clocked server: the date in Shanghai, whose clock reads 10:00."""
    return (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=8)).date()


def flights_wrapper(driver):
    return driver.find_element(By.ID, f"{FLIGHTS}-when")


def stairs(driver, value: str) -> None:
    driver.find_element(By.CSS_SELECTOR, f"input[name='{STAIRS}'][value='{value}']").click()


def test_a_fhir_survey_applied_from_next_monday(clocked, driver):
    server = clocked.server
    today = study_today()
    monday = today + datetime.timedelta(days=7 - today.weekday())   # next Monday, never today
    # Enrolled last week: joined and onboarded seven days ago.
    clocked.move_today(-7)
    journey.prepare_browser(driver, server, sensors=False)
    driver.get(server.invitation_url)
    journey.join_participant(driver, server, server.invitation_url, "pat@example.com")
    journey.onboard(driver, screenshots=False)
    clocked.move_today(0)

    folder = Path(tempfile.mkdtemp(prefix="recover-study-"))
    exported = folder / "study.json"
    cli(server, "study", "export", "--out", str(exported))
    study = json.loads(exported.read_text())
    # The export is the whole study: consent documents with their versions, the console's rules, the surveys.
    assert [(c["id"], c["version"], c["required"]) for c in study["consents"]] == [
        ("participation", "1.0", True), ("video-sharing", "1.0", False)], study["consents"]
    assert set(study["consents"][0]["languages"]) == {"en", "zh-Hans"}
    assert study["monitoring"]["dailyTask"] == "checkin"
    assert study["monitoring"]["alerts"][0]["atLeast"] == 8
    study["studyVersion"] = study["studyVersion"] + 1
    study["surveys"].append({"id": "function", "revision": 1, "fhir": {"en": FUNCTION}})
    study["tasks"].append({
        "id": "function", "survey": "function", "title": {"en": "Function this week", "zh-Hans": "本周活动能力"},
        "instructions": {"en": "Stairs and walking: two short questions.", "zh-Hans": "上下楼梯和行走：两个简短问题。"},
        "schedule": [{"anchor": "added", "every": {"weeks": 1}}]})
    amended = folder / "study-2.json"
    amended.write_text(json.dumps(study, ensure_ascii=False))
    cli(server, "study", "lint", str(amended), data=False)
    preview = cli(server, "study", "apply", str(amended), "--effective", monday.isoformat(), "--dry-run")
    assert "task added: function" in preview
    cli(server, "study", "apply", str(amended), "--effective", monday.isoformat())

    # Every day before Monday: no Function card. On Monday: there it is.
    for days in range(0, (monday - today).days):
        clocked.move_today(days)
        driver.get(server.url("/"))
        assert "function" not in cards(driver), f"{today + datetime.timedelta(days=days)} is before {monday}"
    clocked.move_today((monday - today).days)
    driver.get(server.url("/"))
    assert "function" in cards(driver)
    check_page(driver, "amendment-feed-monday")

    journey.start_card(driver, "function")
    assert heading(driver) == "Function"
    assert not flights_wrapper(driver).is_displayed(), "the conditional question waits for its answer"
    stairs(driver, "true")
    support.wait(driver, 5).until(lambda d: flights_wrapper(d).is_displayed())
    support.shots(driver, "amendment-function-revealed")
    stairs(driver, "false")
    support.wait(driver, 5).until(lambda d: not flights_wrapper(d).is_displayed())

    # Without script the post goes to the server, which shows the page again with the question.
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        driver.refresh()
        assert not flights_wrapper(driver).is_displayed()
        stairs(driver, "true")
        press_next(driver)
        assert heading(driver) == "Function", "the same page again, not an error"
        assert flights_wrapper(driver).is_displayed()
        support.fill(driver, FLIGHTS, "2")
        press_next(driver)
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})

    # Stored: the participant's own data has both answers of this Monday's Function survey.
    driver.get(server.url("/"))
    card = driver.find_element(By.CSS_SELECTOR, "article.task-card[data-task=function]")
    assert "is-done" in card.get_attribute("class")
    text = driver.execute_async_script(
        "const done = arguments[0]; fetch('/account/data.json').then(r => r.text()).then(done)")
    answers = json.dumps(json.loads(text))
    assert FLIGHTS in answers and STAIRS in answers

    # The console lists both versions and what the second changed.
    driver.delete_all_cookies()
    support.sign_in(driver, server, server.admin_email, server.admin_password)
    driver.get(server.url("/console/study"))
    page = main_text(driver)
    assert "Version 2" in page and "Task added: Function this week" in page and monday.isoformat() in page
    support.shots(driver, "amendment-console-study-versions")
