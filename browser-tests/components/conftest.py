"""Fixtures for the component tests: a static site with the production CSP
serving the fixture pages and Sources/RecoverWeb/Assets/study, and headless
Debian Chromium driven by selenium. Every fixture name starts with
`component_` so it cannot clash with browser-tests/conftest.py."""

import html
import json
import shutil
import threading
import urllib.parse
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from .support import ASSETS, CSP, FIXTURES


def axe_script() -> str:
    import axe_playwright_python

    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()


class ComponentHandler(SimpleHTTPRequestHandler):
    """Static files with the production security headers; POST /echo shows the posted form."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript", ".svg": "image/svg+xml"}

    def end_headers(self):
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        fields = urllib.parse.parse_qs(self.rfile.read(length).decode(), keep_blank_values=True)
        body = (
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Posted</title></head>'
            f'<body><main><h1>Posted</h1><pre id="posted">{html.escape(json.dumps(fields))}</pre></main></body></html>'
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="session")
def component_site(tmp_path_factory):
    """Base URL of a loopback server with the fixtures at / and the assets at /assets/study/."""
    root = tmp_path_factory.mktemp("component-site")
    shutil.copytree(ASSETS, root / "assets" / "study")
    shutil.copy(ASSETS.parent / "app.css", root / "assets" / "app.css")  # the palette every page shares
    for page in FIXTURES.glob("*.html"):
        shutil.copy(page, root / page.name)
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(ComponentHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def make_driver(width=360, height=800, script=True):
    options = webdriver.ChromeOptions()
    if not script:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.binary_location = "/usr/lib/chromium/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    # Desktop windows cannot be narrower than about 500 px: emulate the phone viewport instead.
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True},
    )
    return driver


@pytest.fixture
def component_driver():
    """A fresh headless Chromium at a 360 px wide phone viewport; always quit."""
    driver = make_driver()
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def component_driver_without_script():
    """A headless Chromium with JavaScript turned off, for the no-script fallbacks; always quit."""
    driver = make_driver(script=False)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def component_open(component_driver, component_site):
    """Opens a fixture page; module scripts have run when `get` returns (they run before `load`)."""

    def open_page(name: str):
        component_driver.get(f"{component_site}/{name}")
        return component_driver

    return open_page


@pytest.fixture
def component_axe(component_driver):
    """Runs axe-core (WCAG 2.0 A/AA, 2.1 AA) on the current page and returns its violations."""
    source = axe_script()

    def run():
        component_driver.execute_script(source)
        result = component_driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa']}})"
            ".then(r => done(r.violations.map(v => ({id: v.id, help: v.help,"
            " nodes: v.nodes.map(n => n.target.join(' '))}))))"
            ".catch(e => done([{id: 'axe-error', help: String(e), nodes: []}]));"
        )
        return result

    return run


@pytest.fixture
def component_page_problems(component_driver):
    """Console errors (CSP violations, module failures) and horizontal overflow of the current page."""

    def problems():
        errors = [
            entry["message"]
            for entry in component_driver.get_log("browser")
            if entry["level"] == "SEVERE" and "favicon.ico" not in entry["message"]
        ]
        overflow = component_driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        if overflow > 0:
            errors.append(f"horizontal overflow of {overflow}px at 360px wide")
        return errors

    return problems


@pytest.fixture
def component_posted(request):
    """The fields posted to /echo by the last form submission (each a list of values).
    Reads the page of `driver`, by default the `component_driver` of the test."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def posted(driver=None):
        driver = driver or request.getfixturevalue("component_driver")
        element = WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, "posted"))
        return json.loads(element.text)

    return posted
