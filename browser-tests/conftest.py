"""pytest fixtures: a fresh Recover server and a fresh tab of one headless Chromium per test process
(cleared of what earlier tests left) per test, always cleaned up.

Builds nothing: `make test` has built `.build/debug/recover` already.
"""

import shutil

import pytest

import journey
import support


@pytest.fixture
def server():
    running = support.start_server()
    try:
        yield running
    finally:
        code = running.stop()
        shutil.rmtree(running.data_dir, ignore_errors=True)
        assert code == 0, f"recover serve exited {code} on SIGTERM (expected a graceful stop)"



@pytest.fixture
def driver():
    """The process's Chromium (support.shared_driver) in a fresh tab, with nothing of earlier tests."""
    browser = support.shared_driver()
    support.enter_fresh_tab(browser)
    return browser


@pytest.fixture
def clocked():
    """A server whose study day a test can move (journey.ClockedServer)."""
    running = journey.ClockedServer()
    try:
        yield running
    finally:
        running.stop()


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "long: a test that runs a minute or more (real tones, several accounts); scheduled first")


def pytest_collection_modifyitems(config, items):
    """Long tests first, so parallel workers (scripts/browser-test.sh) do not end waiting on one of them."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)
