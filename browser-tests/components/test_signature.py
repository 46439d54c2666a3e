"""Signature pad: mouse and touch drawing fill the hidden inputs; Clear empties them."""

import json

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def canvas_box(driver):
    """The canvas's drawing area (inside its border) in viewport CSS pixels."""
    return driver.execute_script(
        "const c = document.querySelector('[data-signature-canvas]'); const r = c.getBoundingClientRect();"
        "return {x: r.left + c.clientLeft, y: r.top + c.clientTop, width: c.clientWidth, height: c.clientHeight,"
        " border: c.clientLeft};"
    )


def hidden_values(driver):
    strokes = driver.find_element(By.CSS_SELECTOR, "[data-signature-strokes]").get_attribute("value")
    image = driver.find_element(By.CSS_SELECTOR, "[data-signature-image]").get_attribute("value")
    return strokes, image


def submit_button(driver):
    return driver.find_element(By.CSS_SELECTOR, "button[data-gated]")


def test_submit_is_disabled_until_something_is_drawn(component_open, component_axe, component_page_problems):
    driver = component_open("signature.html")
    assert driver.find_element(By.CSS_SELECTOR, "[data-signature-pad]").is_displayed()
    assert not submit_button(driver).is_enabled()
    assert hidden_values(driver) == ("", "")
    assert driver.execute_script("return getComputedStyle(document.querySelector('canvas')).touchAction") == "none"
    assert component_axe() == []
    assert component_page_problems() == []


def test_mouse_drawing_fills_strokes_and_image_and_clear_empties_them(component_open):
    driver = component_open("signature.html")
    canvas = driver.find_element(By.CSS_SELECTOR, "[data-signature-canvas]")
    (
        ActionChains(driver)
        .move_to_element_with_offset(canvas, -100, 0)
        .click_and_hold()
        .move_by_offset(40, 20)
        .move_by_offset(40, -30)
        .move_by_offset(60, 10)
        .release()
        .move_to_element_with_offset(canvas, 50, -20)
        .click_and_hold()
        .move_by_offset(30, 30)
        .release()
        .perform()
    )
    strokes_text, image = hidden_values(driver)
    strokes = json.loads(strokes_text)
    assert len(strokes) == 2
    assert len(strokes[0]) >= 4
    box = canvas_box(driver)
    first = strokes[0][0]
    assert first["t"] == 0
    # Selenium offsets are from the centre of the border box, which is also the drawing area's centre.
    assert abs(first["x"] - (box["width"] / 2 - 100)) <= 1
    assert abs(first["y"] - box["height"] / 2) <= 1
    times = [point["t"] for stroke in strokes for point in stroke]
    assert times == sorted(times)
    assert image.startswith("data:image/png;base64,")
    assert submit_button(driver).is_enabled()
    assert "drawn" in driver.find_element(By.CSS_SELECTOR, "[data-signature-status]").get_attribute("textContent")

    driver.find_element(By.CSS_SELECTOR, "[data-signature-clear]").click()
    assert hidden_values(driver) == ("", "")
    assert not submit_button(driver).is_enabled()
    blank = driver.execute_script(
        "const c = document.querySelector('canvas');"
        "return c.getContext('2d').getImageData(0, 0, c.width, c.height).data.every(v => v === 0);"
    )
    assert blank


def test_touch_drawing_fills_the_inputs_and_the_form_posts_them(component_open, component_posted):
    driver = component_open("signature.html")
    box = canvas_box(driver)
    x0, y0 = box["x"] + 30, box["y"] + 40

    def touch(kind, x, y):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x0, y0)
    for step in range(1, 8):
        touch("touchMove", x0 + step * 20, y0 + (step % 2) * 25)
    touch("touchEnd", 0, 0)

    strokes = json.loads(hidden_values(driver)[0])
    assert len(strokes) == 1
    assert len(strokes[0]) >= 5
    assert (strokes[0][0]["x"], strokes[0][0]["y"]) == (30, 40)
    non_blank = driver.execute_script(
        "const c = document.querySelector('canvas');"
        "return c.getContext('2d').getImageData(0, 0, c.width, c.height).data.some(v => v !== 0);"
    )
    assert non_blank

    driver.find_element(By.ID, "printed-name").send_keys("Ada Participant")
    submit_button(driver).click()
    posted = component_posted()
    assert posted["consent.name"] == ["Ada Participant"]
    assert json.loads(posted["consent.signature.strokes"][0]) == strokes
    assert posted["consent.signature.image"][0].startswith("data:image/png;base64,")


def test_strokes_are_redrawn_when_the_canvas_is_resized(component_open):
    driver = component_open("signature.html")
    canvas = driver.find_element(By.CSS_SELECTOR, "[data-signature-canvas]")
    ActionChains(driver).move_to_element(canvas).click_and_hold().move_by_offset(50, 10).release().perform()
    strokes = hidden_values(driver)[0]
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 500, "height": 800, "deviceScaleFactor": 1, "mobile": True}
    )
    WebDriverWait(driver, 5).until(lambda d: canvas_box(d)["width"] > 400)
    redrawn = driver.execute_script(
        "const c = document.querySelector('canvas');"
        "return c.getContext('2d').getImageData(0, 0, c.width, c.height).data.some(v => v !== 0);"
    )
    assert redrawn
    assert hidden_values(driver)[0] == strokes


def test_typed_name_alternative_satisfies_the_gate_without_drawing(component_open, component_posted):
    driver = component_open("signature.html")
    typed = driver.find_element(By.CSS_SELECTOR, "[data-signature-typed]")
    typed.click()
    assert submit_button(driver).is_enabled()
    typed.click()
    assert not submit_button(driver).is_enabled()
    typed.click()
    driver.find_element(By.ID, "printed-name").send_keys("Ada Participant")
    submit_button(driver).click()
    posted = component_posted()
    assert posted["consent.signature.typed"] == ["true"]
    assert posted["consent.signature.strokes"] == [""]


def test_strokes_rendered_by_the_server_are_kept_and_new_strokes_follow_them(component_open, component_axe):
    driver = component_open("signature-saved.html")
    saved = [[{"x": 10, "y": 10, "t": 0}, {"x": 60, "y": 30, "t": 120}]]
    assert json.loads(hidden_values(driver)[0]) == saved
    assert hidden_values(driver)[1].startswith("data:image/png;base64,")
    assert submit_button(driver).is_enabled()
    assert component_axe() == []
    canvas = driver.find_element(By.CSS_SELECTOR, "[data-signature-canvas]")
    ActionChains(driver).move_to_element(canvas).click_and_hold().move_by_offset(40, 10).release().perform()
    strokes = json.loads(hidden_values(driver)[0])
    assert strokes[0] == saved[0]
    assert len(strokes) == 2 and strokes[1][0]["t"] == 121
