"""The participant's access log in a real browser: the admin opens a participant's page in the console, an
operator exports the study with `recover export` on the server, and the participant then reads on
"Who has viewed your data" who it was and when, newest first, in English and Chinese. Every page is checked
at 360 px and at 150% text (no horizontal scroll, screenshot) with zero axe violations."""

import getpass
import os
import subprocess
import tempfile

from selenium.webdriver.common.by import By

import support
from support import check_page, join, shots, sign_in, submit
from test_console import follow, heading, main_text

PASSWORD = "correct horse battery staple"


def entries(driver) -> list:
    return [item.text for item in driver.find_elements(By.CSS_SELECTOR, "li.access-entry")]


def test_staff_views_and_command_line_exports_appear_on_the_participants_access_log(server, driver):
    join(driver, server.invitation_url, "pat@example.com", PASSWORD)
    driver.get(server.url("/account"))
    follow(driver, "Who has viewed your data")
    assert heading(driver) == "Who has viewed your data"
    assert "Nobody from the study team has viewed or exported your data yet." in main_text(driver)
    check_page(driver, "access-log-empty")
    submit(driver, "/sign-out")

    sign_in(driver, server, server.admin_email, server.admin_password)
    driver.get(server.url("/console/participants?q=pat%40"))
    follow(driver, "pat@example.com")
    assert heading(driver) == "pat@example.com"
    submit(driver, "/sign-out")

    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run(
            [str(support.RECOVER), "export", "--format", "csv", "--out", os.path.join(folder, "study.csv"),
             "--data-dir", str(server.data_dir)], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr

    sign_in(driver, server, "pat@example.com", PASSWORD)
    driver.get(server.url("/account"))
    follow(driver, "Who has viewed your data")
    listed = entries(driver)
    assert len(listed) == 2, listed
    user = getpass.getuser()
    assert listed[0].startswith(f"Operator (command line, user {user})\nExported your data (CSV file)\n"), listed
    assert listed[1].startswith(
        f"Study administrator {server.admin_email}\nViewed your records in the study console\n"), listed
    shots(driver, "access-log")

    support.switch_language(driver, "zh-Hans")
    listed = entries(driver)
    assert listed[0].startswith(f"运维人员（命令行，用户 {user}）\n导出了您的数据（CSV 文件）"), listed
    assert listed[1].startswith(f"研究管理员 {server.admin_email}\n在研究控制台中查看了您的记录"), listed
    support.switch_language(driver, "en")
