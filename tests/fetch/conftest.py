"""A real HTTP server on 127.0.0.1 for the fetch tests, and a guard that fails any test that
tries to resolve a name or open a connection anywhere but the loopback interface."""

from __future__ import annotations

import gzip
import ipaddress
import socket
import struct
import threading
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from auditor import fetch as fetch_module
from auditor.fetch import FetchOptions

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
LOCAL_NAMES = {"127.0.0.1", "localhost", "::1"}

Handler = Callable[[BaseHTTPRequestHandler], None]


def fast(**changes: object) -> FetchOptions:
    """Options for tests: the loopback server allowed, short timeouts, no real waiting."""
    base = dict(allow_private=True, timeout=(1.0, 1.0), retries=2, backoff=0.01, max_retry_after=2.0,
                deadline=10.0)
    base.update(changes)
    return FetchOptions(**base)  # type: ignore[arg-type]


# -- the guard ---------------------------------------------------------------------------------------

@pytest.fixture(autouse=True)
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """No test may reach beyond 127.0.0.1: name lookups and connections elsewhere are refused
    (so nothing leaves the machine) and recorded (so the test fails)."""
    violations: list[str] = []
    real_getaddrinfo = socket.getaddrinfo
    real_connect = socket.socket.connect
    real_connect_ex = socket.socket.connect_ex

    def getaddrinfo(host, *args, **kwargs):  # type: ignore[no-untyped-def]
        name = host.decode() if isinstance(host, bytes) else host
        if name is not None and name not in LOCAL_NAMES:
            violations.append(f"resolve {name}")
            raise socket.gaierror(socket.EAI_NONAME, "blocked by the test guard")
        return real_getaddrinfo(host, *args, **kwargs)

    def allowed(address: object) -> bool:
        if isinstance(address, tuple):
            try:
                return ipaddress.ip_address(str(address[0]).split("%")[0]).is_loopback
            except ValueError:
                return False
        return isinstance(address, (str, bytes))  # a Unix socket

    def connect(self, address):  # type: ignore[no-untyped-def]
        if not allowed(address):
            violations.append(f"connect {address}")
            raise ConnectionRefusedError("blocked by the test guard")
        return real_connect(self, address)

    def connect_ex(self, address):  # type: ignore[no-untyped-def]
        if not allowed(address):
            violations.append(f"connect {address}")
            return 111
        return real_connect_ex(self, address)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    fetch_module.ROBOTS.clear()
    yield violations
    fetch_module.ROBOTS.clear()
    assert not violations, f"the test tried to leave 127.0.0.1: {violations}"


# -- the server --------------------------------------------------------------------------------------

class _RequestHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def do_GET(self) -> None:  # noqa: N802 - the http.server naming
        owner = self.server.owner
        path = self.path.split("?", 1)[0]
        with owner.lock:
            owner.hits[path] += 1
            owner.requests.append((path, dict(self.headers)))
            count = owner.hits[path]
        route = owner.routes.get(path)
        if route is None:
            send(self, b"not found", status=404, content_type="text/plain")
            return
        if isinstance(route, list):
            route = route[min(count, len(route)) - 1]
        route(self)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the stdlib's name
        pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    owner: TestServer

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # handlers that reset or abandon connections are the point of some tests


class TestServer:
    """Routes: path -> handler, or a list of handlers taken in turn (the last one repeats)."""

    __test__ = False

    def __init__(self) -> None:
        self.routes: dict[str, Handler | list[Handler]] = {}
        self.hits: Counter[str] = Counter()
        self.requests: list[tuple[str, dict[str, str]]] = []
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.httpd = _Server(("127.0.0.1", 0), _RequestHandler)
        self.httpd.owner = self
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def url(self, path: str = "/") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def close(self) -> None:
        self.stop.set()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server() -> Iterator[TestServer]:
    srv = TestServer()
    yield srv
    srv.close()


# -- handlers ----------------------------------------------------------------------------------------

def send(h: BaseHTTPRequestHandler, body: bytes = b"", status: int = 200, content_type: str | None = "text/html",
         headers: tuple[tuple[str, str], ...] = (), length: bool = True) -> None:
    h.send_response(status)
    if content_type:
        h.send_header("Content-Type", content_type)
    for k, v in headers:
        h.send_header(k, v)
    if length:
        h.send_header("Content-Length", str(len(body)))
    else:
        h.send_header("Connection", "close")
        h.close_connection = True
    h.end_headers()
    h.wfile.write(body)


def page(body: bytes, content_type: str | None = "text/html", encoding: str | None = None,
         headers: tuple[tuple[str, str], ...] = ()) -> Handler:
    data = body
    extra = headers
    if encoding == "gzip":
        data, extra = gzip.compress(body, mtime=0), (*headers, ("Content-Encoding", "gzip"))
    elif encoding == "deflate":
        data, extra = zlib.compress(body), (*headers, ("Content-Encoding", "deflate"))
    elif encoding == "raw-deflate":
        c = zlib.compressobj(wbits=-zlib.MAX_WBITS)
        data, extra = c.compress(body) + c.flush(), (*headers, ("Content-Encoding", "deflate"))
    return lambda h: send(h, data, content_type=content_type, headers=extra)


def status(code: int, headers: tuple[tuple[str, str], ...] = ()) -> Handler:
    return lambda h: send(h, f"status {code}".encode(), status=code, content_type="text/plain", headers=headers)


def redirect(location: str, code: int = 302) -> Handler:
    return lambda h: send(h, b"", status=code, content_type=None, headers=(("Location", location),))


def reset(h: BaseHTTPRequestHandler) -> None:
    """Close the connection with a TCP reset before answering."""
    h.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    h.connection.close()
    h.close_connection = True


def hang(h: BaseHTTPRequestHandler) -> None:
    """Never answer (until the server stops)."""
    h.server.owner.stop.wait(10)
    h.close_connection = True


@pytest.fixture
def fixture_bytes() -> Callable[[str], bytes]:
    return lambda name: (FIXTURES / name).read_bytes()
