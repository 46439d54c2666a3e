"""Modules loaded separately share one submit gate through the form's data-gate-pending."""

import re

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from .support import ASSETS


def find(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector)


def test_component_modules_import_only_the_shared_kit_beside_them():
    # The folder is served under its own names (StudyAssets, /assets/study/js/), so the one relative
    # import './component-kit.js' resolves beside any module a page loads on its own. The kit imports
    # nothing, no module imports dynamically, and no module keeps its own copy of a kit helper.
    kit = (ASSETS / "js" / "component-kit.js").read_text()
    assert not re.search(r"^\s*import\s", kit, re.M)
    assert "import(" not in kit
    for module in (ASSETS / "js").glob("*.js"):
        if module.name in ("study.js", "component-kit.js"):
            continue
        source = module.read_text()
        imports = re.findall(r"^[ \t]*import\b.*$", source, re.M)
        assert all(re.fullmatch(r"import \{ [\w, ]+ \} from '\./component-kit\.js';", line) for line in imports), module.name
        assert "import(" not in source, module.name
        imported = set(re.findall(r"\w+", " ".join(line.split("{")[1].split("}")[0] for line in imports)))
        used = {name for name in ("setComplete", "announce", "format") if re.search(rf"(?<![\w.]){name}\(", source)}
        assert used <= imported, module.name
        assert not re.search(r"^\s*(async\s+)?function\s+(setComplete|announce|format)\b", source, re.M), module.name


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
