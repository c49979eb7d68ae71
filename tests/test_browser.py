"""The browser helper every browser test uses: run with Chromium, skip without it, fail
without it when CI is set."""

from __future__ import annotations

import pytest

from .browser import INSTALL, needs_chromium


@pytest.fixture
def no_browser(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))


def test_without_chromium_the_test_is_skipped_with_how_to_install_it(no_browser, monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception) as skipped:
        needs_chromium()
    assert INSTALL in str(skipped.value) and "\n" not in str(skipped.value)


def test_an_empty_ci_variable_does_not_insist(no_browser, monkeypatch):
    monkeypatch.setenv("CI", "")
    with pytest.raises(pytest.skip.Exception):
        needs_chromium()


def test_without_chromium_on_ci_the_test_fails(no_browser, monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception) as failed:
        needs_chromium()
    assert INSTALL in str(failed.value)


@pytest.mark.parametrize("ci", ["", "true"])
def test_with_chromium_its_path_is_given(tmp_path, monkeypatch, ci):
    browser = tmp_path / "chromium"
    browser.write_text("#!/bin/sh\n")
    browser.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("CI", ci)
    assert needs_chromium() == str(browser)
