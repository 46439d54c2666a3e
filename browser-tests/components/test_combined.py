"""Modules loaded separately share one submit gate through the form's data-gate-pending."""

import re

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from .support import ASSETS


def find(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector)


def test_component_modules_are_self_contained_files():
    # Each component module also works when served alone (for example under a content-hashed
    # name), so only the entry module study.js imports its siblings.
    for module in (ASSETS / "js").glob("*.js"):
        if module.name == "study.js":
            continue
        source = module.read_text()
        assert not re.search(r"^\s*import\s", source, re.M), module.name
        assert "import(" not in source, module.name


def test_continue_waits_for_every_component_of_the_form(component_open, component_axe, component_page_problems):
    driver = component_open("combined.html")
    WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-part="calf"][role="checkbox"]'))
    button = find(driver, "button[data-gated]")
    pending = lambda: find(driver, "form").get_attribute("data-gate-pending").split()
    assert sorted(key.rsplit("-", 1)[0] for key in pending()) == ["body-model", "scale", "signature"]
    assert not button.is_enabled()
    assert component_axe() == []
    assert component_page_problems() == []

    canvas = find(driver, "[data-signature-canvas]")
    ActionChains(driver).move_to_element(canvas).click_and_hold().move_by_offset(40, 10).release().perform()
    assert not button.is_enabled()
    find(driver, "#sleep-range").send_keys(Keys.ARROW_LEFT)
    assert not button.is_enabled()
    find(driver, '[data-part="calf"]').send_keys(Keys.SPACE)
    assert pending() == []
    assert button.is_enabled()

    find(driver, "[data-signature-clear]").click()
    assert [key.rsplit("-", 1)[0] for key in pending()] == ["signature"]
    assert not button.is_enabled()


def test_the_entry_module_imports_every_component_module():
    entry = (ASSETS / "js" / "study.js").read_text()
    imported = set(re.findall(r"^import '\./([\w-]+\.js)';$", entry, re.M))
    assert imported == {m.name for m in (ASSETS / "js").glob("*.js")} - {"study.js"}
