"""What rendering is asked to do and what it gives: plain data, handed to and from worker processes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..fetch import Fetched
from ..sources import Page


class RenderUnavailable(Exception):
    """Rendering was asked for but cannot be done here (no Chromium, no Playwright)."""


@dataclass(frozen=True)
class RenderOptions:
    """How to render. Plain data, so it can be handed to worker processes."""

    chromium: str
    """The Chromium executable."""
    timeout: float = 30.0
    """Seconds for loading, settling, opening and reading the page (the fetch has its own limit)."""
    settle: float = 10.0
    """Seconds to wait at most for the page to settle (no request in flight) before reading it."""
    max_network_bytes: int = 100 * 1024 * 1024
    """The most a page's own requests may download in all."""
    screenshot: bool = False
    """Take a PNG of the rendered page (kept in the WARC with --save)."""


@dataclass(frozen=True)
class Rendered:
    """A fetch and what the browser made of it. `error` is set when the rendering failed."""

    fetched: Fetched
    dom: bytes | None = None
    """The rendered DOM serialized as UTF-8: the bytes audited. None when not rendered."""
    error: str | None = None
    browser: str | None = None
    """"Chromium 156.0.8078.114"."""
    url: str | None = None
    """The URL the page was rendered at (after the fetch's redirects)."""
    refused: tuple[str, ...] = ()
    """Requests the page made that were refused, each "URL: why" on one line."""
    screenshot: bytes | None = None
    rendered_at: str = ""

    @property
    def note(self) -> dict[str, Any]:
        """What a report says of the rendering (`Report.rendered`)."""
        return {"browser": self.browser, "refused": list(self.refused)}

    def page(self, name: str) -> Page:
        got = self.fetched
        if got.error is not None or got.body is None:
            return Page(name, None, problem=got.error or "nothing was fetched", fetched=self)
        if self.error is not None:
            return Page(name, None, problem=self.error, fetched=self)
        if self.dom is None:  # not an HTML page: audited as fetched
            return Page(name, got.body, got.charset, fetched=self)
        return Page(name, self.dom, "utf-8", fetched=self, rendered=self.note)
