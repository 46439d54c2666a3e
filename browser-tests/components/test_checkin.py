"""Check-in form: sliders with no preset value, "Prefer not to answer", text counter,
confirm on submit, browser time zone, and the same form without script."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait


def find(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector)


def scale_state(driver, name):
    return driver.execute_script(
        "const field = document.querySelector(`[name='${arguments[0]}']`);"
        "const root = field.closest('[data-scale]');"
        "const range = root.querySelector('[data-scale-range]');"
        "return {value: field.value, type: field.type, output: root.querySelector('output').textContent,"
        " valuetext: range.getAttribute('aria-valuetext'), unset: root.classList.contains('is-unset'),"
        " disabled: range.disabled};",
        name,
    )


def done_button(driver):
    return find(driver, "button[data-gated]")


def test_sliders_start_not_chosen_and_take_keyboard_and_pointer_choices(component_open, component_axe, component_page_problems):
    driver = component_open("checkin.html")
    for name in ("checkin.form.pain", "checkin.form.sleep"):
        state = scale_state(driver, name)
        assert state == {"value": "", "type": "hidden", "output": "Not chosen yet", "valuetext": "Not chosen yet", "unset": True, "disabled": False}
    assert find(driver, "#pain-range").is_displayed()
    assert find(driver, "label[for=pain-range]").text.startswith("How would you rate")
    assert not done_button(driver).is_enabled()
    assert component_axe() == []

    pain = find(driver, "#pain-range")
    pain.send_keys(Keys.ARROW_RIGHT)
    assert scale_state(driver, "checkin.form.pain")["value"] == "6"
    pain.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    state = scale_state(driver, "checkin.form.pain")
    assert (state["value"], state["output"], state["valuetext"], state["unset"]) == ("4", "4", "4", False)
    pain.send_keys(Keys.END)
    assert scale_state(driver, "checkin.form.pain")["value"] == "10"
    assert not done_button(driver).is_enabled()

    sleep = find(driver, "#sleep-range")
    ActionChains(driver).move_to_element_with_offset(sleep, sleep.rect["width"] / 2 - 4, 0).click().perform()
    state = scale_state(driver, "checkin.form.sleep")
    assert (state["value"], state["output"]) == ("12", "12 h")
    assert done_button(driver).is_enabled()
    assert find(driver, "output[for=sleep-range]").get_attribute("aria-live") == "polite"
    assert component_axe() == []
    assert component_page_problems() == []


def test_a_click_on_the_untouched_thumb_is_a_choice(component_open):
    driver = component_open("checkin.html")
    ActionChains(driver).move_to_element(find(driver, "#sleep-range")).click().perform()
    assert scale_state(driver, "checkin.form.sleep")["value"] == "6"


def test_prefer_not_to_answer_clears_and_disables_the_slider(component_open, component_posted):
    driver = component_open("checkin.html")
    find(driver, "#pain-range").send_keys(Keys.ARROW_RIGHT)
    find(driver, "#sleep-range").send_keys(Keys.ARROW_RIGHT)
    dont_know = find(driver, "[data-scale-dont-know]")
    dont_know.click()
    state = scale_state(driver, "checkin.form.pain")
    assert (state["value"], state["disabled"], state["output"]) == ("", True, "Prefer not to answer")
    assert done_button(driver).is_enabled()
    dont_know.click()
    state = scale_state(driver, "checkin.form.pain")
    assert (state["value"], state["disabled"], state["output"], state["unset"]) == ("", False, "Not chosen yet", True)
    assert not done_button(driver).is_enabled()
    dont_know.click()
    done_button(driver).click()
    posted = component_posted()
    assert posted["checkin.form.pain"] == [""]
    assert posted["checkin.form.pain.dontKnow"] == ["true"]
    assert posted["checkin.form.sleep"] == ["7"]


def test_text_counter_counts_limits_and_clears(component_open):
    driver = component_open("checkin.html")
    notes = find(driver, "#notes")
    counter = find(driver, "[data-text-count]")
    live = find(driver, "[data-text-live]")
    assert counter.text == "0 / 280"
    assert not find(driver, "[data-text-clear]").is_enabled()
    notes.send_keys("Knee felt stiff")
    assert counter.text == "15 / 280"
    WebDriverWait(driver, 3).until(lambda d: live.get_attribute("textContent") == "265 characters left")
    notes.send_keys("x" * 300)
    assert len(notes.get_attribute("value")) == 280
    assert counter.text == "280 / 280"
    assert "is-near-limit" in find(driver, "[data-text-counter]").get_attribute("class")
    find(driver, "[data-text-clear]").click()
    assert notes.get_attribute("value") == ""
    assert counter.text == "0 / 280"
    assert driver.switch_to.active_element == notes
    assert live.get_attribute("textContent") == "Text cleared."


def test_confirm_on_submit_asks_and_respects_the_answer(component_open, component_posted):
    driver = component_open("checkin.html")
    start = driver.current_url
    find(driver, "button[data-confirm]").click()
    alert = WebDriverWait(driver, 3).until(expected_conditions.alert_is_present())
    assert alert.text == "Cancel this survey? Your answers will not be saved."
    alert.dismiss()
    assert driver.current_url == start
    assert find(driver, "h1").text == "Daily check-in"

    find(driver, "form[data-confirm] button").click()
    alert = WebDriverWait(driver, 3).until(expected_conditions.alert_is_present())
    assert alert.text == "Delete this answer? This cannot be undone."
    alert.accept()
    assert component_posted() == {"delete": ["checkin"]}


def test_time_zone_is_filled_from_the_browser(component_driver, component_site, component_posted):
    driver = component_driver
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Tokyo"})
    driver.get(f"{component_site}/checkin.html")
    assert find(driver, "[data-timezone]").get_attribute("value") == "Asia/Tokyo"
    find(driver, "#pain-range").send_keys(Keys.HOME)
    find(driver, "#sleep-range").send_keys(Keys.HOME)
    done_button(driver).click()
    posted = component_posted()
    assert posted["timeZone"] == ["Asia/Tokyo"]
    assert (posted["checkin.form.pain"], posted["checkin.form.sleep"]) == (["1"], ["0"])


def test_without_script_the_scales_are_number_fields_that_post(component_driver_without_script, component_site, component_posted):
    driver = component_driver_without_script
    driver.get(f"{component_site}/checkin.html")
    assert not find(driver, "#pain-range").is_displayed()
    assert not find(driver, "[data-scale-output]").is_displayed()
    find(driver, "#pain").send_keys("4")
    find(driver, "#sleep").send_keys("8")
    done_button(driver).click()
    posted = component_posted(driver)
    assert (posted["checkin.form.pain"], posted["checkin.form.sleep"]) == (["4"], ["8"])
