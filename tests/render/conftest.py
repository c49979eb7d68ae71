"""Browser tests: a loopback server with app pages, and Chromium through the shared helper
(tests/browser.py), with Playwright."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable
from dataclasses import replace

import pytest

from auditor.fetch import FetchOptions
from auditor.render import RenderOptions
from tests.browser import needs_chromium
from tests.fetch.conftest import FIXTURES, TestServer, loopback_only, send, server  # noqa: F401 - fixtures

__all__ = ["FIXTURES", "TestServer", "chromium", "json_route", "render_options", "send"]


def chromium() -> str:
    """The Chromium executable (the shared helper, tests/browser.py: skipped without it, failed
    under CI), and Playwright, which --render drives it with."""
    path = needs_chromium()
    if importlib.util.find_spec("playwright") is None:
        missing = "Playwright is not installed (pip install -e '.[test]')"
        if os.environ.get("CI"):
            pytest.fail(f"{missing}; CI needs it for the browser tests")
        pytest.skip(missing)
    return path


def render_options(**changes: object) -> FetchOptions:
    """Fetching for tests (the loopback server allowed, short limits) with rendering."""
    rendering = replace(RenderOptions(chromium(), timeout=8.0, settle=3.0), **changes)  # type: ignore[arg-type]
    return FetchOptions(allow_private=True, timeout=(2.0, 5.0), retries=0, deadline=20.0, render=rendering)


def json_route(payload: bytes) -> Callable[[object], None]:
    return lambda h: send(h, payload, content_type="application/json")  # type: ignore[arg-type]
