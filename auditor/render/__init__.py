"""Rendering pages built by scripts: load a URL in headless Chromium and keep the DOM it settles on.

The page is fetched first, as always (`auditor.fetch`: robots.txt, the address checks, the size
and time limits), and that response, as received, is what the browser is given for the page
itself: the rendered DOM derives from the bytes the WARC keeps. Everything else the page's
scripts ask for goes through the browser, and every such request passes two gates:

- Playwright's request routing: each http(s) URL is checked as a fetch would be (no private,
  loopback or link-local address unless allowed; robots.txt unless told not to), and a
  navigation away from the page is not followed. A refused request is listed in the report.
- A SOCKS5 proxy of this module's own, through which Chromium sends every connection it makes
  (WebSockets and loopback included; Chromium resolves no names itself). It lets through only
  connections to the hosts the routing let the current page ask for (so neither the browser's
  own background traffic nor anything the routing never saw leaves), resolves the host, refuses
  non-public addresses unless allowed, connects to the very address it checked (so a name that
  changes its answer between the two gates gains nothing) and counts the bytes a page downloads
  in all, closing its connections past the cap.

The page is loaded until it settles (no request in flight for half a second, or a time limit),
the parts a reader would open are opened (`<details>`, buttons with `aria-expanded="false"`,
tabs), it settles again, and its DOM is serialized, with what its iframes show added at the end
of its body (the extractor reads no <iframe> element itself). A page that never settles, keeps the
browser busy, crashes the renderer or grows past the size limit gives an error naming why; a
watchdog ends the browser at the time limit whatever it is doing. Nothing the page's scripts do
reaches the report but the DOM's text, which the extractor reads as any page's (scripts dropped)
and every format escapes.

One browser per process, reused page after page, one page at a time: with `--jobs N`, at most N
pages render at once.

Here: `render` and `find_chromium`; `model` (options and results, plain data), `_browser` (the
browser and one page's job), `_gate` (the proxy), `_page_js` (what runs in the page to open it).
"""

from __future__ import annotations

import os
import shutil

from ..fetch import Fetched, FetchOptions, _line, fetch
from ..sources import Page
from .model import Rendered, RenderOptions, RenderUnavailable

CHROMIUM_ENV = "RULES_AUDITOR_CHROMIUM"
"""Environment variable naming the Chromium executable (default: `chromium` on the PATH)."""
CHROMIUM_NAMES = ("chromium", "chromium-browser")


def find_chromium() -> str:
    """The Chromium executable to use, or RenderUnavailable saying what is missing."""
    try:
        import playwright.sync_api  # noqa: F401 - only whether it is there
    except ImportError:
        raise RenderUnavailable("--render needs the playwright package: pip install 'rules-auditor[render]'"
                                ) from None
    named = os.environ.get(CHROMIUM_ENV)
    if named:
        path = shutil.which(named)
        if path is None:
            raise RenderUnavailable(f"--render needs Chromium: {CHROMIUM_ENV}={named} is not an executable")
        return path
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path is not None:
            return path
    raise RenderUnavailable("--render needs Chromium, which is not installed (apt-get install chromium)")


def render(url: str, options: FetchOptions) -> Rendered:
    """Fetch `url` and render it in the browser. Never raises: a failure sets `error`."""
    got = fetch(url, options)
    if got.error is not None or got.body is None or not _is_html(got):
        return Rendered(got)
    from ._browser import session_for

    ropts: RenderOptions = options.render
    try:
        session = session_for(ropts.chromium)
    except Exception as err:  # noqa: BLE001 - a browser that cannot start is this page's error
        return Rendered(got, error=_line(f"the browser could not start: {err.__class__.__name__}: {err}"))
    return session.render(got, options, ropts)


def render_page(url: str, options: FetchOptions) -> Page:
    return render(url, options).page(url)


def _is_html(got: Fetched) -> bool:
    ctype = next((v for k, v in got.headers if k.lower() == "content-type"), "")
    return not ctype or "html" in ctype.lower()


__all__ = ["CHROMIUM_ENV", "RenderOptions", "RenderUnavailable", "Rendered", "find_chromium", "render", "render_page"]
