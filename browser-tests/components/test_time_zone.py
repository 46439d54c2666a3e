"""timezone.js, the one time-zone script: it fills empty input[data-timezone] fields (the join form) and
offers the browser's zone through button[data-browser-zone-for] (the account page), whichever the page has."""

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
    assert Select(find(driver, "#accountZone")).first_selected_option.text == "Europe/Berlin"
    button.click()
    assert Select(find(driver, "#accountZone")).first_selected_option.text == "Asia/Tokyo"
    assert driver.execute_script("return window.changes") == 1
    # A select without the browser's zone keeps its button hidden.
    assert not find(driver, "button[data-other]").is_displayed()


def test_without_script_the_buttons_stay_hidden_and_the_field_posts_empty(
    component_driver_without_script, component_site, component_posted
):
    driver = component_driver_without_script
    driver.get(f"{component_site}/time-zone.html")
    assert not find(driver, "button[data-browser-zone-for=accountZone]").is_displayed()
    find(driver, "form:has([data-timezone]) button[type=submit]").click()
    assert component_posted(driver) == {"timeZone": [""], "savedZone": ["Europe/Paris"]}
