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
"""

from __future__ import annotations

import datetime as _dt
import html
import os
import secrets
import select
import shutil
import signal
import socket
import struct
import threading
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from .fetch import (ROBOTS, FetchOptions, Fetched, address_refusal, fetch, host_allowed, refusal,
                    resolve)
from .sources import Page

CHROMIUM_ENV = "RULES_AUDITOR_CHROMIUM"
"""Environment variable naming the Chromium executable (default: `chromium` on the PATH)."""
CHROMIUM_NAMES = ("chromium", "chromium-browser")
VIEWPORT: Any = {"width": 1280, "height": 1024}  # a Playwright ViewportSize
MAX_SHOT_HEIGHT = 8000
"""A screenshot covers the page down to this many CSS pixels."""
MAX_TOGGLES = 300
MAX_TABS = 20
MAX_FRAMES = 10
QUIET = 0.5
"""Seconds with no request in flight after which a page has settled."""
_FLAGS = ("--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
          "--disable-component-update", "--disable-sync", "--disable-extensions", "--disable-default-apps",
          "--mute-audio", "--no-default-browser-check", "--disable-breakpad", "--disable-domain-reliability",
          "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
          "--webrtc-ip-handling-policy=disable_non_proxied_udp", "--disable-features=MediaRouter")
_FRAMING = frozenset({"content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"})


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
    ropts: RenderOptions = options.render
    try:
        session = _session(ropts.chromium)
    except Exception as err:  # noqa: BLE001 - a browser that cannot start is this page's error
        return Rendered(got, error=_line(f"the browser could not start: {err.__class__.__name__}: {err}"))
    return session.render(got, options, ropts)


def render_page(url: str, options: FetchOptions) -> Page:
    return render(url, options).page(url)


# -- the browser, one per process ----------------------------------------------------------------

_SESSION: _Session | None = None


def _session(chromium: str) -> _Session:
    global _SESSION
    current = _SESSION
    if current is not None and current.pid == os.getpid() and current.alive() and current.chromium == chromium:
        return current
    if current is not None and current.pid == os.getpid():
        current.close()
    _SESSION = _Session(chromium)
    return _SESSION


class _Session:
    """Playwright, one Chromium, and the proxy every connection of the browser goes through."""

    def __init__(self, chromium: str) -> None:
        from multiprocessing.util import Finalize

        from playwright.sync_api import sync_playwright

        self.pid = os.getpid()
        self.chromium = chromium
        self.token = secrets.token_hex(8)
        self.gate = _Gate()
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
        Finalize(self, _Session.close, args=(self,), exitpriority=10)

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
        job = _Job(self, got, options, ropts)
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


class _Job:
    """One page in the browser."""

    def __init__(self, session: _Session, got: Fetched, options: FetchOptions, ropts: RenderOptions) -> None:
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
        opened = page.evaluate(_OPEN_JS, MAX_TOGGLES)
        if opened:
            self._settle(page, min(self.ropts.settle, 3.0))
        tabs = page.evaluate(_TABS_JS)
        for i in range(min(tabs, MAX_TABS)):
            page.evaluate(_CLICK_TAB_JS, i)
            self._settle(page, min(self.ropts.settle, 2.0))
            page.evaluate(_KEEP_PANEL_JS, i)
        if tabs:
            page.evaluate(_RESTORE_PANELS_JS)

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


# -- the second gate: a SOCKS5 proxy ----------------------------------------------------------------

class _Gate:
    """A SOCKS5 proxy on 127.0.0.1 (CONNECT only, no authentication) that applies the current
    page's address policy and byte budget to every connection the browser makes."""

    def __init__(self) -> None:
        self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(64)
        self.port = self.server.getsockname()[1]
        self.lock = threading.Lock()
        self.options: FetchOptions | None = None
        self.budget = 0
        self.received = 0
        self.over = False
        self.refused: list[str] = []
        self.approved: set[tuple[str, int]] = set()
        self.open: set[socket.socket] = set()
        self.closed = False
        threading.Thread(target=self._accept, daemon=True, name="rules-auditor-gate").start()

    def start(self, options: FetchOptions, budget: int) -> None:
        with self.lock:
            self.options, self.budget, self.received, self.over = options, budget, 0, False
            self.refused, self.approved = [], set()

    def approve(self, url: str) -> None:
        """Let the current page connect to the host and port of `url` (the routing allowed it)."""
        parts = urlsplit(url)
        try:
            port = parts.port or (443 if parts.scheme.lower() in ("https", "wss") else 80)
        except ValueError:
            return
        with self.lock:
            self.approved.add(((parts.hostname or "").lower().rstrip("."), port))

    def stop(self) -> None:
        """The page is done: refuse new connections and close those still open."""
        with self.lock:
            self.options = None
            conns = list(self.open)
        for conn in conns:
            _close(conn)

    def close(self) -> None:
        self.closed = True
        self.stop()
        _close(self.server)

    def _accept(self) -> None:
        while not self.closed:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        upstream = None
        try:
            conn.settimeout(10)
            with self.lock:
                self.open.add(conn)
            greeting = _recv(conn, 2)
            if greeting[0] != 5:
                return
            _recv(conn, greeting[1])
            conn.sendall(b"\x05\x00")
            version, command, _, kind = _recv(conn, 4)
            if kind == 1:
                host = socket.inet_ntop(socket.AF_INET, _recv(conn, 4))
            elif kind == 4:
                host = socket.inet_ntop(socket.AF_INET6, _recv(conn, 16))
            elif kind == 3:
                host = _recv(conn, _recv(conn, 1)[0]).decode("ascii")
            else:
                return
            port = struct.unpack("!H", _recv(conn, 2))[0]
            if version != 5 or command != 1:
                conn.sendall(b"\x05\x07\x00\x01" + bytes(6))
                return
            upstream = self._connect(host, port)
            if upstream is None:
                conn.sendall(b"\x05\x02\x00\x01" + bytes(6))
                return
            with self.lock:
                self.open.add(upstream)
            conn.sendall(b"\x05\x00\x00\x01" + bytes(6))
            conn.settimeout(None)
            upstream.settimeout(None)
            self._relay(conn, upstream)
        except (OSError, ValueError, IndexError, UnicodeError):
            return
        finally:
            with self.lock:
                self.open.discard(conn)
                if upstream is not None:
                    self.open.discard(upstream)
            _close(conn)
            if upstream is not None:
                _close(upstream)

    def _connect(self, host: str, port: int) -> socket.socket | None:
        with self.lock:
            options = self.options
            if options is None or (host.lower().rstrip("."), port) not in self.approved:
                return None  # not asked for by the page (the browser's own traffic), or between pages
        addresses = resolve(host, port)
        if isinstance(addresses, str):
            return None
        if not host_allowed(host, options):
            why = address_refusal(host, addresses)
            if why is not None:
                with self.lock:
                    self.refused.append(_line(f"{host}:{port}: {why}"))
                return None
        for address in addresses:
            family = socket.AF_INET6 if address.version == 6 else socket.AF_INET
            sock = socket.socket(family, socket.SOCK_STREAM)
            sock.settimeout(min(10.0, options.timeout[0]))
            try:
                sock.connect((str(address), port))
                return sock
            except OSError:
                _close(sock)
        return None

    def _relay(self, a: socket.socket, b: socket.socket) -> None:
        while self.options is not None and not self.over:
            ready, _, _ = select.select([a, b], [], [], 1.0)
            for sock in ready:
                data = sock.recv(65536)
                if not data:
                    return
                (b if sock is a else a).sendall(data)
                if sock is b:
                    with self.lock:
                        self.received += len(data)
                        if self.received > self.budget:
                            self.over = True
                            return


def _recv(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise ValueError("the connection closed")
        data += chunk
    return data


def _close(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    try:
        sock.close()
    except OSError:
        pass


# -- what the page itself is given ------------------------------------------------------------------

def _with_frames(dom: str, frames: list[tuple[str, str]]) -> str:
    """The page's DOM with each frame's body added at the end of its body, each in a
    `<div data-rules-auditor-frame="URL">`."""
    if not frames:
        return dom
    added = "".join(f'<div data-rules-auditor-frame="{html.escape(url)}">{body}</div>' for url, body in frames)
    at = dom.lower().rfind("</body>")
    return dom[:at] + added + dom[at:] if at >= 0 else dom + added


def _is_html(got: Fetched) -> bool:
    ctype = next((v for k, v in got.headers if k.lower() == "content-type"), "")
    return not ctype or "html" in ctype.lower()


def _headers(headers: list[tuple[str, str]]) -> dict[str, str]:
    """The response headers given to the browser with the body as fetched (already decoded)."""
    out: dict[str, str] = {}
    for k, v in headers:
        name = k.lower()
        if name in _FRAMING:
            continue
        out[name] = f"{out[name]}{chr(10) if name == 'set-cookie' else ', '}{v}" if name in out else v
    return out


def _line(text: str, limit: int = 300) -> str:
    from .fetch import _line as line

    return line(text, limit)


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


# -- the page's parts a reader would open (run in the page) ----------------------------------------

_OPEN_JS = """(most) => {
  let n = 0;
  for (const d of document.querySelectorAll('details:not([open])')) {
    if (n >= most) return n;
    d.open = true; n++;
  }
  const skip = 'nav, header, footer, [role=navigation], [role=menubar], [role=menu], [role=banner]';
  for (const el of document.querySelectorAll('[aria-expanded="false"]')) {
    if (n >= most) return n;
    if (el.closest(skip)) continue;
    const popup = el.getAttribute('aria-haspopup');
    if (popup && popup !== 'false') continue;
    const href = el.tagName === 'A' ? (el.getAttribute('href') || '') : '';
    if (href && !href.startsWith('#')) continue;
    try { el.click(); n++; } catch (e) {}
  }
  return n;
}"""
_TABS_JS = "() => document.querySelectorAll('[role=tab]').length"
_CLICK_TAB_JS = """(i) => {
  const tab = document.querySelectorAll('[role=tab]')[i];
  if (!tab) return false;
  const href = tab.tagName === 'A' ? (tab.getAttribute('href') || '') : '';
  if (href && !href.startsWith('#')) return false;
  try { tab.click(); } catch (e) {}
  return true;
}"""
_KEEP_PANEL_JS = """(i) => {
  const tab = document.querySelectorAll('[role=tab]')[i];
  if (!tab) return;
  const id = tab.getAttribute('aria-controls');
  const panel = id ? document.getElementById(id)
                   : Array.from(document.querySelectorAll('[role=tabpanel]')).find(p => !p.hidden);
  if (!panel) return;
  const kept = (window.__rulesAuditorPanels = window.__rulesAuditorPanels || []);
  kept.push([panel, panel.cloneNode(true), (panel.textContent || '').trim()]);
}"""
_RESTORE_PANELS_JS = """() => {
  const kept = window.__rulesAuditorPanels || [];
  const holder = document.createElement('div');
  holder.setAttribute('data-rules-auditor', 'tab panels opened one by one');
  const seen = new Set();
  for (const [panel, copy, text] of kept) {
    const now = panel.isConnected ? (panel.textContent || '').trim() : '';
    if (!text || now === text || seen.has(text)) continue;
    seen.add(text);
    copy.removeAttribute('id');
    copy.removeAttribute('hidden');
    holder.appendChild(copy);
  }
  if (holder.childNodes.length) document.body.appendChild(holder);
  delete window.__rulesAuditorPanels;
}"""
