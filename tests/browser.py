"""The one way tests open a page in a real browser (headless Chromium).

Every browser test goes through `needs_chromium()` (or the `chromium` fixture of
tests/conftest.py, which calls it): with Chromium installed the test runs; without it the test
is skipped with one line saying how to install it, unless the environment variable CI is set
(non-empty), where a missing browser fails the test: CI (.ci/run) installs it and insists.

    from tests.browser import dump_dom          # or: from ..browser import dump_dom

    def test_it(chromium, tmp_path):            # chromium: the browser's path
        dom = dump_dom(page, tmp_path / "profile", chromium)
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import lxml.html
import pytest

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
INSTALL = "apt-get install -y chromium"
TIMEOUT = 120


def find_chromium() -> str | None:
    """The path of an installed Chromium (or Chrome) on PATH, or None."""
    for name in NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def needs_chromium() -> str:
    """The browser's path; skips the calling test without one (fails it when CI is set)."""
    path = find_chromium()
    if path is not None:
        return path
    if os.environ.get("CI"):
        pytest.fail(f"Chromium is not installed and CI is set, so the browser tests must run: {INSTALL}")
    pytest.skip(f"Chromium is not installed: {INSTALL} to run the browser tests")


def dump_dom(page: Path, profile: Path, browser: str | None = None) -> lxml.html.HtmlElement:
    """The page's DOM after it loaded and its scripts (if any were allowed) ran."""
    command = [browser or needs_chromium(), "--headless", "--no-sandbox", "--disable-gpu",
               "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
               "--disable-extensions", "--mute-audio", f"--user-data-dir={profile}", "--virtual-time-budget=3000",
               "--dump-dom", page.as_uri()]
    done = subprocess.run(command, capture_output=True, timeout=TIMEOUT, check=False, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    dom = done.stdout.decode("utf-8")
    assert "<html" in dom, done.stderr.decode(errors="replace")[-2000:]
    return lxml.html.document_fromstring(dom)
