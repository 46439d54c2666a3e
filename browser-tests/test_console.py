"""Research console journeys in a real browser: the admin signs in with the printed password, sees the
dashboard, creates and revokes invitations, finds a participant who joined through one and opens their
page; a researcher added from the console gets 403 pages on admin functions; a participant never reaches
the console. Every page is checked at 360 px (no horizontal scroll, screenshot) with zero axe violations."""

import hashlib
import re
import subprocess

from selenium.webdriver.common.by import By

import support
from support import check_page, fill, join, sign_in, submit

PASSWORD = "correct horse battery staple"


def heading(driver) -> str:
    return driver.find_element(By.TAG_NAME, "h1").text


def main_text(driver) -> str:
    return driver.find_element(By.TAG_NAME, "main").text


def follow(driver, link_text: str) -> None:
    """Clicks a link and waits for the next page to load."""
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.LINK_TEXT, link_text).click()
    support.wait(driver, 15).until(lambda _: support.replaced(page))
    support.wait(driver, 15).until(lambda d: d.execute_script("return document.readyState") == "complete")


def statuses(driver) -> list:
    return [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, ".data-table tbody .badge")]


def test_admin_console_journey(server, driver):
    sign_in(driver, server, server.admin_email, server.admin_password)
    assert driver.current_url == server.url("/console")
    assert heading(driver) == "Research console"
    assert "Study adherence per day" in main_text(driver)
    assert driver.find_element(By.CSS_SELECTOR, "svg.chart-svg[role=img]")
    check_page(driver, "console-dashboard")

    follow(driver, "Invitations")
    assert heading(driver) == "Invitations"
    assert statuses(driver) == ["open"], "the first start's demo invitation"
    fill(driver, "count", "2")
    submit(driver, "/console/invitations")
    assert "Created 2 invitation links." in main_text(driver)
    assert statuses(driver) == ["open", "open", "open"]
    check_page(driver, "console-invitations")

    # The new links are shown once, in this answer; the list names invitations by their code's hash only.
    links = [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, "ul.links code.link")]
    assert len(links) == 2
    revoked_code = links[0].rsplit("/", 1)[1]
    assert revoked_code not in driver.find_element(By.CSS_SELECTOR, ".data-table").text
    submit(driver, f"/console/invitations/{hashlib.sha256(revoked_code.encode()).hexdigest()}/revoke")
    assert "The invitation is revoked." in main_text(driver)
    assert sorted(statuses(driver)) == ["open", "open", "revoked"]
    check_page(driver, "console-invitations-revoked")
    invitation = links[1]

    submit(driver, "/sign-out")
    driver.get(links[0])
    assert "The study team has withdrawn this invitation." in main_text(driver), "a revoked link no longer works"
    join(driver, invitation, "pat@example.com", PASSWORD)
    submit(driver, "/sign-out")

    sign_in(driver, server, server.admin_email, server.admin_password)
    follow(driver, "Participants")
    assert heading(driver) == "Participants"
    assert "Participants (1 in all)" in main_text(driver)
    check_page(driver, "console-participants")
    fill(driver, "q", "nobody")
    submit(driver, "/console/participants")
    assert "No participants match." in main_text(driver)
    fill(driver, "q", "pat@")
    submit(driver, "/console/participants")
    follow(driver, "pat@example.com")
    assert heading(driver) == "pat@example.com"
    text = main_text(driver)
    assert "Profile" in text and "Audit entries" in text and "Outcomes" in text
    assert re.search(r"admin@recover\.local\s+read", text), "the staff read is in the participant's audit list"
    check_page(driver, "console-participant")

    submit(driver, "/language")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hans"
    assert heading(driver) == "pat@example.com"
    assert "基本信息" in main_text(driver)
    check_page(driver, "console-participant-zh")
    driver.get(server.url("/console"))
    assert heading(driver) == "研究控制台"
    check_page(driver, "console-dashboard-zh")


def test_researcher_gets_forbidden_pages_on_admin_functions(server, driver):
    sign_in(driver, server, server.admin_email, server.admin_password)
    driver.get(server.url("/console/staff"))
    assert heading(driver) == "Study team"
    fill(driver, "email", "res@example.com")
    submit(driver, "/console/staff")
    password = driver.find_element(By.CSS_SELECTOR, ".secret").text
    assert len(password) == 20
    check_page(driver, "console-staff-added")
    submit(driver, "/sign-out")

    sign_in(driver, server, "res@example.com", password)
    assert driver.current_url == server.url("/console")
    nav = driver.find_element(By.CSS_SELECTOR, ".console-nav").text
    assert "Invitations" not in nav and "Staff" not in nav
    for path in ("/console/invitations", "/console/staff"):
        driver.get(server.url(path))
        assert heading(driver) == "Not allowed"
        assert "Only study administrators" in main_text(driver)
    check_page(driver, "console-researcher-forbidden")
    driver.get(server.url("/console/export"))
    assert heading(driver) == "Export"
    check_page(driver, "console-export")


def test_participant_never_reaches_the_console(server, driver):
    join(driver, server.invitation_url, "pat@example.com", PASSWORD)
    for path in ("/console", "/console/participants", "/console/invitations"):
        driver.get(server.url(path))
        assert heading(driver) == "Not allowed"
    check_page(driver, "console-participant-forbidden")


def test_console_with_demo_data(server, driver):
    subprocess.run(
        [str(support.RECOVER), "demo-data", "--participants", "30", "--days", "14", "--seed", "7",
         "--data-dir", str(server.data_dir)],
        capture_output=True, text=True, timeout=120, check=True)
    sign_in(driver, server, server.admin_email, server.admin_password)
    text = main_text(driver)
    assert re.search(r"30\s+joined", text), text
    rows = driver.find_elements(By.CSS_SELECTOR, ".chart-table tbody tr, .chart .data-table tbody tr")
    assert len(rows) == 28, "one table row per day of the adherence chart"
    check_page(driver, "console-dashboard-demo")

    driver.get(server.url("/console/participants?sort=adherence"))
    assert "Participants (30 in all)" in main_text(driver)
    assert len(driver.find_elements(By.CSS_SELECTOR, ".data-table tbody tr")) == 25
    assert len(driver.find_elements(By.CSS_SELECTOR, ".badge.synthetic")) == 25
    check_page(driver, "console-participants-demo")
    follow(driver, "Next")
    assert len(driver.find_elements(By.CSS_SELECTOR, ".data-table tbody tr")) == 5
    check_page(driver, "console-participants-demo-page-2")

    driver.find_element(By.CSS_SELECTOR, ".data-table tbody a").click()
    support.wait(driver, 15).until(lambda d: "/console/participants/" in d.current_url)
    support.wait(driver, 15).until(lambda d: d.find_elements(By.ID, "profile-heading"))
    text = main_text(driver)
    assert "verified: unchanged since signing" in text
    assert "Pain" in text
    image = driver.find_element(By.CSS_SELECTOR, "img.signature-image")
    assert driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image)
    for summary in driver.find_elements(By.CSS_SELECTOR, "details.chart-data summary"):
        summary.click()
    check_page(driver, "console-participant-demo")

    follow(driver, "Printable signed copy")
    assert heading(driver) == "Signed consent (staff copy)"
    assert "Meaning of the signature" in main_text(driver)
    check_page(driver, "console-consent-copy")
