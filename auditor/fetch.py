"""Fetching pages politely and defensively with `requests`.

Every hop is checked before it is requested: the scheme (http and https only), the address
(no private, loopback or link-local host unless allowed) and robots.txt. Redirects are followed
by hand, at most a few. Bodies are read in chunks under a size cap, and gzip or deflate is
decoded here under a cap on the decoded size, so a compression bomb is refused after inflating
no more than the cap. Connection errors, timeouts, 429 and 5xx are retried a bounded number of
times with exponential backoff, honouring Retry-After up to a limit.

`fetch` never raises: a refused, failed or oversize fetch is a `Fetched` with `error` set to
one line that says why. What was sent and received on every hop is kept (`Fetched.exchanges`)
so that `auditor.warc` can write it as evidence.
"""

from __future__ import annotations

import codecs
import datetime as _dt
import hashlib
import ipaddress
import re
import socket
import threading
import time
import zlib
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin, urlsplit

if TYPE_CHECKING:  # imported where a fetch runs: auditing files needs none of them
    import urllib.robotparser

    import requests

from . import __version__

USER_AGENT = f"rules-auditor/{__version__} (+compliance audit of published game rules)"
REDIRECTS = frozenset({301, 302, 303, 307, 308})
CHUNK = 64 * 1024
ROBOTS_MAX_BYTES = 512 * 1024
"""Google's limit for robots.txt (RFC 9309 asks crawlers to read at least 500 KiB)."""


@dataclass(frozen=True)
class FetchOptions:
    """How to fetch. Plain data, so it can be handed to worker processes."""

    timeout: tuple[float, float] = (10.0, 30.0)
    """Connect and read timeouts in seconds (the read timeout bounds each wait for data)."""
    retries: int = 3
    """Further attempts after the first, on connection errors, timeouts, 429 and 5xx."""
    backoff: float = 1.0
    """Seconds before the first retry; doubled before each further one."""
    max_retry_after: float = 30.0
    """The longest Retry-After honoured; a server that asks for a longer wait is not retried."""
    max_redirects: int = 5
    max_bytes: int = 20 * 1024 * 1024
    """The largest body accepted, both as sent and once gzip or deflate is decoded."""
    deadline: float = 120.0
    """Seconds for the whole fetch, retries, waits and redirects included."""
    respect_robots: bool = True
    allow_private: bool = False
    """Allow private, loopback, link-local and other non-public addresses."""
    allow_hosts: tuple[str, ...] = ()
    """Host names or addresses allowed even when not public (an intranet staging server)."""
    render: Any = None
    """`auditor.render.RenderOptions` when each page is to be loaded in a headless browser and
    its rendered DOM audited; None to audit the body as fetched."""
    trust_env: bool = True
    """Take proxies from the environment (HTTPS_PROXY, NO_PROXY, ...), as `requests` does."""
    user_agent: str = USER_AGENT


@dataclass(frozen=True)
class Exchange:
    """One request and its response as sent and received on one hop: what a WARC keeps."""

    url: str
    request_line: str
    """"GET /path?query HTTP/1.1"."""
    request_headers: tuple[tuple[str, str], ...]
    http_version: str
    """"HTTP/1.1" or "HTTP/1.0"."""
    status: int
    reason: str
    headers: tuple[tuple[str, str], ...]
    """The response headers as received, in order, repeated names kept."""
    raw_body: bytes
    """The body as received: any Content-Encoding intact, transfer framing (chunks) removed."""
    body_sha256: str | None
    """SHA-256 of the body once decoded: the bytes audited. None when it could not be decoded."""
    fetched_at: str
    """When the response arrived, ISO 8601 UTC ("2025-01-31T12:00:00Z")."""
    peer: str | None = None
    """The IP address connected to, when known."""


@dataclass(frozen=True)
class Fetched:
    """The outcome of one fetch. `error` is set (and `body` None) when it failed."""

    url: str
    final_url: str | None = None
    """The URL the body came from, after redirects."""
    status: int | None = None
    body: bytes | None = None
    """The body, gzip or deflate decoded: the bytes to audit."""
    charset: str | None = None
    """The charset named by the Content-Type header, when it names one Python knows."""
    headers: list[tuple[str, str]] = field(default_factory=list)
    fetched_at: str = ""
    error: str | None = None
    """Why nothing can be audited, in one line."""
    exchanges: tuple[Exchange, ...] = ()
    """Every hop that got a response, in order (redirects first, the final response last)."""
    attempts: int = 0
    """Requests made, retries included (robots.txt not counted)."""


def fetch(url: str, options: FetchOptions | None = None) -> Fetched:
    """Fetch `url`; never raises: a failure is a Fetched with `error` set."""
    options = options or FetchOptions()
    try:
        return _Fetcher(options).run(url)
    except Exception as err:  # noqa: BLE001 - the promise is a Fetched, whatever goes wrong
        return Fetched(url, fetched_at=_now(), error=_line(f"fetch failed: {err.__class__.__name__}: {err}"))


# -- checks before a request ---------------------------------------------------------------------

def refusal(url: str, options: FetchOptions) -> str | None:
    """Why `url` may not be requested at all (scheme, host, address), or None."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as err:
        return f"not a valid URL: {err}"
    if parts.scheme.lower() not in ("http", "https"):
        return f"only http and https URLs are fetched, not {parts.scheme or 'a relative'} URL {_short(url)}"
    host = parts.hostname
    if not host:
        return f"the URL {_short(url)} names no host"
    if options.allow_private or _host_allowed(host, options):
        return None
    addresses = resolve(host, port or (443 if parts.scheme.lower() == "https" else 80))
    return addresses if isinstance(addresses, str) else address_refusal(host, addresses)


Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def resolve(host: str, port: int) -> list[Address] | str:
    """The addresses of `host` (an address itself, or a name looked up), or why there are none."""
    try:
        return [ipaddress.ip_address(host.strip("[]"))]
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError, OSError) as err:
        return f"cannot resolve host {host}: {getattr(err, 'strerror', None) or err}"
    return [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in infos]


def address_refusal(host: str, addresses: list[Address]) -> str | None:
    """Why `host` may not be reached at these addresses (one is not public), or None."""
    for address in addresses:
        if not is_public(address):
            return (f"{host} is {'' if str(address) == host else f'at {address}, '}a {_kind(address)} address; "
                    f"refused (use --allow-private to allow)")
    return None


def host_allowed(host: str, options: FetchOptions) -> bool:
    """Whether the options let `host` be reached whatever its address."""
    return options.allow_private or _host_allowed(host, options)


def _host_allowed(host: str, options: FetchOptions) -> bool:
    """Whether --allow-host names this host (case and a trailing dot aside)."""
    return host.lower().rstrip(".") in {h.lower().rstrip(".") for h in options.allow_hosts}


def _unmapped(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    """An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def is_public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    address = _unmapped(address)
    return address.is_global and not address.is_multicast


def _kind(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    address = _unmapped(address)
    for name in ("loopback", "link_local", "private", "multicast", "unspecified", "reserved"):
        if getattr(address, f"is_{name}"):
            return name.replace("_", "-")
    return "non-public"


class RobotsCache:
    """robots.txt verdicts per origin, kept for an hour, for the few hundred latest origins."""

    def __init__(self, size: int = 256, ttl: float = 3600.0) -> None:
        self.size, self.ttl = size, ttl
        self._entries: OrderedDict[tuple[str, str], tuple[float, urllib.robotparser.RobotFileParser | str]] = (
            OrderedDict())

    def clear(self) -> None:
        self._entries.clear()

    def refusal(self, url: str, options: FetchOptions, deadline: float) -> str | None:
        parts = urlsplit(url)
        origin = f"{parts.scheme.lower()}://{parts.netloc.lower()}"
        key = (origin, options.user_agent)
        entry = self._entries.get(key)
        if entry is None or time.monotonic() - entry[0] > self.ttl:
            entry = (time.monotonic(), self._load(origin, options, deadline))
            self._entries[key] = entry
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        self._entries.move_to_end(key)
        rules = entry[1]
        if isinstance(rules, str):
            return rules
        if not rules.can_fetch(options.user_agent, url):
            path = parts.path or "/"
            return (f"robots.txt at {origin} disallows {_short(path)} for rules-auditor; not fetched "
                    f"(use --no-robots to override)")
        return None

    @staticmethod
    def _load(origin: str, options: FetchOptions, deadline: float) -> urllib.robotparser.RobotFileParser | str:
        """The parsed robots.txt, or why nothing may be fetched. RFC 9309: an unavailable
        (4xx) robots.txt allows everything; an unreachable one (5xx, no answer) nothing."""
        robots_options = replace(options, respect_robots=False, max_bytes=min(options.max_bytes, ROBOTS_MAX_BYTES),
                                 deadline=max(0.0, deadline - time.monotonic()))
        import urllib.robotparser

        got = _Fetcher(robots_options).run(f"{origin}/robots.txt")
        parser = urllib.robotparser.RobotFileParser(f"{origin}/robots.txt")
        if got.error is not None:
            if got.status is not None and 400 <= got.status < 500:
                parser.parse([])
                return parser
            return f"robots.txt at {origin} could not be read ({got.error}); not fetched (use --no-robots to override)"
        parser.parse((got.body or b"").decode("utf-8", errors="replace").splitlines())
        return parser


ROBOTS = RobotsCache()
"""The process's robots.txt cache (each worker process has its own)."""


# -- the fetch -------------------------------------------------------------------------------------

class _Failure(Exception):
    def __init__(self, message: str, retry: bool = False, retry_after: float | None = None,
                 exchange: Exchange | None = None, status: int | None = None) -> None:
        super().__init__(message)
        self.message, self.retry, self.retry_after = _line(message), retry, retry_after
        self.exchange, self.status = exchange, status


@dataclass
class _Hop:
    exchange: Exchange
    body: bytes
    location: str | None


class _Fetcher:
    def __init__(self, options: FetchOptions) -> None:
        self.options = options
        self.deadline = time.monotonic() + options.deadline
        self.exchanges: list[Exchange] = []
        self.attempts = 0

    def run(self, url: str) -> Fetched:
        import requests

        with requests.Session() as session:
            session.trust_env = self.options.trust_env
            self.session = session
            return self._follow(url)

    def _follow(self, url: str) -> Fetched:
        current, seen = url, {url}
        for hop in range(self.options.max_redirects + 1):
            why = refusal(current, self.options)
            if why is None and self.options.respect_robots:
                why = ROBOTS.refusal(current, self.options, self.deadline)
            if why is not None:
                return self._failed(url, why if hop == 0 else f"redirect to {_short(current)} refused: {why}")
            try:
                got = self._with_retries(current)
            except _Failure as failure:
                if failure.exchange is not None:
                    self.exchanges.append(failure.exchange)
                return self._failed(url, failure.message, failure.status)
            self.exchanges.append(got.exchange)
            if got.exchange.status in REDIRECTS and got.location:
                following = urljoin(current, got.location.strip())
                if following in seen:
                    return self._failed(url, f"redirect loop: {_short(current)} redirects back to {_short(following)}",
                                        got.exchange.status)
                seen.add(following)
                current = following
                continue
            return self._final(url, current, got)
        return self._failed(url, f"too many redirects (more than {self.options.max_redirects})")

    def _final(self, url: str, final_url: str, got: _Hop) -> Fetched:
        x = got.exchange
        if x.status >= 300:
            error = f"HTTP {x.status} {x.reason}".strip()
            if x.status in REDIRECTS:
                error += " without a Location header"
            return self._failed(url, error, x.status, final_url)
        return Fetched(url, final_url, x.status, got.body, charset_of(_header(x.headers, "content-type")),
                       list(x.headers), x.fetched_at, None, tuple(self.exchanges), self.attempts)

    def _failed(self, url: str, error: str, status: int | None = None, final_url: str | None = None) -> Fetched:
        last = self.exchanges[-1] if self.exchanges else None
        return Fetched(url, final_url, status, None, None, list(last.headers) if last else [],
                       last.fetched_at if last else _now(), _line(error), tuple(self.exchanges), self.attempts)

    def _with_retries(self, url: str) -> _Hop:
        options = self.options
        for attempt in range(options.retries + 1):
            try:
                return self._once(url)
            except _Failure as failure:
                if not failure.retry:
                    raise
                tries = f"{attempt + 1} attempt{'s' if attempt else ''}"
                if attempt == options.retries:
                    raise _Failure(f"{failure.message} (gave up after {tries})", exchange=failure.exchange,
                                   status=failure.status) from None
                wait = options.backoff * 2 ** attempt
                if failure.retry_after is not None:
                    if failure.retry_after > options.max_retry_after:
                        raise _Failure(f"{failure.message}; the server asks to retry after {failure.retry_after:g} s, "
                                       f"longer than the {options.max_retry_after:g} s this tool waits",
                                       exchange=failure.exchange, status=failure.status) from None
                    wait = failure.retry_after
                if time.monotonic() + wait >= self.deadline:
                    raise _Failure(f"{failure.message} (after {tries}; the {options.deadline:g} s time limit "
                                   f"leaves no time to retry)", exchange=failure.exchange,
                                   status=failure.status) from None
                time.sleep(wait)
        raise AssertionError("unreachable")  # pragma: no cover

    def _once(self, url: str) -> _Hop:
        import requests

        options = self.options
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise _Failure(f"the {options.deadline:g} s time limit ran out")
        timeout = (min(options.timeout[0], left), min(options.timeout[1], left))
        self.attempts += 1
        headers = {"User-Agent": options.user_agent, "Accept-Encoding": "gzip, deflate",
                   "Accept": "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5"}
        try:
            response = self.session.get(url, headers=headers, timeout=timeout, stream=True, allow_redirects=False)
        except requests.exceptions.ConnectTimeout:
            raise _Failure(f"could not connect within {timeout[0]:g} s", retry=True) from None
        except requests.exceptions.ReadTimeout:
            raise _Failure(f"no response within {timeout[1]:g} s (read timeout)", retry=True) from None
        except requests.exceptions.SSLError as err:
            raise _Failure(f"TLS error: {_reason(err)}") from None
        except requests.exceptions.ConnectionError as err:
            raise _Failure(f"connection failed: {_reason(err)}", retry=True) from None
        except (requests.RequestException, ValueError) as err:
            raise _Failure(f"cannot request {_short(url)}: {err.__class__.__name__}: {_reason(err)}") from None
        with response:
            return self._receive(url, response)

    def _receive(self, url: str, response: requests.Response) -> _Hop:
        import requests
        import urllib3

        options = self.options
        raw = response.raw
        peer = _peer(raw)
        if peer is not None and not options.allow_private and not _proxied(self.session, url):
            host = (urlsplit(url).hostname or "").lower()
            address = ipaddress.ip_address(peer.split("%")[0])
            if not is_public(address) and not _host_allowed(host, options):
                raise _Failure(f"{host} connected to {peer}, a {_kind(address)} address; refused "
                               f"(use --allow-private to allow)")
        status, reason = response.status_code, _line(response.reason or "")
        headers = tuple((str(k), str(v)) for k, v in raw.headers.items())
        announced = _header(headers, "content-length")
        if announced and announced.strip().isdigit() and int(announced) > options.max_bytes:
            raise _Failure(f"the body is {int(announced)} bytes, more than the limit of {options.max_bytes}")
        chunks: list[bytes] = []
        decoded: list[bytes] = []
        size = 0
        watchdog = _Watchdog(raw, self.deadline)
        try:
            decoder = Decoder(_header(headers, "content-encoding") or "", options.max_bytes)
            for chunk in raw.stream(CHUNK, decode_content=False):
                size += len(chunk)
                if size > options.max_bytes:
                    raise _Failure(f"the body is larger than the limit of {options.max_bytes} bytes")
                chunks.append(chunk)
                decoded.append(decoder.feed(chunk))
            if watchdog.fired:
                raise _Failure(f"the body was still arriving when the {options.deadline:g} s time limit ran out")
            decoded.append(decoder.finish())
        except DecodeError as err:
            raise _Failure(str(err)) from None
        except (urllib3.exceptions.HTTPError, requests.RequestException, OSError) as err:
            if watchdog.fired:
                raise _Failure(f"the body was still arriving when the {options.deadline:g} s time limit ran out"
                               ) from None
            raise _Failure(f"the connection broke while reading the body: {_reason(err)}", retry=True) from None
        finally:
            watchdog.cancel()
        body = b"".join(decoded)
        request = response.request
        target = urlsplit(request.url or url)
        host = target.netloc.rsplit("@", 1)[-1]
        version = getattr(raw, "version_string", None) or {10: "HTTP/1.0", 11: "HTTP/1.1"}.get(raw.version, "HTTP/1.1")
        exchange = Exchange(
            url=url,
            request_line=f"GET {request.path_url} {version if version in ('HTTP/1.0', 'HTTP/1.1') else 'HTTP/1.1'}",
            request_headers=(("Host", host), *((str(k), str(v)) for k, v in request.headers.items())),
            http_version=version,
            status=status,
            reason=reason,
            headers=headers,
            raw_body=b"".join(chunks),
            body_sha256=hashlib.sha256(body).hexdigest(),
            fetched_at=_now(),
            peer=peer,
        )
        if status == 429 or status >= 500:
            raise _Failure(f"HTTP {status} {reason}".strip(), retry=True,
                           retry_after=retry_after(_header(headers, "retry-after")), exchange=exchange, status=status)
        return _Hop(exchange, body, _header(headers, "location"))


# -- bodies ----------------------------------------------------------------------------------------

class DecodeError(Exception):
    """The body could not be decoded, or decodes to more than the cap."""


class Decoder:
    """Undoes a Content-Encoding (gzip, deflate, or a list of them) chunk by chunk, never
    producing more than `limit` bytes in all: past the cap it stops inflating and fails."""

    def __init__(self, content_encoding: str, limit: int) -> None:
        codings = [c.strip().lower() for c in content_encoding.split(",") if c.strip()]
        codings = [c for c in codings if c != "identity"]
        for coding in codings:
            if coding not in ("gzip", "x-gzip", "deflate"):
                raise DecodeError(f"the body is encoded as {coding!r}, which this tool does not decode")
        self.limit = limit
        self.stages = [_Inflater(c, limit) for c in reversed(codings)]
        self.codings = codings
        self.total = 0

    def feed(self, data: bytes) -> bytes:
        for stage in self.stages:
            data = stage.feed(data)
        return self._count(data)

    def finish(self) -> bytes:
        data = b""
        for stage in self.stages:
            data = stage.feed(data) + stage.finish() if data else stage.finish()
        return self._count(data)

    def _count(self, data: bytes) -> bytes:
        self.total += len(data)
        if self.total > self.limit:
            raise DecodeError(f"the {'+'.join(self.codings)}-encoded body decodes to more than the limit of "
                              f"{self.limit} bytes; refused")
        return data


class _Inflater:
    def __init__(self, coding: str, limit: int) -> None:
        self.coding, self.limit = coding, limit
        self.produced = 0
        self.started = False
        self.obj = self._new()

    def _new(self, raw_deflate: bool = False) -> zlib._Decompress:
        if self.coding in ("gzip", "x-gzip"):
            return zlib.decompressobj(16 + zlib.MAX_WBITS)
        return zlib.decompressobj(-zlib.MAX_WBITS if raw_deflate else zlib.MAX_WBITS)

    def feed(self, data: bytes) -> bytes:
        out = []
        while data:
            if self.obj.eof:
                if self.coding == "deflate" or not data.startswith(b"\x1f\x8b"):
                    break  # bytes after the end of the stream: ignored, as browsers do
                self.obj = self._new()  # another gzip member
            try:
                piece = self.obj.decompress(data, self.limit - self.produced + 1)
            except zlib.error as err:
                if self.coding == "deflate" and not self.started:
                    # Servers often send raw deflate though the name means zlib-wrapped.
                    self.started = True
                    self.obj = self._new(raw_deflate=True)
                    continue
                raise DecodeError(f"the body is not valid {self.coding} data ({err})") from None
            self.started = True
            self.produced += len(piece)
            if self.produced > self.limit:
                raise DecodeError(f"the {self.coding}-encoded body decodes to more than the limit of "
                                  f"{self.limit} bytes; refused")
            out.append(piece)
            data = self.obj.unused_data if self.obj.eof else b""
        return b"".join(out)

    def finish(self) -> bytes:
        if not self.started:
            return b""
        if not self.obj.eof:
            raise DecodeError(f"the {self.coding}-encoded body ends early (truncated)")
        return b""


def decode_body(raw: bytes, content_encoding: str | None, limit: int) -> bytes:
    """A whole body, decoded as `fetch` decodes it (for bodies read back from a WARC)."""
    decoder = Decoder(content_encoding or "", limit)
    parts = [decoder.feed(raw[i:i + CHUNK]) for i in range(0, len(raw), CHUNK)]
    parts.append(decoder.finish())
    return b"".join(parts)


def charset_of(content_type: str | None) -> str | None:
    """The charset a Content-Type header names, when Python knows it; None otherwise."""
    if not content_type:
        return None
    m = re.search(r"""charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", content_type, re.IGNORECASE)
    if not m:
        return None
    try:
        codecs.lookup(m.group(1))
    except LookupError:
        return None
    return m.group(1).lower()


def retry_after(value: str | None) -> float | None:
    """Seconds to wait from a Retry-After header (delay-seconds or an HTTP date), or None."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    import email.utils

    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=_dt.timezone.utc)
    return max(0.0, (when - _dt.datetime.now(_dt.timezone.utc)).total_seconds())


# -- small helpers ---------------------------------------------------------------------------------

def _header(headers: tuple[tuple[str, str], ...] | list[tuple[str, str]], name: str) -> str | None:
    values = [v for k, v in headers if k.lower() == name]
    return ", ".join(values) if values else None


class _Watchdog:
    """Ends a body that is still arriving at the deadline (a server can keep each read under the
    read timeout forever by sending a byte at a time): shuts the socket down, which wakes the read."""

    def __init__(self, raw: object, deadline: float) -> None:
        self.fired = False
        self.sock = _socket(raw)
        self.timer: threading.Timer | None = None
        if self.sock is not None:
            self.timer = threading.Timer(max(0.0, deadline - time.monotonic()), self._fire)
            self.timer.daemon = True
            self.timer.start()

    def _fire(self) -> None:
        self.fired = True
        try:
            self.sock.shutdown(socket.SHUT_RDWR)  # type: ignore[union-attr]
        except OSError:
            pass

    def cancel(self) -> None:
        if self.timer is not None:
            self.timer.cancel()


def _socket(raw: object) -> socket.socket | None:
    """The socket under a urllib3 response, before its body is read (private attributes: a
    connection kept alive holds it; a connection that closes after this response leaves it only
    under the response's file)."""
    sock = getattr(getattr(raw, "connection", None), "sock", None)
    if sock is None:
        sock = getattr(getattr(getattr(getattr(raw, "_fp", None), "fp", None), "raw", None), "_sock", None)
    return sock if isinstance(sock, socket.socket) else None


def _peer(raw: object) -> str | None:
    sock = _socket(raw)
    try:
        return str(sock.getpeername()[0]) if sock is not None else None
    except (OSError, IndexError, TypeError):
        return None


def _proxied(session: requests.Session, url: str) -> bool:
    import requests

    if not session.trust_env:
        return bool(session.proxies)
    proxies = requests.utils.get_environ_proxies(url)
    return bool(requests.utils.select_proxy(url, proxies))


def _reason(err: BaseException) -> str:
    """The innermost useful message of a requests/urllib3 error."""
    seen = err
    for _ in range(6):
        inner = seen.args[0] if seen.args and isinstance(seen.args[0], BaseException) else None
        inner = inner or getattr(seen, "reason", None)
        if not isinstance(inner, BaseException) or inner is seen:
            break
        seen = inner
    text = str(seen)
    text = re.sub(r"<urllib3\.connection\.\w+ object at 0x[0-9a-f]+>: ", "", text)
    text = re.sub(r"HTTPS?Connection\(host='[^']*', port=\d+\): ", "", text)
    return _line(text or seen.__class__.__name__)


def _line(text: str, limit: int = 300) -> str:
    text = " ".join(re.sub(r"[\x00-\x1f\x7f-\x9f]", " ", text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _short(url: str, limit: int = 120) -> str:
    return _line(url, limit)


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
