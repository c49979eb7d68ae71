"""Shared test data: the published figures of REFERENCE.md and the bundled rulesets; the
browser for the tests that need one."""

from __future__ import annotations

import pytest

from auditor import load_ruleset
from auditor.ruleset import Ruleset

from .browser import needs_chromium


@pytest.fixture(scope="session")
def standard() -> Ruleset:
    return load_ruleset("punto-banco")


@pytest.fixture(scope="session")
def chromium() -> str:
    """Headless Chromium's path, for every browser test: skipped without it, failed when CI is
    set (see tests/browser.py)."""
    return needs_chromium()
