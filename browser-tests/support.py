"""Reusable helpers for Recover's browser tests: the server under test, the browser, page checks.

Every page a test visits should go through `check_page(driver, name)`: it saves a full-page
screenshot at 360 px wide under artifacts/, asserts there is no horizontal scroll, and runs
axe-core (WCAG 2.0/2.1 A and AA) expecting zero violations.
"""

import atexit
import base64
import email
import email.policy
import importlib.util
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "artifacts"
RECOVER = Path(os.environ.get("RECOVER_BIN", ROOT / ".build" / "debug" / "recover"))
WIDTH = 360
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class RecoverServer:
    """A running `recover serve` with what its first start printed."""

    process: subprocess.Popen
    data_dir: Path
    base_url: str
    admin_email: str
    admin_password: str
    invitation_url: str
    output: list = field(default_factory=list)

    def url(self, path: str) -> str:
        return self.base_url + path

    def stop(self) -> int:
        """SIGTERM, then SIGKILL if it does not exit; returns the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        return self.process.returncode

    def invite(self, count: int = 1) -> list:
        """New invitation links from `recover invite` on the same data folder."""
        result = subprocess.run(
            [str(RECOVER), "invite", "--count", str(count), "--data-dir", str(self.data_dir),
             "--base-url", self.base_url],
            capture_output=True, text=True, timeout=30, check=True)
        return re.findall(r"https?://\S+/join/\S+", result.stdout)


def start_server(extra_args=(), port: int = 0) -> RecoverServer:
    """Starts the already-built server on loopback with a fresh data folder, on `port` or, by default, on a port
    the server picks itself (`--port 0`; its first line gives the URL), so parallel test workers never race
    for a probed port."""
    if not RECOVER.exists():
        raise RuntimeError(f"{RECOVER} is missing: run `swift build` first")
    data_dir = Path(tempfile.mkdtemp(prefix="recover-browser-"))
    process = subprocess.Popen(
        [str(RECOVER), "serve", "--data-dir", str(data_dir), "--host", "127.0.0.1", "--port", str(port),
         *extra_args],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    lines: "queue.Queue[str]" = queue.Queue()

    def pump():
        for line in process.stdout:
            lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    seen, values = [], {}
    deadline = time.time() + 30
    try:
        while "Invitation" not in values:
            if time.time() > deadline or process.poll() is not None:
                raise RuntimeError("server did not print its first-start lines:\n" + "".join(seen))
            try:
                line = lines.get(timeout=0.5)
            except queue.Empty:
                continue
            seen.append(line)
            if line.startswith("Recover is running at "):
                values["url"] = line.split(" at ", 1)[1].strip().rstrip("/")
            match = re.match(r"\s+(Admin email|Admin password|Invitation):\s+(\S+)", line)
            if match:
                values[match.group(1)] = match.group(2)
    except BaseException:
        process.kill()
        process.wait()
        shutil.rmtree(data_dir, ignore_errors=True)
        raise
    return RecoverServer(process, data_dir, values["url"], values["Admin email"], values["Admin password"],
                         values["Invitation"], seen)


class SMTPCapture:
    """A real SMTP server (aiosmtpd with Tests/MailTestSupport/smtp_capture.py) on a free loopback port,
    writing each message it accepts to a folder; `messages()` reads them back with Python's email parser."""

    def __init__(self):
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="recover-smtp-"))
        support_dir = Path(__file__).resolve().parent.parent / "Tests" / "MailTestSupport"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "aiosmtpd", "-n", "-l", f"127.0.0.1:{self.port}", "-c", "smtp_capture.Capture",
             str(self.folder)],
            env={**os.environ, "PYTHONPATH": str(support_dir)}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 15
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if time.time() > deadline:
                    self.stop()
                    raise RuntimeError("aiosmtpd did not start")
                time.sleep(0.1)

    def server_args(self, public_url: str) -> list:
        """The `recover serve` options that send mail through this server, with links on `public_url`."""
        return ["--smtp-url", f"smtp://127.0.0.1:{self.port}?tls=none", "--mail-from", "study@recover.test",
                "--public-url", public_url]

    def messages(self) -> list:
        return [email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
                for path in sorted(self.folder.glob("*.eml"))]

    def wait_for(self, count: int, to: str = None, timeout: float = 40) -> list:
        """The messages (to `to`, when given) once there are `count` (the server's sender runs every 15 s)."""
        deadline = time.time() + timeout
        while len(found := [m for m in self.messages() if to is None or m["To"] == to]) < count:
            if time.time() > deadline:
                raise AssertionError(f"{len(found)} messages arrived, expected {count}")
            time.sleep(0.25)
        return found

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)


def text_of(message) -> str:
    """The plain-text part of a received message."""
    return message.get_body(preferencelist=("plain",)).get_content()


def switch_language(driver, tag: str) -> None:
    """Switches the page's language with the layout's language buttons."""
    page = driver.find_element(By.TAG_NAME, "html")
    open_menu_for(driver, driver.find_element(By.CSS_SELECTOR, f"form.language-switch button[value='{tag}']")).click()
    wait(driver, 15).until(lambda _: replaced(page))
    wait(driver, 15).until(lambda d: d.execute_script("return document.readyState") == "complete")


def open_menu_for(driver, element):
    """`element`, after opening the header's menu with its button when the element is in the closed menu
    (signed in, narrow screens: the links and the language switch are under "Menu"). On a wide screen they are
    shown inline though the `<details>` is closed, which Selenium's `is_displayed` (and so its click) takes for
    hidden: there the `open` attribute is set, which changes nothing on the screen."""
    if driver.execute_script("return arguments[0].checkVisibility()", element):
        driver.execute_script("const menu = arguments[0].closest('details.site-menu'); if (menu) menu.open = true",
                              element)
    else:
        menus = driver.find_elements(By.CSS_SELECTOR, "details.site-menu:not([open]) > summary")
        if menus and menus[0].is_displayed():
            menus[0].click()
    return element


def shots(driver, name: str) -> None:
    """The page in English, at 150% text, and in Chinese (then back to English), each checked."""
    check_page(driver, name + "-en")
    large_text(driver)
    check_page(driver, name + "-en-large-text")
    driver.refresh()
    switch_language(driver, "zh-Hans")
    check_page(driver, name + "-zh")
    large_text(driver)
    check_page(driver, name + "-zh-large-text")
    driver.refresh()
    switch_language(driver, "en")


def start_driver(width: int = WIDTH, height: int = 800, extra_flags=()) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/lib/chromium/chromium")
    # Without the browser's own background work (updates, sync, extensions), which no test looks at and which
    # competes with the tests for the two cores.
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--disable-extensions", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-default-apps", "--no-first-run",
                 "--disable-features=Translate,OptimizationHints,MediaRouter",
                 f"--window-size={width},{height}", "--lang=en-US", *extra_flags):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    # Headless windows have a minimum width above 360 px: emulate the phone's viewport instead.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    return driver


_SHARED = None


def shared_driver() -> webdriver.Chrome:
    """This process's Chromium, started on first use and again if it died: starting one costs about a CPU
    second, once per test when every test had its own."""
    global _SHARED
    if _SHARED is not None:
        try:
            _SHARED.window_handles
        except WebDriverException:
            _SHARED = None
    if _SHARED is None:
        _SHARED = start_driver()
        atexit.register(_SHARED.quit)
    return _SHARED


def enter_fresh_tab(driver, width: int = WIDTH, height: int = 800) -> None:
    """Moves `driver` to a new tab with the phone's viewport (as `start_driver` sets it) and closes the others,
    after clearing what earlier tests left in the browser: cookies (a cookie is the host's, whatever the port,
    so one server's session cookie would reach the next server), every origin's storage, caches and service
    workers, and granted permissions. Emulation an earlier test set (time zone, sensors, scripts off) belonged
    to its tab and went with it."""
    previous = driver.window_handles
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": "*", "storageTypes": "all"})
    driver.execute_cdp_cmd("Browser.resetPermissions", {})
    driver.switch_to.new_window("tab")
    fresh = driver.current_window_handle
    for handle in previous:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(fresh)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})


def http(method: str, url: str, data: bytes = None, headers=None):
    """A request outside the browser; returns (status, headers, body text) without raising on 4xx."""
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode("utf-8")


def wait(driver, seconds: float) -> WebDriverWait:
    """A wait that polls through an element going stale as well as through one not there yet: a condition that
    finds an element and then reads it races the page replacing it, which is no failure of the page."""
    return WebDriverWait(driver, seconds,
                         ignored_exceptions=(NoSuchElementException, StaleElementReferenceException))


def screenshot(driver, name: str) -> Path:
    """A full-page PNG (beyond the viewport) under artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics.get("cssContentSize") or metrics["contentSize"]
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1},
    })
    path = ARTIFACTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '-', name)}.png"
    path.write_bytes(base64.b64decode(shot["data"]))
    return path


def axe_source() -> str:
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("axe-playwright-python is not installed in the test environment")
    return (Path(list(spec.submodule_search_locations)[0]) / "axe.min.js").read_text()


_AXE = None


def axe_violations(driver) -> list:
    """axe-core's violations for the current page, limited to WCAG 2.x A/AA rules. Every rule runs and every
    violating node is reported; `resultTypes` only spares axe from listing each node that passed."""
    global _AXE
    if _AXE is None:
        _AXE = axe_source()
    # Injected once per document: parsing its half a megabyte again for every check costs the browser more than
    # the check itself.
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(_AXE)
    driver.set_script_timeout(30)
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})"
        ".then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.map(n => n.target.join(' '))}))))"
        ".catch(e => done([{id: 'axe-error', help: String(e), nodes: []}]));",
        AXE_TAGS)


def check_page(driver, name: str) -> None:
    """Screenshot at 360 px, no horizontal scroll, zero axe violations."""
    screenshot(driver, name)
    scroll_width = driver.execute_script("return document.documentElement.scrollWidth")
    assert scroll_width <= WIDTH, f"{name}: horizontal scroll ({scroll_width}px wide)"
    violations = axe_violations(driver)
    assert violations == [], f"{name}: axe violations: {violations}"


def large_text(driver) -> None:
    """Text at 150%, as a browser's text zoom gives it (rem-based sizes follow the root size)."""
    driver.execute_script("document.documentElement.style.fontSize = '150%'")


def fill(driver, field_id: str, text: str) -> None:
    # Under heavy load Chromium has been seen to answer "Node with given id does not belong to the
    # document" for an element found a moment earlier; find it again once before giving up.
    for attempt in range(2):
        try:
            element = driver.find_element(By.ID, field_id)
            element.clear()
            element.send_keys(text)
            return
        except (StaleElementReferenceException, WebDriverException) as error:
            if attempt == 1 or "does not belong to the document" not in str(error) and not isinstance(
                    error, StaleElementReferenceException):
                raise


def submit(driver, form_action: str) -> None:
    """Clicks the submit button of the form posting to `form_action`."""
    # The same load-induced "does not belong to the document" as in `fill`: the click did not happen, so
    # finding the button again once is safe.
    for attempt in range(2):
        try:
            page = driver.find_element(By.TAG_NAME, "html")
            open_menu_for(driver, driver.find_element(
                By.CSS_SELECTOR, f"form[action='{form_action}'] button[type=submit]")).click()
            break
        except WebDriverException as error:
            if attempt == 1 or "does not belong to the document" not in str(error):
                raise
    wait(driver, 15).until(lambda _: replaced(page))
    wait(driver, 15).until(lambda d: d.execute_script("return document.readyState") == "complete")


def replaced(element) -> bool:
    """Whether `element` has left the document (selenium's `staleness_of`, but Chromium under load also says
    so with "does not belong to the document", and asked while the old document is being torn down it may
    answer "unhandled inspector error": not known yet, so the wait asks again)."""
    try:
        element.is_enabled()
        return False
    except StaleElementReferenceException:
        return True
    except WebDriverException as error:
        if "does not belong to the document" in str(error):
            return True
        if "unhandled inspector error" in str(error):
            return False
        raise


def sign_in(driver, server: RecoverServer, email: str, password: str) -> None:
    driver.get(server.url("/sign-in"))
    fill(driver, "email", email)
    fill(driver, "password", password)
    submit(driver, "/sign-in")


def join(driver, invitation_url: str, email: str, password: str) -> None:
    """Joins through the invitation, then signs in on the page the join answers with (the same answer
    whether or not the e-mail had an account, so it cannot sign anyone in by itself)."""
    driver.get(invitation_url)
    fill(driver, "email", email)
    fill(driver, "password", password)
    fill(driver, "confirmation", password)
    submit(driver, "/join/" + invitation_url.rsplit("/", 1)[1])
    fill(driver, "email", email)
    fill(driver, "password", password)
    submit(driver, "/sign-in")


def select_option(driver, select_id: str, value: str) -> None:
    from selenium.webdriver.support.ui import Select
    Select(driver.find_element(By.ID, select_id)).select_by_value(value)
