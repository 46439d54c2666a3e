"""Helpers for the participant journey tests: a server with the debug-only test clock, a browser with
emulated sensors and permissions, and one function per survey page."""

import datetime
import math
import shutil
import tempfile
import time
from pathlib import Path

from selenium.common.exceptions import NoSuchElementException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import support
from support import check_page, fill

PASSWORD = "correct horse battery staple"


class ClockedServer:
    """`recover serve --fake-today-file`: the study's today moves by the days written in the file."""

    def __init__(self):
        self.folder = Path(tempfile.mkdtemp(prefix="recover-clock-"))
        self.today_file = self.folder / "today-shift"
        self.seconds = seconds_to_ten_in_shanghai()
        self.move_today(0)
        self.server = support.start_server(["--fake-today-file", str(self.today_file)])

    def move_today(self, days: int) -> None:
        self.today_file.write_text(f"{days} {self.seconds}")

    def stop(self) -> None:
        self.server.stop()
        shutil.rmtree(self.server.data_dir, ignore_errors=True)
        shutil.rmtree(self.folder, ignore_errors=True)


def seconds_to_ten_in_shanghai() -> int:
    """The shift that makes the study clock read 10:00 in Asia/Shanghai (the browsers' zone, UTC+8 without
    daylight saving) now: every test then has fourteen hours before its participants' midnight."""
    seconds_of_day = (int(time.time()) + 8 * 3600) % 86_400
    return 10 * 3600 - seconds_of_day


def orientation(driver, beta: float) -> None:
    """Emulated device orientation: a rotation of `beta` degrees about the device's x axis."""
    half = math.radians(beta) / 2
    driver.execute_cdp_cmd("Emulation.setSensorOverrideReadings", {
        "type": "relative-orientation",
        "reading": {"quaternion": {"x": math.sin(half), "y": 0, "z": 0, "w": math.cos(half)}}})


def prepare_browser(driver, server, sensors: bool = True) -> None:
    """Grants sensors with notifications (one grant set), and enables the orientation override before any
    page adds its listener."""
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Shanghai"})
    permissions = ["notifications"] + (["sensors"] if sensors else [])
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.base_url, "permissions": permissions})
    if sensors:
        driver.execute_cdp_cmd("Emulation.setSensorOverrideEnabled", {"enabled": True, "type": "relative-orientation"})
        orientation(driver, 30)
    else:
        driver.execute_cdp_cmd("Emulation.setSensorOverrideEnabled", {"enabled": False, "type": "relative-orientation"})


def heading(driver) -> str:
    """The page's h1 as shown, found and read in one script call: a page replaced between finding the element
    and reading its text (a wait polling while the page moves on) would make the element stale."""
    text = driver.execute_script("const h = document.querySelector('h1'); return h === null ? null : h.innerText")
    if text is None:
        raise NoSuchElementException("the page has no h1")
    return text.strip()


def main_text(driver) -> str:
    return driver.find_element(By.TAG_NAME, "main").text


def wait_loaded(driver, old_page) -> None:
    support.wait(driver, 15).until(lambda _: support.replaced(old_page))
    support.wait(driver, 15).until(lambda d: d.execute_script("return document.readyState") == "complete")


def click_and_wait(driver, element) -> None:
    page = driver.find_element(By.TAG_NAME, "html")
    element.click()
    wait_loaded(driver, page)


def next_button(driver):
    return driver.find_element(By.CSS_SELECTOR, "#step-form button[name=action][value=next]")


def press_next(driver) -> None:
    button = next_button(driver)
    support.wait(driver, 10).until(lambda d: button.is_enabled())
    click_and_wait(driver, button)


def back_to_today(driver) -> None:
    """From a completion page (the result is already saved) back to the feed."""
    click_and_wait(driver, driver.find_element(By.ID, "back-to-today"))


def cards(driver) -> list:
    return [card.get_attribute("data-task") for card in driver.find_elements(By.CSS_SELECTOR, "article.task-card")]


def start_card(driver, task: str) -> None:
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, f"article[data-task={task}] a.button"))


def progress(driver) -> str:
    return driver.find_element(By.ID, "progress-text").text


def draw_signature(driver) -> None:
    canvas = driver.find_element(By.CSS_SELECTOR, "[data-signature-canvas]")
    ActionChains(driver).move_to_element_with_offset(canvas, -60, 0).click_and_hold() \
        .move_by_offset(30, -15).move_by_offset(30, 20).move_by_offset(40, -10).release().perform()
    support.wait(driver, 5).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[data-signature-strokes]").get_attribute("value") != "")


def choose_scale(driver, item_id: str, value: int, minimum: int) -> None:
    slider = driver.find_element(By.ID, f"{item_id}-range")
    slider.send_keys(Keys.HOME)
    for _ in range(value - minimum):
        slider.send_keys(Keys.ARROW_RIGHT)
    assert driver.find_element(By.ID, item_id).get_attribute("value") == str(value)


def answer_permissions(driver) -> None:
    for card in ("notifications", "motion"):
        button = driver.find_element(By.CSS_SELECTOR, f"[data-permission-card={card}] [data-permission-request]")
        button.click()
        support.wait(driver, 10).until(lambda d: d.find_element(
            By.CSS_SELECTOR, f"[data-permission-card={card}]").get_attribute("data-answer"))
    for radio in driver.find_elements(By.CSS_SELECTOR, "[data-permission-card=health] input[value=granted]"):
        radio.click()


def answer_surgery(driver, knee: str = "left", days_ago: int = 21) -> None:
    """The goals step's operated knee and surgery date (`days_ago` days before the date field's maximum, which
    is the participant's today). The date is set as the field's value: typing depends on the browser's locale."""
    radio = driver.find_element(By.CSS_SELECTOR, f"input[name='onboarding.goals.knee'][value='{knee}']")
    driver.execute_script("arguments[0].click()", radio)
    set_date(driver, "onboarding.goals.surgeryDate", days_ago)


def set_date(driver, field_id: str, days_ago: int) -> str:
    """Sets the date field `field_id` to `days_ago` days before its `max` and returns the date."""
    field = driver.find_element(By.ID, field_id)
    today = datetime.date.fromisoformat(field.get_attribute("max"))
    value = (today - datetime.timedelta(days=days_ago)).isoformat()
    driver.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));"
        " arguments[0].dispatchEvent(new Event('change', {bubbles: true}));", field, value)
    return value


def onboard(driver, name_prefix: str = "", screenshots: bool = True, knee: str = "left") -> None:
    """From the gated feed through every onboarding page to the feed with today's tasks."""
    def page(name):
        if screenshots:
            check_page(driver, name_prefix + name)

    start_card(driver, "onboarding")
    page("onboarding-welcome")
    press_next(driver)
    page("onboarding-overview")
    press_next(driver)
    page("onboarding-consent")
    fill(driver, "consent-name", "Ada Lovelace")
    draw_signature(driver)
    press_next(driver)
    page("onboarding-permissions")
    answer_permissions(driver)
    press_next(driver)
    answer_surgery(driver, knee)
    page("onboarding-goals")
    fill(driver, "onboarding.goals.goal", "Climb the stairs without pain")
    fill(driver, "onboarding.goals.kneeBend", "110")
    press_next(driver)
    # The goals were the last answer: onboarding is saved, the completion page only informs.
    page("onboarding-completion")
    back_to_today(driver)


def join_participant(driver, server, invitation_url: str, email: str) -> None:
    support.join(driver, invitation_url, email, PASSWORD)
