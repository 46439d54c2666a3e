"""What a participant's phone downloads: the feed's first visit and a repeat visit measured with the Resource
Timing API (compressed pages and assets, fingerprinted assets cached for a year, the page revalidated with its
ETag), only the scripts a page uses, and the web-app manifest with its icons on every page."""

import gzip
import json
import urllib.error
import urllib.request

from selenium.webdriver.common.by import By

import journey
from journey import onboard
import support

TRANSFERRED = (
    "const nav = performance.getEntriesByType('navigation')[0];"
    "const resources = performance.getEntriesByType('resource');"
    "return {page: nav.transferSize, status: nav.responseStatus,"
    " resources: resources.map(r => ({name: r.name, size: r.transferSize}))};"
)


def transferred(driver) -> dict:
    return driver.execute_script(TRANSFERRED)


def total(weights: dict) -> int:
    return weights["page"] + sum(entry["size"] for entry in weights["resources"])


def test_the_feed_is_light_on_first_and_repeat_visits(server, driver):
    journey.prepare_browser(driver, server)
    journey.join_participant(driver, server, server.invitation_url, "weight@example.com")
    onboard(driver, screenshots=False)

    # A first visit: nothing of the site in the browser's cache.
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.get(server.url("/"))
    first = transferred(driver)
    assert first["status"] == 200
    assert total(first) <= 40 * 1024, first
    scripts = [entry["name"] for entry in first["resources"] if entry["name"].endswith(".js")]
    # Only the entry module and what the feed's elements need: not the 15 component modules.
    assert len(scripts) <= 3, scripts

    # A repeat visit: the page answers 304 to its ETag, the assets come from the cache.
    driver.get(server.url("/"))
    repeat = transferred(driver)
    assert total(repeat) <= 10 * 1024, repeat
    assert all(entry["size"] == 0 for entry in repeat["resources"]), repeat


def raw(url: str, headers=None):
    """A GET outside the browser: status, headers and the body bytes as sent (not decompressed)."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def test_pages_are_compressed_and_revalidated(server):
    status, headers, body = raw(server.url("/sign-in"), {"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in headers["Vary"]
    page = gzip.decompress(body).decode("utf-8")
    assert "<!doctype html>" in page and len(body) < len(page.encode()) / 2
    assert headers["Cache-Control"] == "private, no-cache"
    # The same visitor (its CSRF cookie sent back) asking again with the page's tag: 304 and no body.
    cookie = headers["Set-Cookie"].split(";")[0]
    status, headers, body = raw(server.url("/sign-in"), {"Cookie": cookie, "Accept-Encoding": "gzip"})
    tag = headers["ETag"]
    status, again, body = raw(server.url("/sign-in"), {"Cookie": cookie, "If-None-Match": tag})
    assert status == 304 and body == b"" and again["ETag"] == tag
    # Without compression offered, the page comes as it is.
    status, headers, body = raw(server.url("/sign-in"), {"Cookie": cookie})
    assert status == 200 and headers.get("Content-Encoding") is None and body.startswith(b"<!doctype html>")


def test_every_page_links_the_manifest_and_icons(server, driver):
    driver.get(server.url("/sign-in"))
    manifest = driver.find_element(By.CSS_SELECTOR, "link[rel=manifest]").get_attribute("href")
    icon = driver.find_element(By.CSS_SELECTOR, "link[rel=icon]").get_attribute("href")
    touch = driver.find_element(By.CSS_SELECTOR, "link[rel=apple-touch-icon]").get_attribute("href")
    status, headers, body = raw(manifest)
    assert status == 200 and headers["Content-Type"] == "application/manifest+json"
    document = json.loads(body)
    assert document["start_url"] == "/" and document["display"] == "standalone"
    sizes = {entry["sizes"] for entry in document["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for url in [icon, touch] + [server.url(entry["src"]) for entry in document["icons"]]:
        status, headers, body = raw(url)
        assert status == 200 and headers["Cache-Control"].endswith("immutable"), url
        assert len(body) > 100
