"""Knee body model: SVG parts as checkboxes, by mouse and keyboard, gated Continue."""

import json

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

PARTS = ["quadriceps", "patella", "medialJointLine", "lateralJointLine", "patellarTendon", "shin", "hamstrings", "backOfKnee", "calf"]


def find(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector)


def part(driver, name):
    return find(driver, f'[data-body-model-figure] [data-part="{name}"]')


def open_model(component_open):
    driver = component_open("body-model.html")
    WebDriverWait(driver, 5).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, '[data-part][role="checkbox"]')) == len(PARTS))
    return driver


def selection(driver):
    return json.loads(find(driver, "[data-body-model-value]").get_attribute("value"))


def test_parts_are_labelled_checkboxes_with_advance_highlights(component_open, component_axe, component_page_problems):
    driver = open_model(component_open)
    parts = driver.find_elements(By.CSS_SELECTOR, "[data-part]")
    assert [p.get_attribute("data-part") for p in parts] == PARTS
    assert all(p.get_attribute("id") == p.get_attribute("data-part") for p in parts)
    assert all(p.get_attribute("tabindex") == "0" and p.get_attribute("aria-checked") == "false" for p in parts)
    assert part(driver, "patella").get_attribute("aria-label") == "Kneecap (highlighted)"
    assert part(driver, "calf").get_attribute("aria-label") == "Calf"
    assert "is-highlighted" in part(driver, "patella").get_attribute("class")
    assert "is-highlighted" not in part(driver, "calf").get_attribute("class")
    assert find(driver, "[data-body-model-choices]").is_displayed()  # the list alternative stays
    assert not find(driver, "button[data-gated]").is_enabled()
    assert selection(driver) == []
    assert component_axe() == []
    assert component_page_problems() == []


def test_clicks_toggle_parts_and_fill_them_with_the_highlight_colour(component_open, component_posted):
    driver = open_model(component_open)
    ActionChains(driver).move_to_element(part(driver, "shin")).click().perform()
    shin = part(driver, "shin")
    assert shin.get_attribute("aria-checked") == "true"
    assert driver.execute_script("return getComputedStyle(arguments[0]).fill", shin) == "rgb(185, 28, 28)"
    assert selection(driver) == ["shin"]
    assert find(driver, "[data-body-model-status]").text == "Selected: Shin"
    assert find(driver, "button[data-gated]").is_enabled()

    ActionChains(driver).move_to_element(part(driver, "backOfKnee")).click().perform()
    assert selection(driver) == ["shin", "backOfKnee"]
    ActionChains(driver).move_to_element(part(driver, "shin")).click().perform()
    assert selection(driver) == ["backOfKnee"]
    find(driver, "button[data-gated]").click()
    posted = component_posted()
    assert posted["parts"] == ["backOfKnee"]
    assert json.loads(posted["parts.json"][0]) == ["backOfKnee"]


def test_keyboard_moves_between_parts_and_space_or_enter_toggles(component_open):
    driver = open_model(component_open)
    find(driver, "h1").click()
    ActionChains(driver).send_keys(Keys.TAB).perform()
    assert driver.switch_to.active_element.get_attribute("data-part") == "quadriceps"
    ActionChains(driver).send_keys(Keys.TAB, Keys.SPACE).perform()
    assert driver.switch_to.active_element.get_attribute("data-part") == "patella"
    assert selection(driver) == ["patella"]
    ActionChains(driver).send_keys(Keys.TAB, Keys.ENTER).perform()
    assert selection(driver) == ["patella", "medialJointLine"]
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).send_keys(Keys.ENTER).perform()
    assert selection(driver) == ["medialJointLine"]
    assert part(driver, "patella").get_attribute("aria-checked") == "false"
    assert find(driver, "button[data-gated]").is_enabled()
    ActionChains(driver).send_keys(Keys.TAB, Keys.SPACE).perform()
    assert selection(driver) == []
    assert not find(driver, "button[data-gated]").is_enabled()
    assert find(driver, "[data-body-model-status]").text == "Nothing selected."


def test_without_script_the_checkboxes_post_the_parts(component_driver_without_script, component_site, component_posted):
    driver = component_driver_without_script
    driver.get(f"{component_site}/body-model.html")
    driver.find_element(By.CSS_SELECTOR, "input[value=calf]").click()
    driver.find_element(By.CSS_SELECTOR, "input[value=patella]").click()
    driver.find_element(By.CSS_SELECTOR, "button[data-gated]").click()
    posted = component_posted(driver)
    assert posted["parts"] == ["patella", "calf"]
    assert "parts.json" not in posted


def test_a_tap_toggles_a_part(component_open):
    driver = open_model(component_open)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", part(driver, "calf"))
    centre = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];",
        part(driver, "calf"),
    )
    for kind in ("touchStart", "touchEnd"):
        points = [] if kind == "touchEnd" else [{"x": centre[0], "y": centre[1], "id": 1}]
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    WebDriverWait(driver, 3).until(lambda d: selection(d) == ["calf"])
    assert part(driver, "calf").get_attribute("aria-checked") == "true"


def test_a_model_without_selection_only_shows_its_highlights(component_open, component_axe):
    driver = component_open("body-model-view.html")
    WebDriverWait(driver, 5).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-body-model-figure] [data-part]")) == len(PARTS))
    WebDriverWait(driver, 5).until(lambda d: "is-highlighted" in part(d, "calf").get_attribute("class"))
    highlighted = [p.get_attribute("data-part") for p in driver.find_elements(By.CSS_SELECTOR, ".is-highlighted")]
    assert highlighted == ["medialJointLine", "calf"]
    assert driver.find_elements(By.CSS_SELECTOR, "[data-part][tabindex], [data-part][role=checkbox]") == []
    assert find(driver, "[data-body-model-figure] svg").get_attribute("aria-hidden") == "true"
    part(driver, "calf").click()
    assert part(driver, "calf").get_attribute("aria-checked") is None
    assert component_axe() == []
