"""The browser, one per process: Playwright driving Chromium, one page at a time, each page a `Job`."""

from __future__ import annotations

import datetime as _dt
import html
import os
import secrets
import signal
import threading
import time
from typing import Any
from urllib.parse import urlsplit

from ..fetch import ROBOTS, Fetched, FetchOptions, _line, refusal
from . import _page_js as page_js
from ._gate import Gate
from .model import Rendered, RenderOptions

VIEWPORT: Any = {"width": 1280, "height": 1024}  # a Playwright ViewportSize
MAX_SHOT_HEIGHT = 8000
"""A screenshot covers the page down to this many CSS pixels."""
MAX_TOGGLES = 300
MAX_TABS = 20
MAX_FRAMES = 10
QUIET = 0.5
"""Seconds with no request in flight after which a page has settled."""
_FLAGS = ("--disable-gpu", "--disable-quic", "--disable-dev-shm-usage", "--no-first-run",
          "--disable-background-networking", "--disable-component-update", "--disable-sync",
          "--disable-extensions", "--disable-default-apps",
          "--mute-audio", "--no-default-browser-check", "--disable-breakpad", "--disable-domain-reliability",
          "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
          "--webrtc-ip-handling-policy=disable_non_proxied_udp", "--disable-features=MediaRouter")
_FRAMING = frozenset({"content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"})


# -- the browser, one per process ----------------------------------------------------------------

_SESSION: Session | None = None


def session_for(chromium: str) -> Session:
    global _SESSION
    current = _SESSION
    if current is not None and current.pid == os.getpid() and current.alive() and current.chromium == chromium:
        return current
    if current is not None and current.pid == os.getpid():
        current.close()
    _SESSION = Session(chromium)
    return _SESSION


def kill_session() -> None:
    """End this process's browser at once, if it started one (a worker told to stop)."""
    if _SESSION is not None and _SESSION.pid == os.getpid():
        _SESSION.kill()


class Session:
    """Playwright, one Chromium, and the proxy every connection of the browser goes through."""

    def __init__(self, chromium: str) -> None:
        from multiprocessing.util import Finalize

        from playwright.sync_api import sync_playwright

        self.pid = os.getpid()
        self.chromium = chromium
        self.token = secrets.token_hex(8)
        self.gate = Gate()
        self.pw = sync_playwright().start()
        try:
            self.browser = self.pw.chromium.launch(
                executable_path=chromium, headless=True, chromium_sandbox=False,
                args=[*_FLAGS, f"--rules-auditor-session={self.token}"],
                proxy={"server": f"socks5://127.0.0.1:{self.gate.port}"},
                handle_sigint=False, handle_sigterm=False, handle_sighup=False, timeout=30_000)
        except BaseException:
            self.pw.stop()
            self.gate.close()
            raise
        self.version = f"Chromium {self.browser.version}"
        Finalize(self, Session.close, args=(self,), exitpriority=10)

    def alive(self) -> bool:
        try:
            return bool(self.browser.is_connected())
        except Exception:  # noqa: BLE001 - a dead browser, whatever it says
            return False

    def close(self) -> None:
        if self.pid != os.getpid():
            return
        for step in (self.browser.close, self.pw.stop, self.gate.close):
            try:
                step()
            except Exception:  # noqa: BLE001, S110 - closing what may already be gone
                pass

    def kill(self) -> None:
        """End the browser at once (the watchdog): every process started with this session's mark."""
        mark = f"--rules-auditor-session={self.token}".encode()
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    if mark in f.read():
                        os.kill(int(pid), signal.SIGKILL)
            except OSError:
                continue

    def render(self, got: Fetched, options: FetchOptions, ropts: RenderOptions) -> Rendered:
        job = Job(self, got, options, ropts)
        self.gate.start(options, ropts.max_network_bytes)
        watchdog = threading.Timer(ropts.timeout + 1.0, job.expire)  # just after Playwright's own timeouts
        watchdog.daemon = True
        watchdog.start()
        try:
            return job.run()
        finally:
            watchdog.cancel()
            job.close()
            self.gate.stop()
            if job.expired or job.crashed or not self.alive():
                self.close()


class Job:
    """One page in the browser."""

    def __init__(self, session: Session, got: Fetched, options: FetchOptions, ropts: RenderOptions) -> None:
        self.session, self.got, self.options, self.ropts = session, got, options, ropts
        self.url = got.final_url or got.url
        self.start = time.monotonic()
        self.deadline = self.start + ropts.timeout
        self.refused: list[str] = []
        self.inflight = 0
        self.last_activity = self.start
        self.served = False
        self.expired = False
        self.crashed = False
        self.context: Any = None

    def expire(self) -> None:
        self.expired = True
        self.session.kill()

    def _crashed(self, _page: Any) -> None:
        """The renderer crashed: a call waiting on it may never return, so the browser is ended
        (the next page starts a new one)."""
        self.crashed = True
        self.session.kill()

    def close(self) -> None:
        if self.context is not None:
            try:
                self.context.close()
            except Exception:  # noqa: BLE001, S110 - a context in a dead browser
                pass

    def all_refused(self) -> tuple[str, ...]:
        """Requests refused here and, for connections the routing never saw, by the proxy."""
        return tuple(self.refused + self.session.gate.refused)[:50]

    def fail(self, why: str) -> Rendered:
        return Rendered(self.got, error=_line(why), browser=self.session.version, url=self.url,
                        refused=self.all_refused(), rendered_at=_now())

    def run(self) -> Rendered:
        from playwright.sync_api import Error as PlaywrightError

        limit = f"{self.ropts.timeout:g} s"
        try:
            return self._run()
        except PlaywrightError as err:
            if self.crashed or "crash" in str(err).lower():
                return self.fail("the browser's renderer crashed while showing the page")
            if self.expired:
                return self.fail(f"the page did not settle within {limit}: its scripts kept the browser busy; "
                                 f"rendering was stopped")
            if err.__class__.__name__ == "TimeoutError":
                return self.fail(f"the page did not finish loading within {limit}")
            return self.fail(f"the browser failed: {str(err).splitlines()[0] if str(err) else err.__class__.__name__}")

    def _left(self) -> float:
        return max(0.0, self.deadline - time.monotonic())

    def _run(self) -> Rendered:
        session = self.session
        self.context = session.browser.new_context(
            user_agent=f"{self.options.user_agent} HeadlessChrome/{session.browser.version.split('.')[0]}",
            service_workers="block", viewport=VIEWPORT, accept_downloads=False)
        self.context.route("**/*", self._route)
        session.gate.approve(self.url)  # the page's own origin (fetched and checked already): its WebSockets
        page = self.context.new_page()
        page.on("crash", self._crashed)
        page.on("request", self._started)
        page.on("requestfinished", self._ended)
        page.on("requestfailed", self._ended)
        page.goto(self.url, wait_until="domcontentloaded", timeout=max(1.0, self._left()) * 1000)
        self._settle(page, self.ropts.settle)
        self._expand(page)
        if self.session.gate.over:
            return self.fail(f"the page's requests downloaded more than the limit of "
                             f"{self.ropts.max_network_bytes} bytes")
        size = page.evaluate("() => document.documentElement ? document.documentElement.outerHTML.length : 0")
        limit = self.options.max_bytes
        if size > limit:
            return self.fail(f"the rendered page is {size} characters long, more than the limit of {limit}")
        dom = _with_frames(page.content(), self._frames(page, limit - size)).encode("utf-8", errors="replace")
        if len(dom) > limit:
            return self.fail(f"the rendered page is {len(dom)} bytes, more than the limit of {limit}")
        shot = self._screenshot(page) if self.ropts.screenshot else None
        if self.crashed:
            return self.fail("the browser's renderer crashed while showing the page")
        return Rendered(self.got, dom, None, session.version, self.url, self.all_refused(), shot, _now())

    # -- settling -----------------------------------------------------------------------------------

    def _started(self, _request: Any) -> None:
        self.inflight += 1
        self.last_activity = time.monotonic()

    def _ended(self, _request: Any) -> None:
        self.inflight = max(0, self.inflight - 1)
        self.last_activity = time.monotonic()

    def _settle(self, page: Any, most: float) -> bool:
        """Wait until no request has been in flight for QUIET seconds, or `most` seconds pass
        (at least QUIET seconds: what was just done may start a request a moment later)."""
        self.last_activity = max(self.last_activity, time.monotonic())
        until = min(time.monotonic() + most, self.deadline)
        while time.monotonic() < until:
            if self.inflight == 0 and time.monotonic() - self.last_activity >= QUIET:
                return True
            page.wait_for_timeout(50)
        return False

    def _expand(self, page: Any) -> None:
        """Open what a reader would open: <details>, aria-expanded toggles, then each tab in turn
        (a panel that the next tab removes is kept, as a copy, at the end of the page)."""
        opened = page.evaluate(page_js.OPEN, MAX_TOGGLES)
        if opened:
            self._settle(page, min(self.ropts.settle, 3.0))
        tabs = page.evaluate(page_js.TABS)
        for i in range(min(tabs, MAX_TABS)):
            page.evaluate(page_js.CLICK_TAB, i)
            self._settle(page, min(self.ropts.settle, 2.0))
            page.evaluate(page_js.KEEP_PANEL, i)
        if tabs:
            page.evaluate(page_js.RESTORE_PANELS)

    def _frames(self, page: Any, room: int) -> list[tuple[str, str]]:
        """(URL, body HTML) of the page's frames, in document order, up to MAX_FRAMES and `room`
        characters in all: what a reader sees inside the page's iframes (the extractor drops
        the <iframe> element itself)."""
        out: list[tuple[str, str]] = []
        for frame in page.frames[1:MAX_FRAMES + 1]:
            if urlsplit(frame.url).scheme.lower() not in ("http", "https") or self._left() <= 0:
                continue
            try:
                body = frame.evaluate("() => document.body ? document.body.innerHTML : ''")
            except Exception:  # noqa: BLE001 - a frame gone or never loaded
                continue
            if isinstance(body, str) and body.strip() and len(body) <= room:
                room -= len(body)
                out.append((frame.url, body))
        return out

    def _screenshot(self, page: Any) -> bytes | None:
        height = page.evaluate("() => Math.max(document.documentElement.scrollHeight, document.body ? "
                               "document.body.scrollHeight : 0)")
        clip = {"x": 0, "y": 0, "width": VIEWPORT["width"], "height": max(1, min(int(height or 1), MAX_SHOT_HEIGHT))}
        try:
            return bytes(page.screenshot(type="png", full_page=True, clip=clip,
                                         timeout=max(1.0, self._left()) * 1000))
        except Exception:  # noqa: BLE001 - no picture is no reason to fail the audit
            return None

    # -- the first gate -----------------------------------------------------------------------------

    def _route(self, route: Any, request: Any) -> None:
        try:
            self._decide(route, request)
        except Exception:  # noqa: BLE001, S110 - a request of a page being closed: nothing to decide
            pass

    def _decide(self, route: Any, request: Any) -> None:
        url = request.url
        try:
            navigation = request.is_navigation_request() and request.frame.parent_frame is None
        except Exception:  # noqa: BLE001 - a request of no frame (a worker's)
            navigation = False
        if navigation:
            if not self.served:  # the page itself: given the response as fetched
                self.served = True
                route.fulfill(status=self.got.status or 200, headers=_headers(self.got.headers), body=self.got.body)
                return
            # answered 204 No Content: a browser stays on the page (an aborted navigation would
            # replace it with an error page)
            self._note(url, "the page navigated away from itself; not followed")
            route.fulfill(status=204, body=b"")
            return
        why = refusal(url, self.options)
        if why is None and self.options.respect_robots:
            why = ROBOTS.refusal(url, self.options, self.deadline)
        if why is not None:
            self._refuse(route, url, why)
            return
        self.session.gate.approve(url)
        route.continue_()

    def _refuse(self, route: Any, url: str, why: str) -> None:
        self._note(url, why)
        route.abort("blockedbyclient")

    def _note(self, url: str, why: str) -> None:
        if len(self.refused) < 50:
            self.refused.append(_line(f"{_line(url, 160)}: {why}"))


# -- what the page itself is given ------------------------------------------------------------------

def _with_frames(dom: str, frames: list[tuple[str, str]]) -> str:
    """The page's DOM with each frame's body added at the end of its body, each in a
    `<div data-rules-auditor-frame="URL">`."""
    if not frames:
        return dom
    added = "".join(f'<div data-rules-auditor-frame="{html.escape(url)}">{body}</div>' for url, body in frames)
    at = dom.lower().rfind("</body>")
    return dom[:at] + added + dom[at:] if at >= 0 else dom + added


def _headers(headers: list[tuple[str, str]]) -> dict[str, str]:
    """The response headers given to the browser with the body as fetched (already decoded)."""
    out: dict[str, str] = {}
    for k, v in headers:
        name = k.lower()
        if name in _FRAMING:
            continue
        out[name] = f"{out[name]}{chr(10) if name == 'set-cookie' else ', '}{v}" if name in out else v
    return out


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
