"""Account recovery, reminders and the console's messaging pages in a real browser, against a real server that
sends mail through a real SMTP server (aiosmtpd): a participant who forgot their password asks for a link, gets
it by e-mail, opens it (the code after `#` moves into the form and leaves the address bar), chooses a new
password and signs in; the old link then explains itself. They choose their reminders. An admin sees the
message log, the staff page's reset and deactivate buttons, invites by e-mail, and a used invitation link says
what to do. Screenshots at 360 px, English and Chinese, and at 150% text."""

import pytest

import re

from selenium.webdriver.common.by import By

import journey
from journey import heading
import support
from support import fill, shots, submit

PASSWORD = "correct horse battery"
NEW_PASSWORD = "a brand new password"


@pytest.mark.long
def test_forgot_password_reminders_and_console_messaging():
    smtp = support.SMTPCapture()
    port = support.free_port()
    server = support.start_server(smtp.server_args(f"http://127.0.0.1:{port}"), port=port)
    driver = support.start_driver()
    try:
        support.join(driver, server.invitation_url, "ada@example.org", PASSWORD)
        used_invitation = server.invitation_url

        # Forgot password: the page, the same answer, the mail, the link.
        driver.delete_all_cookies()
        driver.get(server.url("/sign-in"))
        page = driver.find_element(By.TAG_NAME, "html")
        driver.find_element(By.LINK_TEXT, "Forgot your password?").click()
        journey.wait_loaded(driver, page)
        assert heading(driver) == "Forgot your password?"
        shots(driver, "forgot-password")
        fill(driver, "email", "ada@example.org")
        submit(driver, "/forgot-password")
        assert heading(driver) == "Check your email"
        shots(driver, "forgot-password-sent")
        mail = smtp.wait_for(1)[0]
        assert mail["To"] == "ada@example.org"
        link = re.search(r"http://127\.0\.0\.1:\d+/reset-password#[A-Za-z0-9_-]{43}", support.text_of(mail)).group(0)

        driver.get(link)
        assert heading(driver) == "Choose a new password"
        assert driver.execute_script("return window.location.hash") == "", "the code left the address bar"
        code_box = driver.find_element(By.ID, "code")
        assert code_box.get_attribute("value") == link.split("#")[1]
        assert not code_box.is_displayed(), "the code field is hidden when the link filled it"
        shots(driver, "reset-password")
        driver.get("about:blank")  # the language switch reloaded the page without the code: open the link anew
        driver.get(link)
        fill(driver, "password", NEW_PASSWORD)
        fill(driver, "confirmation", NEW_PASSWORD)
        submit(driver, "/reset-password")
        assert "Your password was changed." in driver.page_source
        support.sign_in(driver, server, "ada@example.org", NEW_PASSWORD)
        assert "/sign-in" not in driver.current_url

        # The link again: it says it was used, and offers a new one.
        driver.get("about:blank")
        driver.get(link)
        fill(driver, "password", "yet another password")
        fill(driver, "confirmation", "yet another password")
        submit(driver, "/reset-password")
        assert "already used" in driver.page_source
        shots(driver, "reset-password-used")

        # Reminders.
        driver.get(server.url("/account"))
        assert driver.find_element(By.CSS_SELECTOR, "a[href='/account/reminders']")
        driver.get(server.url("/account/reminders"))
        assert heading(driver) == "Reminders"
        shots(driver, "reminders")
        driver.find_element(By.ID, "quiet").click()
        submit(driver, "/account/reminders")
        assert "Saved." in driver.page_source
        assert driver.find_element(By.ID, "quiet").is_selected()

        # A used invitation link explains itself.
        driver.get(used_invitation)
        assert heading(driver) == "This invitation link cannot be used"
        shots(driver, "join-used")

        # The console: messages, staff, invitations by e-mail.
        driver.delete_all_cookies()
        support.sign_in(driver, server, server.admin_email, server.admin_password)
        driver.get(server.url("/console/messages"))
        assert heading(driver) == "Messages"
        assert "ada@example.org" in driver.page_source and "password reset" in driver.page_source
        assert link.split("#")[1] not in driver.page_source
        shots(driver, "console-messages")
        driver.get(server.url("/console/staff"))
        shots(driver, "console-staff")
        driver.get(server.url("/console/invitations"))
        fill(driver, "addresses", "bo@example.org")
        submit(driver, "/console/invitations/email")
        assert "Sent 1 invitations by email." in driver.page_source
        shots(driver, "console-invitations")
        invitation = smtp.wait_for(1, to="bo@example.org")[0]
        assert invitation["Subject"] == "You are invited to the Recover study"
        assert "/join/" in support.text_of(invitation)
    finally:
        driver.quit()
        server.stop()
        smtp.stop()
