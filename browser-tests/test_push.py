"""Web Push in a real browser (docs/web-push.md): the onboarding's notifications card asks for the browser's
permission (granted through Chromium's DevTools permissions, as journey.prepare_browser does), registers the
service worker at / and tries to subscribe; the account page's "Reminders on this device" card turns it on or
off; a push event handed to the worker through DevTools shows its notification with the message's same-origin
URL. Headless Chromium has no push service to reach, so `subscribe` may fail there: the card must then say so
in the page's language. The server side (encryption, VAPID, delivery) is tested in Swift against a local push
service (Tests/MailTestSupport/push_endpoint.py). Screenshots at 360 px (and 150% text), English and Chinese."""

import json
import shutil
import time

import pytest
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

import journey
import support
from journey import check_page, press_next

OUTCOMES = {
    "en": {
        "subscribed": "Reminders will come to this device.",
        "failed": "This browser could not sign up for reminders just now. You can try again later on your account page.",
        "failedHere": "This browser could not sign up for reminders just now. Please try again later.",
        "on": "Reminders are on for this device.",
        "off": "Reminders are off for this device.",
        "heading": "Reminders on this device",
    },
    "zh-Hans": {
        "subscribed": "提醒将发送到此设备。",
        "failed": "此浏览器暂时无法开启提醒。您可以稍后在账户页面重试。",
        "failedHere": "此浏览器暂时无法开启提醒。请稍后重试。",
        "on": "此设备的提醒已开启。",
        "off": "此设备的提醒已关闭。",
        "heading": "本设备上的提醒",
    },
}


@pytest.fixture
def push_server():
    """A server that sends push (its VAPID contact is --mail-from; no SMTP relay)."""
    running = support.start_server(["--mail-from", "study@example.org"])
    try:
        yield running
    finally:
        code = running.stop()
        shutil.rmtree(running.data_dir, ignore_errors=True)
        assert code == 0


def registration(driver) -> dict:
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.serviceWorker.getRegistration('/').then(r => done(r ? {scope: r.scope,"
        " script: (r.active || r.waiting || r.installing)?.scriptURL} : null), e => done({error: String(e)}));")


def deliver_push(driver, server, message: dict) -> list:
    """Hands `message` to the service worker as a push event (DevTools' ServiceWorker.deliverPushMessage; a
    fresh profile numbers its registrations from 0) and returns the notifications it shows."""
    driver.execute_cdp_cmd("ServiceWorker.enable", {})
    # The worker must be active to take the event: wait for it, then deliver again until it shows (a push
    # handed over while the worker starts may be dropped).
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; navigator.serviceWorker.ready.then(() => done(true));")
    shown = []
    deadline = time.time() + 20
    while time.time() < deadline:
        for registration in ("0", "1", "2"):
            try:
                driver.execute_cdp_cmd("ServiceWorker.deliverPushMessage", {
                    "origin": server.base_url, "registrationId": registration, "data": json.dumps(message)})
            except WebDriverException:
                continue  # no registration of that number
        for _ in range(10):
            shown = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "navigator.serviceWorker.ready.then(r => r.getNotifications()).then(ns => done(ns.map(n =>"
                " ({title: n.title, body: n.body, url: n.data && n.data.url}))), e => done([String(e)]));")
            if any(isinstance(item, dict) and item.get("title") == message["title"] for item in shown):
                return shown
            time.sleep(0.2)
    return shown


def run(driver, server, language: str, email: str) -> None:
    words = OUTCOMES[language]
    prefix = "" if language == "en" else "zh-"
    journey.prepare_browser(driver, server)
    if language != "en":
        driver.get(server.invitation_url)
        support.submit(driver, "/language")
    journey.join_participant(driver, server, server.invitation_url, email)
    journey.start_card(driver, "onboarding")
    press_next(driver)
    press_next(driver)
    support.fill(driver, "consent-name", "Ada Lovelace")
    journey.draw_signature(driver)
    press_next(driver)

    card = driver.find_element(By.CSS_SELECTOR, "[data-permission-card=notifications]")
    card.find_element(By.CSS_SELECTOR, "[data-permission-request]").click()
    support.wait(driver, 30).until(lambda d: card.get_attribute("data-push"))
    outcome = card.get_attribute("data-push")
    assert card.get_attribute("data-answer") == "granted", "the browser's permission was asked and granted"
    assert outcome in ("subscribed", "failed"), outcome
    assert card.find_element(By.CSS_SELECTOR, "[data-push-status]").text == words[outcome]
    registered = registration(driver)
    assert registered and registered.get("scope") == server.url("/"), registered
    assert registered["script"] == server.url("/service-worker.js")
    print(f"push ({language}): the card's subscribe ended as '{outcome}'")
    shown = deliver_push(driver, server, {"title": words["heading"], "body": "b", "url": "/survey/checkin/0"})
    assert {"title": words["heading"], "body": "b", "url": server.url("/survey/checkin/0")} in shown, shown
    shown = deliver_push(driver, server, {"title": "t", "body": "b", "url": "https://evil.example/x"})
    assert {"title": "t", "body": "b", "url": server.url("/")} in shown, "never another origin"
    check_page(driver, f"{prefix}push-onboarding-card")
    support.large_text(driver)
    support.screenshot(driver, f"{prefix}push-onboarding-card-large-text")

    driver.get(server.url("/account"))
    section = driver.find_element(By.CSS_SELECTOR, "[data-push-device]")
    support.wait(driver, 20).until(lambda d: section.get_attribute("data-push"))
    assert section.find_element(By.TAG_NAME, "h2").text == words["heading"]
    state = section.get_attribute("data-push")
    status = section.find_element(By.CSS_SELECTOR, "[data-push-status]")
    assert status.text == words["on" if state == "on" else "off"]
    button = section.find_element(By.CSS_SELECTOR, "[data-push-toggle]")
    assert button.is_displayed()
    assert not section.find_elements(By.CSS_SELECTOR, "[data-push-no-script]")
    check_page(driver, f"{prefix}push-account")
    before = status.text
    button.click()
    support.wait(driver, 30).until(lambda d: button.is_enabled() and status.text and status.text != before)
    assert status.text in (words["subscribed"], words["failedHere"], words["off"]), status.text
    check_page(driver, f"{prefix}push-account-after-toggle")
    support.large_text(driver)
    support.screenshot(driver, f"{prefix}push-account-large-text")


def test_the_card_asks_registers_the_worker_and_says_how_subscribing_went(push_server, driver):
    run(driver, push_server, "en", "push@example.com")


def test_the_same_in_chinese(push_server, driver):
    run(driver, push_server, "zh-Hans", "push-zh@example.com")
