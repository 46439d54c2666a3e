"""The study's database out of reach (a PostgreSQL server restarting): a signed-in page answers 503 with a
readable page saying to try again in a minute and that answers being sent were not saved (that later
requests succeed without restarting Recover is MultiInstanceTests' part). Screenshots at 360 px and 150% text,
in English and Chinese."""

import os
import subprocess
from pathlib import Path

from selenium.webdriver.common.by import By

import support
from journey import heading, main_text

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "postgres-test-cluster.sh"


def cluster(command: str, folder: Path) -> str:
    env = {**os.environ, "RECOVER_TEST_CLUSTER_DIR": str(folder)}
    env.pop("RECOVER_TEST_DATABASE_URL", None)
    done = subprocess.run(["bash", str(SCRIPT), command], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"cluster {command}: {done.stderr[-500:]}"
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""


def test_the_database_out_of_reach_is_a_readable_503_page(driver):
    folder = Path(f"/tmp/recover-browser-pg-{os.getpid()}")
    url = cluster("start", folder)
    server = support.start_server(["--database", url])
    try:
        support.sign_in(driver, server, server.admin_email, server.admin_password)
        driver.get(server.url("/console"))
        assert "Participants" in main_text(driver)

        subprocess.run(["bash", str(SCRIPT), "stop"], env={**os.environ, "RECOVER_TEST_CLUSTER_DIR": str(folder)},
                       check=True, timeout=120)
        status, headers, _ = support.http("GET", server.url("/console"), headers={"Cookie": "; ".join(
            f"{c['name']}={c['value']}" for c in driver.get_cookies())})
        assert status == 503
        assert headers.get("Retry-After") == "5"
        driver.get(server.url("/console"))
        assert heading(driver) == "Please try again in a minute"
        assert "they were not saved yet" in main_text(driver)
        support.check_page(driver, "database-unavailable")
        support.large_text(driver)
        support.check_page(driver, "database-unavailable-150")

        driver.add_cookie({"name": "recover_lang", "value": "zh-Hans", "path": "/"})
        driver.get(server.url("/console"))
        assert heading(driver) == "请稍后再试"
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hans"
        support.check_page(driver, "database-unavailable-zh")
        support.large_text(driver)
        support.check_page(driver, "database-unavailable-zh-150")
    finally:
        code = server.stop()
        subprocess.run(["bash", str(SCRIPT), "stop"], env={**os.environ, "RECOVER_TEST_CLUSTER_DIR": str(folder)},
                       timeout=120)
    assert code == 0
