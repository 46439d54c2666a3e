"""The KOOS in a real browser: due on the day onboarding is completed, its 42 questions on six pages with the
recall period and sections, answered with a known set of boxes; the subscale scores on insights equal the values
computed by hand from REFERENCE.md's rule (100 - 25 x mean of the answered items, at least half answered); the
console's study-versions page and the participant's KOOS table. Every page at 360 px, 150% text, both languages."""

import pytest

from selenium.webdriver.common.by import By

import journey
import support
from journey import cards, check_page, heading, main_text, press_next

# Boxes per item (0 = no problems ... 4 = extreme); None leaves the item out.
ANSWERS = {
    "koos.s": [1, 2, 0, 0, 1, 2, 3],                        # mean 9/7   -> 67.86 -> 68
    "koos.p": [2, 1, 1, 2, 0, 1, 3, 0, 1],                  # mean 11/9  -> 69.44 -> 69
    "koos.a": [1] * 15 + [4, None],                         # 19/16      -> 70.31 -> 70
    "koos.sp": [4, 4, None, None, None],                    # 2 of 5: too few, no score
    "koos.q": [3, 2, 2, 1],                                 # mean 2     -> 50
}


def box(driver, item: str, value: int):
    return driver.find_element(By.CSS_SELECTOR, f"input[type=radio][name='{item}'][value='{value}']")


def answer_page(driver) -> None:
    """Ticks this page's boxes from ANSWERS, by each question's id."""
    for radio in driver.find_elements(By.CSS_SELECTOR, "input[type=radio][name^='koos.']"):
        name = radio.get_attribute("name")
        prefix = name.rstrip("0123456789")
        number = int(name[len(prefix):])
        value = ANSWERS[prefix][number - 1]
        if value is not None and radio.get_attribute("value") == str(value) and not radio.is_selected():
            driver.execute_script("arguments[0].click()", radio)


@pytest.mark.long
def test_koos_scores_on_insights_and_console(clocked, driver):
    server = clocked.server
    journey.prepare_browser(driver, server, sensors=False)
    driver.get(server.invitation_url)
    journey.join_participant(driver, server, server.invitation_url, "pat@example.com")
    journey.onboard(driver, screenshots=False)
    assert "koos" in cards(driver), "the KOOS is due on the day onboarding is completed"
    journey.start_card(driver, "koos")
    assert heading(driver) == "Knee Injury and Osteoarthritis Outcome Score (KOOS)"
    support.shots(driver, "koos-intro")
    press_next(driver)

    pages = ["symptoms", "pain", "adl1", "adl2", "sport", "qol"]
    for index, page in enumerate(pages):
        if index == 0:
            assert "Stiffness" in main_text(driver), "the stiffness questions have their own section"
        if page in ("symptoms", "adl2"):
            support.shots(driver, f"koos-{page}")
        answer_page(driver)
        press_next(driver)
    assert "Your answers are saved" in main_text(driver)
    journey.back_to_today(driver)

    driver.get(server.url("/insights"))
    text = main_text(driver)
    assert "Your knee questionnaire (KOOS)" in text
    assert "Higher is better: 100 means no problems with your knee, 0 means extreme problems." in text
    assert "Symptoms 68, Pain 69, Daily living 70, Sport and recreation not enough answers, Quality of life 50." in text
    section = driver.find_element(By.CSS_SELECTOR, "section[aria-labelledby=koos-heading]")
    driver.execute_script("arguments[0].scrollIntoView()", section)
    support.shots(driver, "koos-insights")

    # The console: the study's versions and the participant's scores.
    driver.delete_all_cookies()
    support.sign_in(driver, server, server.admin_email, server.admin_password)
    driver.get(server.url("/console/study"))
    assert heading(driver) == "Study versions"
    assert "Version 1" in main_text(driver) and "in force" in main_text(driver)
    support.shots(driver, "console-study-versions")
    driver.get(server.url("/console/participants"))
    driver.find_element(By.PARTIAL_LINK_TEXT, "pat@example.com").click()
    page = main_text(driver)
    assert "Knee questionnaire (KOOS)" in page
    row = [r.text for r in driver.find_elements(By.CSS_SELECTOR, "table tr") if "67.9" in r.text]
    assert row and "69.4" in row[0] and "70.3" in row[0] and "fewer than half answered" in row[0] and "50" in row[0]
