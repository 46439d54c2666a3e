"""timezone.js, the one time-zone script: it fills empty input[data-timezone] fields (the join form), narrows
the account page's grouped select to the cities typed in its filter box ([data-zone-filter]) and offers the
browser's zone through button[data-browser-zone-for], whichever the page has."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select


def find(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector)


def open_in_tokyo(driver, site):
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Tokyo"})
    driver.get(f"{site}/time-zone.html")
    return driver


def test_empty_time_zone_fields_get_the_browsers_zone_and_saved_ones_are_kept(
    component_driver, component_site, component_axe, component_page_problems, component_posted
):
    driver = open_in_tokyo(component_driver, component_site)
    assert find(driver, "[name=timeZone]").get_attribute("value") == "Asia/Tokyo"
    assert find(driver, "[name=savedZone]").get_attribute("value") == "Europe/Paris"
    assert component_axe() == []
    assert component_page_problems() == []
    find(driver, "form:has([data-timezone]) button[type=submit]").click()
    assert component_posted() == {"timeZone": ["Asia/Tokyo"], "savedZone": ["Europe/Paris"]}


def test_the_browser_zone_button_selects_the_zone_where_the_select_offers_it(component_driver, component_site):
    driver = open_in_tokyo(component_driver, component_site)
    driver.execute_script(
        "window.changes = 0;"
        "document.addEventListener('change', (e) => { if (e.target.id === 'accountZone') window.changes += 1; });"
    )
    button = find(driver, "button[data-browser-zone-for=accountZone]")
    assert button.is_displayed()
    assert Select(find(driver, "#accountZone")).first_selected_option.text == "Berlin (Europe/Berlin)"
    # A filter that hides Tokyo: the button clears it, so the zone is there to be chosen.
    find(driver, "#zoneFilter").send_keys("zur")
    button.click()
    assert find(driver, "#zoneFilter").get_attribute("value") == ""
    assert Select(find(driver, "#accountZone")).first_selected_option.text == "Tokyo (Asia/Tokyo)"
    assert driver.execute_script("return window.changes") == 1
    # A select without the browser's zone keeps its button hidden.
    assert not find(driver, "button[data-other]").is_displayed()


def zones(driver):
    return [option.get_attribute("value") for option in driver.find_elements(By.CSS_SELECTOR, "#accountZone option")]


def test_the_filter_box_narrows_the_list_to_the_cities_typed(
    component_driver, component_site, component_axe, component_posted
):
    driver = open_in_tokyo(component_driver, component_site)
    box = find(driver, "#zoneFilter")
    status = find(driver, "#zoneFilterStatus")
    assert box.is_displayed()
    assert component_axe() == []
    # Case, accents and underscores do not matter; one match is chosen.
    box.send_keys("SAO pau")
    assert zones(driver) == ["America/Sao_Paulo"]
    assert Select(find(driver, "#accountZone")).first_selected_option.get_attribute("value") == "America/Sao_Paulo"
    assert status.text == "1 time zone matches."
    # Other names of a zone (data-also), and a region's name keeps its whole group.
    box.clear()
    box.send_keys("上海")
    assert zones(driver) == ["Asia/Shanghai"]
    box.clear()
    box.send_keys("europe")
    assert zones(driver) == ["Europe/Berlin", "Europe/Zurich"]
    assert Select(find(driver, "#accountZone")).first_selected_option.get_attribute("value") == "Europe/Berlin"
    assert status.text == "2 time zones match."
    assert [group.get_attribute("label") for group in driver.find_elements(By.CSS_SELECTOR, "#accountZone optgroup")] == [
        "Europe"]
    # Nothing matches: the whole list rather than an empty one, and it says so.
    box.clear()
    box.send_keys("Atlantis")
    assert len(zones(driver)) == 6
    assert status.text == "No time zone matches, so the whole list is shown."
    box.clear()
    box.send_keys("zurich")
    find(driver, "form:has([data-zone-filter]) button[type=submit]").click()
    assert component_posted()["accountZone"] == ["Europe/Zurich"]


def test_without_script_the_buttons_stay_hidden_and_the_field_posts_empty(
    component_driver_without_script, component_site, component_posted
):
    driver = component_driver_without_script
    driver.get(f"{component_site}/time-zone.html")
    assert not find(driver, "button[data-browser-zone-for=accountZone]").is_displayed()
    assert not find(driver, "[data-zone-filter]").is_displayed(), "the filter box needs script"
    assert len(zones(driver)) == 6, "the whole list, grouped"
    find(driver, "form:has([data-timezone]) button[type=submit]").click()
    assert component_posted(driver) == {"timeZone": [""], "savedZone": ["Europe/Paris"]}
