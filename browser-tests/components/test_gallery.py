"""CSS components and icons: accessible, distinct states, no horizontal scroll at 360 px."""

import xml.etree.ElementTree as ElementTree

from selenium.webdriver.common.by import By

from .support import ASSETS

ICONS = ["heart", "check", "signature", "lock"]


def style(driver, selector, prop):
    return driver.execute_script(
        "return getComputedStyle(document.querySelector(arguments[0])).getPropertyValue(arguments[1])", selector, prop
    )


def test_gallery_is_accessible_and_fits_a_phone(component_open, component_axe, component_page_problems):
    driver = component_open("gallery.html")
    assert component_axe() == []
    assert component_page_problems() == []
    for summary in driver.find_elements(By.CSS_SELECTOR, ".chart-data summary"):
        summary.click()
    assert component_axe() == []
    assert component_page_problems() == []


def test_week_strip_days_have_three_distinct_ring_states(component_open):
    driver = component_open("gallery.html")
    none, partial, complete = ".day.is-none:not(.is-future)", ".day.is-partial:not(.is-today):not(.is-future)", ".day.is-complete"
    assert style(driver, f"{none} .ring-value", "display") == "none"
    assert style(driver, f"{none} .ring-track", "stroke-dasharray") not in ("none", "")
    assert style(driver, f"{partial} .ring-value", "display") != "none"
    assert style(driver, f"{partial} .ring-value", "stroke-dasharray") == "33px, 100px"
    assert style(driver, f"{complete} .ring-value", "stroke-dasharray") == "none"
    assert style(driver, f"{complete} .ring-value", "stroke") != style(driver, f"{partial} .ring-value", "stroke")
    assert style(driver, f"{complete} .ring-track", "fill") != style(driver, f"{partial} .ring-track", "fill")
    today = ".day.is-today .day-name"
    assert style(driver, today, "font-weight") == "700"
    assert style(driver, today, "font-weight") != style(driver, f"{partial} .day-name", "font-weight")
    assert style(driver, ".day[aria-current]", "border-top-color") != style(driver, partial, "border-top-color")
    number_on_top = driver.execute_script(
        "const n = document.querySelector('.day.is-complete .day-number').getBoundingClientRect();"
        "return document.elementFromPoint(n.x + n.width / 2, n.y + n.height / 2).classList.contains('day-number');"
    )
    assert number_on_top
    strip_width = driver.execute_script("return document.querySelector('.week-strip ol').scrollWidth")
    assert strip_width <= driver.execute_script("return document.documentElement.clientWidth")


def test_task_card_states_look_different(component_open):
    driver = component_open("gallery.html")
    borders = {
        state: (style(driver, f".task-card.is-{state}", "border-left-color"), style(driver, f".task-card.is-{state}", "border-left-style"))
        for state in ("due", "done", "late", "future")
    }
    assert len(set(borders.values())) == 4
    assert driver.find_element(By.CSS_SELECTOR, ".step-progress progress").get_attribute("value") == "2"


def test_icons_are_simple_24_point_svgs_that_load_under_the_policy(component_open):
    for name in ICONS:
        root = ElementTree.parse(ASSETS / "svg" / f"{name}.svg").getroot()
        assert root.get("viewBox") == "0 0 24 24"
        assert root.get("aria-hidden") == "true"
        assert len(root.findall("{http://www.w3.org/2000/svg}path")) >= 1
    driver = component_open("gallery.html")
    widths = driver.execute_script(
        "return [...document.querySelectorAll('.body-items img')].map(i => [i.getAttribute('src'), i.naturalWidth])"
    )
    assert [src for src, _ in widths] == [f"/assets/study/svg/{name}.svg" for name in ICONS]
    assert all(width == 24 for _, width in widths)


def test_knee_model_svg_names_every_part():
    root = ElementTree.parse(ASSETS / "svg" / "knee.svg").getroot()
    parts = [element.get("data-part") for element in root.iter() if element.get("data-part")]
    assert parts == ["quadriceps", "patella", "medialJointLine", "lateralJointLine", "patellarTendon", "shin", "hamstrings", "backOfKnee", "calf"]
    assert all(element.get("id") == element.get("data-part") for element in root.iter() if element.get("data-part"))
