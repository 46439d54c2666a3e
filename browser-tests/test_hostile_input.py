"""Hostile input as a person meets it: a console link with an absurd page number gets a readable 400 page
(the server keeps serving), and diary text with an invisible control character (as a paste can bring) is
refused beside the field. Each page is screenshotted at 360 px, at 150% text, in English and Chinese."""

import pytest
from selenium.webdriver.common.by import By

import journey
import support
from journey import check_page, heading, main_text, press_next
from support import fill


def to_chinese(driver, server, path: str) -> None:
    driver.get(server.url(path))
    support.submit(driver, "/language")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hans"


def test_an_absurd_page_number_is_a_readable_400_page(server, driver):
    support.sign_in(driver, server, server.admin_email, server.admin_password)
    bad = "/console/participants?page=400000000000000000"
    status, _, body = support.http("GET", server.url("/healthz"))
    assert status == 200
    driver.get(server.url(bad))
    assert "A number in this address is not valid." in main_text(driver)
    check_page(driver, "bad-page-number")
    support.large_text(driver)
    check_page(driver, "bad-page-number-150")
    driver.get(server.url("/console/participants?page=1"))
    assert "Participants" in main_text(driver), "the server keeps serving"

    to_chinese(driver, server, "/console")
    driver.get(server.url(bad))
    assert "此网址中的数字无效。" in main_text(driver)
    check_page(driver, "bad-page-number-zh")
    support.large_text(driver)
    check_page(driver, "bad-page-number-zh-150")


def diary_text_page(clocked, driver, chinese: bool) -> None:
    server = clocked.server
    journey.prepare_browser(driver, server, sensors=False)
    driver.get(server.invitation_url)
    if chinese:
        support.submit(driver, "/language")
    journey.join_participant(driver, server, server.invitation_url, "pat@example.com")
    journey.onboard(driver, screenshots=False)
    journey.start_card(driver, "weeklyDiary")
    driver.find_element(By.CSS_SELECTOR, "input[name='diary.health.rung'][value='2']").find_element(
        By.XPATH, "./ancestor::label").click()
    press_next(driver)
    journey.choose_scale(driver, "diary.pain.level", 5, 1)
    press_next(driver)
    driver.find_element(By.CSS_SELECTOR, "[data-body-model-figure] [data-part=patella]").click()
    press_next(driver)


@pytest.mark.parametrize("chinese", [False, True], ids=["en", "zh"])
def test_a_control_character_in_diary_text_is_refused_beside_the_field(clocked, driver, chinese):
    diary_text_page(clocked, driver, chinese)
    fill(driver, "diary.text.entry", "Stairs were easier")
    # A pasted BEL character: keyboards cannot type it, a paste or a script can.
    driver.execute_script(
        "const box = document.getElementById('diary.text.entry'); box.value = box.value + '\\u0007 this week';")
    title = heading(driver)
    press_next(driver)
    assert heading(driver) == title, "the page comes back with the problem"
    message = "请删除文本中不可见的控制字符" if chinese else "Remove the invisible control character"
    assert message in main_text(driver)
    name = "diary-control-character" + ("-zh" if chinese else "")
    check_page(driver, name)
    support.large_text(driver)
    check_page(driver, name + "-150")
    fill(driver, "diary.text.entry", "Stairs were easier this week.")
    press_next(driver)
    assert heading(driver) != title, "corrected text goes on to the review"
