"""The site header in a real browser: on a wide screen the links sit inline in one row, with no "Menu"; on a
phone (or with text too large for the row) they are under the "Menu" disclosure. Either way there is one set
of links: the hidden summary, or the closed menu's links, can neither be tabbed to nor be found in the
accessibility tree. At 1280 px and 200% text the header still fits; the console has the same header."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import support
from support import join, sign_in

PASSWORD = "correct horse battery staple"
DESKTOP = 1280


def resize(driver, width: int, mobile: bool) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 800, "deviceScaleFactor": 1, "mobile": mobile})
    driver.refresh()


def shown(driver, selector: str) -> list:
    """The texts of the header's elements matching `selector` that are rendered (`checkVisibility`: Selenium's
    own `is_displayed` calls everything in a closed `<details>` hidden, even when the style shows it)."""
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].filter((e) => e.checkVisibility())"
        ".map((e) => e.textContent.trim())", selector)


def header_links(driver) -> list:
    return shown(driver, ".site-nav a, .site-nav button")


def tab_stops(driver) -> list:
    """What the Tab key reaches in the header, in order, from the top of the page (the skip link, before the
    header, left out)."""
    driver.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    body = driver.find_element(By.TAG_NAME, "body")
    stops = []
    for _ in range(12):
        body.send_keys(Keys.TAB) if not stops else driver.switch_to.active_element.send_keys(Keys.TAB)
        element = driver.switch_to.active_element
        if not driver.execute_script("return !!arguments[0].closest('.site-header')", element):
            if stops:
                break
            continue
        stops.append(driver.execute_script("return arguments[0].textContent.trim()", element))
    return stops


def accessible_names(driver) -> set:
    """The names of the header's links, buttons and disclosure in Chromium's accessibility tree (ignored
    nodes left out): what a screen reader can announce."""
    driver.execute_cdp_cmd("Accessibility.enable", {})
    nodes = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    names = set()
    for node in nodes:
        if node.get("ignored"):
            continue
        role = node.get("role", {}).get("value")
        name = node.get("name", {}).get("value")
        if role in ("link", "button", "DisclosureTriangle") and name:
            names.add(name)
    return names


def header_overflow(driver) -> dict:
    return driver.execute_script(
        "const h = document.querySelector('.site-header');"
        "const right = Math.max(...[...h.querySelectorAll('*')].filter((e) => e.getClientRects().length)"
        "  .map((e) => e.getBoundingClientRect().right));"
        "return {scroll: h.scrollWidth, client: h.clientWidth, right: right, page: document.documentElement.scrollWidth,"
        "  height: h.getBoundingClientRect().height};")


def test_header_is_inline_on_a_wide_screen_and_a_menu_on_a_phone(server):
    driver = support.start_driver(width=DESKTOP, height=800)
    try:
        resize(driver, DESKTOP, mobile=False)
        join(driver, server.invitation_url, "wide@example.com", PASSWORD)
        assert header_links(driver) == ["Home", "Progress", "Account", "中文", "Sign out"], "inline, no click"
        assert shown(driver, ".site-menu > summary") == [], "no Menu button on a wide screen"
        stops = tab_stops(driver)
        assert stops == ["Recover", "Home", "Progress", "Account", "中文", "Sign out"], stops
        names = accessible_names(driver)
        assert {"Home", "Progress", "Account", "Sign out"} <= names and "Menu" not in names, names
        sizes = driver.execute_script(
            "return [...document.querySelectorAll('.site-nav a, .site-nav button')]"
            ".map((e) => [e.getBoundingClientRect().width, e.getBoundingClientRect().height])")
        assert all(width >= 44 and height >= 44 for width, height in sizes), sizes
        geometry = header_overflow(driver)
        assert geometry["height"] <= 56, f"one row: {geometry}"
        support.screenshot(driver, "header-desktop-en")

        # 150% and 200% text at 1280 px: the row still fits (or the menu comes back); nothing sideways.
        for size in ("150%", "200%"):
            driver.execute_script(f"document.documentElement.style.fontSize = '{size}'")
            geometry = header_overflow(driver)
            assert geometry["scroll"] <= geometry["client"], f"{size}: {geometry}"
            assert geometry["right"] <= DESKTOP and geometry["page"] <= DESKTOP, f"{size}: {geometry}"
            assert geometry["height"] <= 100, f"{size}: one row, {geometry}"
            support.screenshot(driver, f"header-desktop-en-{size[:-1]}-text")

        # A phone: the Menu summary, the links only after opening it.
        resize(driver, support.WIDTH, mobile=True)
        assert shown(driver, ".site-menu > summary") == ["Menu"]
        assert header_links(driver) == []
        stops = tab_stops(driver)
        assert stops == ["Recover", "Menu"], "the closed menu's links are not tab stops"
        names = accessible_names(driver)
        assert "Menu" in names and not names & {"Home", "Progress", "Account", "Sign out"}, names
        driver.find_element(By.CSS_SELECTOR, ".site-menu > summary").click()
        assert header_links(driver) == ["Home", "Progress", "Account", "中文", "Sign out"]
        support.screenshot(driver, "header-phone-menu-en")
        # The phone at 150% text, in English and Chinese: still one row, the menu's links on the screen.
        for tag, name in (("en", "en"), ("zh-Hans", "zh")):
            if tag != "en":
                support.switch_language(driver, tag)
            support.large_text(driver)
            assert shown(driver, ".site-menu > summary") == ["Menu" if tag == "en" else "菜单"]
            driver.execute_script("document.querySelector('.site-menu').open = true")
            geometry = header_overflow(driver)
            assert geometry["height"] <= 70 and geometry["page"] <= support.WIDTH, f"{tag}: {geometry}"
            support.screenshot(driver, f"header-phone-large-text-{name}")
            driver.refresh()
        support.switch_language(driver, "en")
    finally:
        driver.quit()


def test_console_header_is_inline_at_1280(server):
    driver = support.start_driver(width=DESKTOP, height=800)
    try:
        resize(driver, DESKTOP, mobile=False)
        sign_in(driver, server, server.admin_email, server.admin_password)
        assert driver.current_url == server.url("/console")
        assert header_links(driver) == ["Console", "Account", "中文", "Sign out"]
        assert shown(driver, ".site-menu > summary") == []
        assert header_overflow(driver)["page"] <= DESKTOP
        support.screenshot(driver, "header-console-desktop-en")
        support.switch_language(driver, "zh-Hans")
        assert shown(driver, ".site-menu > summary") == []
        assert len(header_links(driver)) == 4
        support.screenshot(driver, "header-console-desktop-zh")
    finally:
        driver.quit()
