"""pytest fixtures: a fresh Recover server and a fresh headless Chromium per test, always cleaned up.

Builds nothing: `make test` has built `.build/debug/recover` already.
"""

import shutil

import pytest

import support


@pytest.fixture
def server():
    running = support.start_server()
    try:
        yield running
    finally:
        running.stop()
        shutil.rmtree(running.data_dir, ignore_errors=True)


@pytest.fixture
def driver():
    browser = support.start_driver()
    try:
        yield browser
    finally:
        browser.quit()
