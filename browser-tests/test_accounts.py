"""Accounts journeys in a real browser: join, sign out, sign in, wrong password, throttling and known devices,
CSRF, security headers, Chinese pages, staff console; every page checked at 360 px with axe."""

import re
import urllib.parse

from selenium.webdriver.common.by import By

import support
from support import check_page, fill, join, sign_in, submit

PASSWORD = "correct horse battery staple"


def heading(driver) -> str:
    return driver.find_element(By.TAG_NAME, "h1").text


def alert(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, "[role=alert]").text


def test_join_sign_out_and_sign_in_again(server, driver):
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Shanghai"})
    driver.get(server.invitation_url)
    assert heading(driver) == "Join the Recover study"
    check_page(driver, "join")
    fill(driver, "email", "pat@example.com")
    fill(driver, "password", PASSWORD)
    fill(driver, "confirmation", PASSWORD)
    submit(driver, "/join/" + server.invitation_url.rsplit("/", 1)[1])
    assert driver.current_url == server.url("/sign-in?joined=1")
    notice = driver.find_element(By.CSS_SELECTOR, "[role=status]").text
    assert notice.startswith("Thank you. Now sign in"), "the same answer whether or not the e-mail had an account"
    check_page(driver, "join-done")
    fill(driver, "email", "pat@example.com")
    fill(driver, "password", PASSWORD)
    submit(driver, "/sign-in")
    assert driver.current_url == server.url("/")
    assert heading(driver) == "Your recovery plan", "participants land on their care feed"
    check_page(driver, "home")

    driver.get(server.url("/account"))
    zone = driver.find_element(By.CSS_SELECTOR, "#timeZone option:checked").get_attribute("value")
    assert zone == "Asia/Shanghai", "the browser's time zone was stored at enrollment"
    check_page(driver, "account")

    submit(driver, "/sign-out")
    assert driver.current_url == server.url("/sign-in")
    check_page(driver, "sign-in")
    driver.get(server.url("/account"))
    assert driver.current_url == server.url("/sign-in"), "signed out on the server"

    sign_in(driver, server, "pat@example.com", PASSWORD)
    assert driver.current_url == server.url("/")


def test_join_error_summary_links_each_problem_to_its_field(server, driver):
    """A join form sent with an e-mail the server refuses and a confirmation that differs: the summary takes the
    focus, names both problems as links, and a link puts the focus on its field; in English and in Chinese."""
    code = server.invitation_url.rsplit("/", 1)[1]
    for tag, title, name in (("en", "Please correct the fields marked below.", "en"),
                             ("zh-Hans", "请更正下面标出的内容。", "zh")):
        driver.get(server.invitation_url)
        if tag != "en":
            support.switch_language(driver, tag)
        fill(driver, "email", "pat@example")  # the browser takes it; the server wants a dot in the domain
        fill(driver, "password", PASSWORD)
        fill(driver, "confirmation", PASSWORD + " typo")
        submit(driver, "/join/" + code)
        summary = driver.find_element(By.CSS_SELECTOR, "[data-error-summary]")
        support.wait(driver, 10).until(lambda d: d.switch_to.active_element == summary)
        assert summary.find_element(By.CSS_SELECTOR, ".error-summary-title").text == title
        links = summary.find_elements(By.CSS_SELECTOR, "a")
        assert [link.get_attribute("href").rsplit("#", 1)[1] for link in links] == ["email", "confirmation"]
        assert driver.find_element(By.ID, "email").get_attribute("value") == "pat@example", "what was typed stays"
        check_page(driver, f"join-errors-{name}")
        support.large_text(driver)
        check_page(driver, f"join-errors-{name}-large-text")
        links[1].click()
        assert driver.switch_to.active_element.get_attribute("id") == "confirmation"
        links[0].click()
        assert driver.switch_to.active_element.get_attribute("id") == "email"
    support.switch_language(driver, "en")


def test_join_with_a_registered_email_answers_like_a_new_one(server, driver):
    join(driver, server.invitation_url, "pat@example.com", PASSWORD)
    submit(driver, "/sign-out")
    second = server.invite()[0]
    driver.delete_all_cookies()
    driver.get(second)
    fill(driver, "email", "pat@example.com")
    fill(driver, "password", "another long passphrase")
    fill(driver, "confirmation", "another long passphrase")
    submit(driver, "/join/" + second.rsplit("/", 1)[1])
    assert driver.current_url == server.url("/sign-in?joined=1")
    assert driver.find_element(By.CSS_SELECTOR, "[role=status]").text.startswith("Thank you. Now sign in")
    sign_in(driver, server, "pat@example.com", "another long passphrase")
    assert alert(driver) == "Email or password is wrong.", "no account was made or changed"
    sign_in(driver, server, "pat@example.com", PASSWORD)
    assert driver.current_url == server.url("/")


def test_invitation_cannot_be_used_twice(server, driver):
    join(driver, server.invitation_url, "first@example.com", PASSWORD)
    driver.delete_all_cookies()
    driver.get(server.invitation_url)
    assert "already used to create an account" in driver.find_element(By.TAG_NAME, "main").text
    check_page(driver, "invitation-used")


def test_join_form_explains_problems(server, driver):
    driver.get(server.invitation_url)
    fill(driver, "email", "pat@example.com")
    fill(driver, "password", "password123")
    fill(driver, "confirmation", "password124")
    submit(driver, "/join/" + server.invitation_url.rsplit("/", 1)[1])
    main = driver.find_element(By.TAG_NAME, "main").text
    assert "too common" in main
    assert "not the same" in main
    check_page(driver, "join-problems")


def test_wrong_password_then_throttling(server, driver):
    sign_in(driver, server, server.admin_email, "not the password")
    assert alert(driver) == "Email or password is wrong."
    check_page(driver, "sign-in-wrong-password")
    sign_in(driver, server, "nobody@example.com", "not the password")
    assert alert(driver) == "Email or password is wrong."
    for _ in range(4):
        sign_in(driver, server, server.admin_email, "still not the password")
    sign_in(driver, server, server.admin_email, server.admin_password)
    assert re.fullmatch(r"Too many sign-in attempts\. Wait [1-3]?[0-9] seconds and try again\.", alert(driver)), \
        "the sixth attempt waits about 30 seconds, whatever the password"
    assert driver.current_url == server.url("/sign-in")
    check_page(driver, "sign-in-throttled")


def test_a_known_device_is_not_slowed_by_others_failures(server, driver):
    sign_in(driver, server, server.admin_email, server.admin_password)
    assert driver.current_url == server.url("/console")
    submit(driver, "/sign-out")
    device = driver.get_cookie("recover_device")
    assert device is not None and server.admin_email not in device["value"]

    driver.delete_all_cookies()  # the same browser, as an unknown one
    for _ in range(5):
        sign_in(driver, server, server.admin_email, "a guess from elsewhere")
    sign_in(driver, server, server.admin_email, server.admin_password)
    assert "Too many sign-in attempts" in alert(driver), "an unknown browser waits"

    driver.delete_all_cookies()
    driver.add_cookie({"name": "recover_device", "value": device["value"], "path": "/", "httpOnly": True})
    sign_in(driver, server, server.admin_email, server.admin_password)
    assert driver.current_url == server.url("/console"), "the browser that signed in before does not"


def test_post_without_csrf_token_is_refused(server, driver):
    status, _, body = support.http(
        "POST", server.url("/sign-in"),
        data=urllib.parse.urlencode({"email": server.admin_email, "password": server.admin_password}).encode(),
        headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 403
    assert "did not come from this site" in body

    driver.get(server.url("/sign-in"))
    driver.execute_script("document.querySelector(\"form[action='/sign-in'] input[name=csrf]\").remove()")
    fill(driver, "email", server.admin_email)
    fill(driver, "password", server.admin_password)
    submit(driver, "/sign-in")
    assert heading(driver) == "This page has expired", "a form without its token: a friendly heading"
    check_page(driver, "csrf-refused")


def test_security_headers_on_pages(server):
    pages = {"/sign-in": "private, no-cache", "/no-such-page": "no-store",
             server.invitation_url.replace(server.base_url, ""): "private, no-cache"}
    for path, caching in pages.items():
        _, headers, _ = support.http("GET", server.url(path))
        csp = headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert "frame-ancestors 'none'" in csp
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"
        # Pages are kept by this browser only and revalidated on every use; error pages are never kept.
        assert headers["Cache-Control"] == caching
    status, _, body = support.http("GET", server.url("/healthz"))
    assert (status, body) == (200, "ok")


def test_pages_in_chinese(server, driver):
    driver.get(server.url("/sign-in"))
    support.submit(driver, "/language")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hans"
    assert heading(driver) == "登录"
    check_page(driver, "sign-in-zh")
    sign_in(driver, server, server.admin_email, "wrong password")
    assert alert(driver) == "电子邮箱或密码错误。"
    driver.get(server.url("/no-such-page"))
    assert heading(driver) == "找不到页面"
    check_page(driver, "not-found-zh")
    join(driver, server.invitation_url, "li@example.com", PASSWORD)
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hans"
    check_page(driver, "home-zh")


def test_staff_console_and_participant_refusal(server, driver):
    sign_in(driver, server, server.admin_email, server.admin_password)
    assert driver.current_url == server.url("/console")
    assert heading(driver) == "Research console"
    check_page(driver, "console")
    submit(driver, "/sign-out")
    join(driver, server.invitation_url, "pat@example.com", PASSWORD)
    driver.get(server.url("/console"))
    assert heading(driver) == "Not allowed"
    check_page(driver, "console-forbidden")


def test_error_pages_are_readable(server, driver):
    driver.get(server.url("/no-such-page"))
    assert heading(driver) == "Page not found"
    check_page(driver, "not-found")
    status, _, body = support.http("GET", server.url("/sign-out"))
    assert status == 405 and "Not allowed here" in body


def test_account_settings_language_password_and_sign_out_everywhere(server, driver):
    join(driver, server.invitation_url, "pat@example.com", PASSWORD)
    driver.get(server.url("/account"))
    support.select_option(driver, "language", "zh-Hans")
    submit(driver, "/account/preferences")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hans"
    assert driver.find_element(By.CSS_SELECTOR, "[role=status]").text == "您的更改已保存。"
    check_page(driver, "account-zh")

    fill(driver, "current", PASSWORD)
    fill(driver, "password", "a new and better passphrase")
    fill(driver, "confirmation", "a new and better passphrase")
    submit(driver, "/account/password")
    assert driver.find_element(By.CSS_SELECTOR, "[role=status]").text == "您的更改已保存。"

    submit(driver, "/account/sign-out-everywhere")
    assert driver.current_url == server.url("/sign-in")
    sign_in(driver, server, "pat@example.com", PASSWORD)
    assert alert(driver) == "电子邮箱或密码错误。", "the old password no longer works"
    sign_in(driver, server, "pat@example.com", "a new and better passphrase")
    assert driver.current_url == server.url("/")
