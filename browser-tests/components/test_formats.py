"""Answer formats (FormatWidget markup): the height and weight unit choice shows the chosen unit's boxes,
an exclusive choice clears the others, and "Use my current location" fills the coordinates from the
browser's geolocation; axe finds nothing and nothing overflows at 360 px."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def find(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector)


def row(driver, item, unit):
    return find(driver, f"[data-measure]:has([name='{item}.unit']) [data-unit={unit}]")


def test_unit_choice_shows_only_the_chosen_units_boxes(component_open, component_axe, component_page_problems, component_posted):
    driver = component_open("formats.html")
    assert row(driver, "height", "usCustomary").is_displayed()
    assert not row(driver, "height", "metric").is_displayed()
    assert row(driver, "weight", "metric").is_displayed()
    assert not row(driver, "weight", "usCustomary").is_displayed()
    find(driver, "input[name='height.unit'][value=metric]").click()
    assert row(driver, "height", "metric").is_displayed()
    assert not row(driver, "height", "usCustomary").is_displayed()
    find(driver, "label[for=height]").click()
    driver.switch_to.active_element.send_keys("172")
    assert component_axe() == []
    assert component_page_problems() == []
    find(driver, "button[type=submit]").click()
    posted = component_posted()
    assert posted["height.unit"] == ["metric"] and posted["height"] == ["172"]


def test_an_exclusive_choice_clears_the_others_and_is_cleared_by_them(component_open):
    driver = component_open("formats.html")
    crutches = find(driver, "input[name=multi][value=crutches]")
    brace = find(driver, "input[name=multi][value=brace]")
    none = find(driver, "input[name=multi][value=none]")
    crutches.click()
    brace.click()
    assert crutches.is_selected() and brace.is_selected()
    none.click()
    assert none.is_selected() and not crutches.is_selected() and not brace.is_selected()
    brace.click()
    assert brace.is_selected() and not none.is_selected()


def test_current_location_fills_the_coordinates(component_open, component_site, component_driver):
    component_driver.execute_cdp_cmd(
        "Browser.grantPermissions", {"origin": component_site, "permissions": ["geolocation"]})
    component_driver.execute_cdp_cmd(
        "Emulation.setGeolocationOverride", {"latitude": 31.2304, "longitude": 121.4737, "accuracy": 10})
    driver = component_open("formats.html")
    button = find(driver, "[data-location-find]")
    assert button.is_displayed()
    button.click()
    WebDriverWait(driver, 10).until(lambda d: find(d, "#location-latitude").get_attribute("value") != "")
    assert find(driver, "#location-latitude").get_attribute("value") == "31.23040"
    assert find(driver, "#location-longitude").get_attribute("value") == "121.47370"
    assert find(driver, "[data-location-status]").text == "Location found."
