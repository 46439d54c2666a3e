"""Permission cards: health radios with bulk buttons, notifications, motion, gated Continue."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from .support import set_beta


def find(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector)


def card(driver, kind):
    return find(driver, f'[data-permission-card="{kind}"]')


def answer_of(driver, kind):
    return card(driver, kind).find_element(By.CSS_SELECTOR, "[data-permission-value]").get_attribute("value")


def wait_for_answer(driver, kind):
    WebDriverWait(driver, 5).until(lambda d: answer_of(d, kind) != "")
    return answer_of(driver, kind)


def continue_button(driver):
    return find(driver, "button[data-gated]")


def health_answers(driver):
    radios = card(driver, "health").find_elements(By.CSS_SELECTOR, "input[type=radio]")
    return {radio.get_attribute("name"): radio.get_attribute("value") for radio in radios if radio.is_selected()}


def test_granted_answers_enable_continue_and_are_posted(component_driver, component_site, component_axe, component_page_problems, component_posted):
    driver = component_driver
    driver.execute_cdp_cmd(
        "Browser.grantPermissions", {"origin": component_site, "permissions": ["notifications", "sensors"]}
    )
    driver.get(f"{component_site}/permissions.html")
    assert component_axe() == []
    assert not continue_button(driver).is_enabled()

    card(driver, "health").find_element(By.XPATH, ".//button[normalize-space()='Allow all']").click()
    assert health_answers(driver) == {
        "permission.health.read.activeEnergyBurned": "granted",
        "permission.health.write.stepCount": "granted",
    }
    assert not continue_button(driver).is_enabled()

    card(driver, "notifications").find_element(By.CSS_SELECTOR, "[data-permission-request]").click()
    assert wait_for_answer(driver, "notifications") == "granted"
    assert not continue_button(driver).is_enabled()
    card(driver, "motion").find_element(By.CSS_SELECTOR, "[data-permission-request]").click()
    assert wait_for_answer(driver, "motion") == "granted"
    assert continue_button(driver).is_enabled()
    status = card(driver, "notifications").find_element(By.CSS_SELECTOR, "[data-permission-status]")
    assert status.text == "Allowed."
    assert component_axe() == []
    assert component_page_problems() == []

    continue_button(driver).click()
    posted = component_posted()
    assert posted["permission.notifications"] == ["granted"]
    assert posted["permission.motion"] == ["granted"]
    assert posted["permission.health.write.stepCount"] == ["granted"]


def test_browser_refusals_are_recorded_as_declined_or_unavailable(component_driver, component_site):
    driver = component_driver
    driver.execute_cdp_cmd(
        "Emulation.setSensorOverrideEnabled",
        {"enabled": True, "type": "relative-orientation", "metadata": {"available": False}},
    )
    driver.get(f"{component_site}/permissions.html")
    # A browser without a motion prompt (most besides Safari): the module listens for events instead.
    driver.execute_script("delete DeviceOrientationEvent.requestPermission;")

    card(driver, "notifications").find_element(By.CSS_SELECTOR, "[data-permission-request]").click()
    assert wait_for_answer(driver, "notifications") == "declined"  # headless answers "denied"
    card(driver, "motion").find_element(By.CSS_SELECTOR, "[data-permission-request]").click()
    assert wait_for_answer(driver, "motion") == "unavailable"
    assert "no motion sensor" in card(driver, "motion").text

    health = card(driver, "health")
    health.find_element(By.CSS_SELECTOR, "input[name='permission.health.read.activeEnergyBurned'][value=granted]").click()
    assert not continue_button(driver).is_enabled()
    health.find_element(By.CSS_SELECTOR, "input[name='permission.health.write.stepCount'][value=declined]").click()
    assert continue_button(driver).is_enabled()
    health.find_element(By.XPATH, ".//button[normalize-space()=\"Don't allow\"]").click()
    assert set(health_answers(driver).values()) == {"declined"}


def test_motion_events_count_as_granted_where_there_is_no_prompt(component_driver, component_site):
    driver = component_driver
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": component_site, "permissions": ["sensors"]})
    driver.execute_cdp_cmd("Emulation.setSensorOverrideEnabled", {"enabled": True, "type": "relative-orientation"})
    set_beta(driver, 45)
    driver.get(f"{component_site}/permissions.html")
    driver.execute_script("delete DeviceOrientationEvent.requestPermission;")
    card(driver, "motion").find_element(By.CSS_SELECTOR, "[data-permission-request]").click()
    assert wait_for_answer(driver, "motion") == "granted"


def test_not_now_records_declined_without_asking(component_open):
    driver = component_open("permissions.html")
    driver.execute_script("window.asked = false; Notification.requestPermission = async () => { window.asked = true; return 'granted'; };")
    card(driver, "notifications").find_element(By.CSS_SELECTOR, "[data-permission-decline]").click()
    assert answer_of(driver, "notifications") == "declined"
    assert driver.execute_script("return window.asked") is False
