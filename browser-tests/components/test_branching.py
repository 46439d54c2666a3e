"""Live branching (branching.js over StepItems markup): each rule of the engine's condition language
(atLeast, includesChoice, equals on choices with the "other" text, isDontKnow, not, answered, all and any,
settled constants) shows and hides its question as the page is answered; a hidden question's wrapper is
disabled, so nothing of it is posted; a chain (a question over a hidden one) and a section of conditional
questions follow; axe finds nothing at 360 px."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def find(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector)


def shown(driver, wrapper_id):
    element = find(driver, f"#{wrapper_id}")
    return element.is_displayed() and element.get_attribute("disabled") is None


def type_into(driver, field_id, text):
    box = find(driver, f"#{field_id}")
    box.clear()
    box.send_keys(text)


def test_each_rule_follows_the_answers(component_open, component_axe, component_page_problems):
    driver = component_open("branching.html")
    assert not shown(driver, "why-when")
    assert not shown(driver, "brace-when")
    assert shown(driver, "unsure-when"), "not answered yet: 'not answered' holds on load"

    type_into(driver, "pain", "6")
    assert not shown(driver, "why-when"), "6 is below 7"
    type_into(driver, "pain", "8")
    WebDriverWait(driver, 5).until(lambda d: shown(d, "why-when"))
    assert find(driver, "[data-branching-status]").get_attribute("textContent") == "A question was added below."

    assert not find(driver, "[data-branching-section]").is_displayed()
    type_into(driver, "why", "Stairs")
    WebDriverWait(driver, 5).until(lambda d: shown(d, "more-when"))
    assert find(driver, "[data-branching-section]").is_displayed()
    # A chain: hiding 'why' disables it, so 'more' (answered why) goes too, with its section.
    type_into(driver, "pain", "3")
    WebDriverWait(driver, 5).until(lambda d: not shown(d, "why-when"))
    assert not shown(driver, "more-when")
    assert not find(driver, "[data-branching-section]").is_displayed()

    find(driver, "input[name=aids][value=brace]").click()
    assert shown(driver, "brace-when")
    find(driver, "input[name=aids][value=brace]").click()
    assert not shown(driver, "brace-when")

    find(driver, "input[name=aids][value=other]").click()
    assert not shown(driver, "exact-when"), "equals needs the other text too"
    type_into(driver, "aids-other", "cane")
    assert shown(driver, "exact-when")
    find(driver, "input[name=aids][value=crutches]").click()
    assert not shown(driver, "exact-when"), "equals compares every choice"

    find(driver, "input[name=energy][value=high]").click()
    assert not shown(driver, "unsure-when")
    find(driver, "input[name=energy][value=dontKnow]").click()
    assert shown(driver, "unsure-when")
    assert component_axe() == []
    assert component_page_problems() == []


def test_a_hidden_question_posts_nothing(component_open, component_posted):
    driver = component_open("branching.html")
    type_into(driver, "pain", "9")
    WebDriverWait(driver, 5).until(lambda d: shown(d, "why-when"))
    type_into(driver, "why", "Stairs")
    find(driver, "input[name=aids][value=brace]").click()
    type_into(driver, "braceFit", "Tight")
    find(driver, "input[name=aids][value=brace]").click()  # unticked: "How does the brace fit?" hides
    find(driver, "input[name=energy][value=low]").click()
    find(driver, "button[type=submit]").click()
    posted = component_posted()
    assert posted["why"] == ["Stairs"]
    assert "braceFit" not in posted and "unsure" not in posted
    assert sorted(posted["shownItems"]) == ["", "more", "why"]
