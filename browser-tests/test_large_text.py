"""Large text and touch on a small phone: at 320 px wide with text at 200%, in English and Chinese, the header
stays one short row, the week strip keeps whole day names and rings apart, every link, button and form control
(but links inside a paragraph's text) is at least 44 × 44 px, the knee body map's parts are at least 24 px with
the checkbox list beside them, and a completed day's ring draws its full value arc with a check mark."""

import pytest
from selenium.webdriver.common.by import By

import journey
import support
from journey import cards, press_next
from support import fill

NARROW = 320
HEADER_LIMIT = 70


@pytest.fixture
def narrow_driver():
    browser = support.start_driver(width=NARROW, height=700)
    try:
        yield browser
    finally:
        browser.quit()


def double_text(driver) -> None:
    driver.execute_script("document.documentElement.style.fontSize = '200%'")


# Every visible control's touch target: a radio or checkbox counts with its label (the label is what a finger
# hits); links inside a paragraph's running text are left out, as WCAG 2.5.8 allows.
TARGETS = """
const small = [];
for (const element of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')) {
  if (element.closest('p') && element.tagName === 'A') continue;
  if (element.closest('.skip-link') || element.classList.contains('skip-link')) continue;
  const target = (element.type === 'radio' || element.type === 'checkbox') ? (element.closest('label') ?? element) : element;
  const box = target.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) continue;  // not shown
  if (box.width < 44 || box.height < 44) {
    small.push(`${element.outerHTML.slice(0, 90)}: ${Math.round(box.width)}x${Math.round(box.height)}`);
  }
}
return small;
"""


def small_targets(driver) -> list:
    return driver.execute_script(TARGETS)


def header_height(driver) -> float:
    return driver.execute_script("return document.querySelector('.site-header').getBoundingClientRect().height")


def week_strip_problems(driver) -> list:
    """Day names broken over lines or clipped, rings overlapping each other or leaving their day."""
    return driver.execute_script("""
const problems = [];
const days = [...document.querySelectorAll('.week-strip .day')];
for (const day of days) {
  const name = day.querySelector('.day-name');
  const line = parseFloat(getComputedStyle(name).lineHeight);
  if (name.getBoundingClientRect().height > line * 1.2) problems.push(`${name.textContent} wraps`);
  if (name.scrollWidth > day.clientWidth + 1) problems.push(`${name.textContent} is clipped`);
}
const rings = days.map((day) => day.querySelector('.ring').getBoundingClientRect());
rings.forEach((a, i) => rings.slice(i + 1).forEach((b, j) => {
  const apart = a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
  if (!apart) problems.push(`ring ${i} overlaps ring ${i + j + 1}`);
}));
days.forEach((day, i) => {
  const box = day.getBoundingClientRect();
  const ring = rings[i];
  if (ring.left < box.left - 0.5 || ring.right > box.right + 0.5) problems.push(`ring ${i} leaves its day`);
});
return problems;
""")


def check_large(driver, name: str) -> None:
    """The checks of one page at 200% text and 320 px, then its screenshot."""
    double_text(driver)
    assert header_height(driver) <= HEADER_LIMIT, f"{name}: header {header_height(driver)} px high"
    assert small_targets(driver) == [], f"{name}: targets under 44 px"
    assert driver.execute_script("return document.documentElement.scrollWidth") <= NARROW, f"{name}: scrolls sideways"
    support.screenshot(driver, f"large-{name}")
    driver.get_screenshot_as_file(str(support.ARTIFACTS / f"large-{name}-top.png"))  # what a phone shows first
    driver.refresh()


def test_large_text_and_touch_targets(clocked, narrow_driver):
    driver = narrow_driver
    server = clocked.server
    journey.prepare_browser(driver, server, sensors=False)
    journey.join_participant(driver, server, server.invitation_url, "large@example.com")
    journey.onboard(driver, screenshots=False)
    assert sorted(cards(driver)) == ["checkin", "hearingScreening", "kneeBendVideo", "koos", "rangeOfMotionCheck",
                                     "weeklyDiary"]
    check_large(driver, "feed-due")
    double_text(driver)
    assert week_strip_problems(driver) == []
    # The header's menu opens over the page with 44 px links, and closes again.
    driver.find_element(By.CSS_SELECTOR, ".site-menu > summary").click()
    links = driver.find_elements(By.CSS_SELECTOR, ".site-menu .site-nav a, .site-menu .site-nav button")
    assert [link.text for link in links] == ["Home", "Progress", "Account", "中文", "Sign out"]
    assert all(link.size["height"] >= 44 for link in links)
    menu = driver.execute_script("return document.querySelector('.site-menu .site-nav').getBoundingClientRect().toJSON()")
    assert menu["left"] >= 0 and menu["right"] <= NARROW, f"the open menu stays on the screen: {menu}"
    assert header_height(driver) <= HEADER_LIMIT, "the open menu does not grow the header"
    assert small_targets(driver) == []
    driver.get_screenshot_as_file(str(support.ARTIFACTS / "large-feed-menu-top.png"))
    driver.refresh()

    journey.start_card(driver, "checkin")
    check_large(driver, "checkin")
    journey.choose_scale(driver, "checkin.form.pain", 2, 1)
    journey.choose_scale(driver, "checkin.form.sleep", 8, 0)
    press_next(driver)

    journey.start_card(driver, "rangeOfMotionCheck")
    press_next(driver)
    check_large(driver, "rom-measure")
    driver.find_element(By.CSS_SELECTOR, "[data-rom-by-hand]").click()
    fill(driver, "rom-manual", "90")
    press_next(driver)
    journey.back_to_today(driver)  # saved: the completion page only informs

    journey.start_card(driver, "weeklyDiary")
    driver.find_element(By.XPATH, "//label[contains(., 'Rung 7')]").click()
    press_next(driver)
    journey.choose_scale(driver, "diary.pain.level", 3, 1)
    press_next(driver)
    double_text(driver)
    parts = driver.execute_script(
        "return [...document.querySelectorAll('[data-body-model-figure] [data-part]')].map((p) => {"
        "  const b = p.getBoundingClientRect(); return [p.dataset.part, b.width, b.height]; })")
    assert len(parts) == 9
    assert [part for part, width, height in parts if width < 24 or height < 24] == [], parts
    # The list alternative: one shown checkbox per part, in step with the drawing both ways.
    boxes = driver.find_elements(By.CSS_SELECTOR, "[data-body-model-choices] input[type=checkbox]")
    assert sorted(box.get_attribute("value") for box in boxes) == sorted(part for part, _, _ in parts)
    assert all(box.is_displayed() for box in boxes)
    shin = driver.find_element(By.CSS_SELECTOR, "[data-body-model-choices] input[value=shin]")
    shin.find_element(By.XPATH, "./ancestor::label").click()
    figure_shin = driver.find_element(By.CSS_SELECTOR, "[data-body-model-figure] [data-part=shin]")
    support.wait(driver, 5).until(lambda _: figure_shin.get_attribute("aria-checked") == "true")
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))",
                          driver.find_element(By.CSS_SELECTOR, "[data-body-model-figure] [data-part=patella]"))
    patella = driver.find_element(By.CSS_SELECTOR, "[data-body-model-choices] input[value=patella]")
    assert patella.is_selected()
    assert small_targets(driver) == []
    assert header_height(driver) <= HEADER_LIMIT
    support.screenshot(driver, "large-diary-body-model")
    press_next(driver)
    press_next(driver)  # the optional diary text stays empty
    press_next(driver)  # the review: saved
    if driver.find_elements(By.ID, "back-to-today"):
        journey.back_to_today(driver)  # the completion page only informs
    # The KOOS, due too: its questions may be left out, so Next through its introduction and six pages.
    journey.start_card(driver, "koos")
    for _ in range(7):
        press_next(driver)
    assert small_targets(driver) == []
    journey.back_to_today(driver)

    # Everything due today is done: the ring's value arc is drawn full, with the check mark.
    today = driver.find_element(By.CSS_SELECTOR, ".week-strip .day.is-today")
    assert "is-complete" in today.get_attribute("class")
    arc = today.find_element(By.CSS_SELECTOR, ".ring-value")
    assert arc.get_attribute("stroke-dasharray") == "100 100"
    assert arc.value_of_css_property("display") != "none"
    assert arc.value_of_css_property("stroke") == "rgb(4, 120, 87)"  # the success green
    assert today.find_element(By.CSS_SELECTOR, ".day-check").is_displayed()
    assert "all done" in today.find_element(By.CSS_SELECTOR, ".visually-hidden").get_attribute("textContent")
    check_large(driver, "feed-complete")
    double_text(driver)
    assert week_strip_problems(driver) == []

    # The same in Chinese: one-character day names, the menu, the strip.
    driver.refresh()
    support.switch_language(driver, "zh-Hans")
    check_large(driver, "feed-complete-zh")
    double_text(driver)
    assert week_strip_problems(driver) == []
    assert "：全部完成" in driver.find_element(
        By.CSS_SELECTOR, ".week-strip .day.is-today .visually-hidden").get_attribute("textContent")
    driver.refresh()
    driver.get(server.url("/account"))
    check_large(driver, "account-zh")
    driver.get(server.url("/insights"))
    check_large(driver, "insights-zh")
