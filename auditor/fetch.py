"""Fetching pages politely with `requests`, and keeping what was fetched as WARC evidence."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field

import requests

from . import __version__

USER_AGENT = f"rules-auditor/{__version__} (+compliance audit of published game rules)"


@dataclass(frozen=True)
class FetchOptions:
    timeout: tuple[float, float] = (10.0, 30.0)
    """Connect and read timeouts in seconds."""
    retries: int = 3
    max_redirects: int = 5
    max_bytes: int = 20 * 1024 * 1024
    respect_robots: bool = True
    allow_private: bool = False
    user_agent: str = USER_AGENT


@dataclass(frozen=True)
class Fetched:
    """The outcome of one fetch. `error` is set (and `body` None) when it failed."""

    url: str
    final_url: str | None = None
    status: int | None = None
    body: bytes | None = None
    charset: str | None = None
    headers: list[tuple[str, str]] = field(default_factory=list)
    fetched_at: str = ""
    error: str | None = None


def fetch(url: str, options: FetchOptions | None = None) -> Fetched:
    """Fetch `url`; never raises: a failure is a Fetched with `error` set."""
    options = options or FetchOptions()
    when = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
    try:
        with requests.get(url, timeout=options.timeout, stream=True,
                          headers={"User-Agent": options.user_agent}) as response:
            body = b""
            for chunk in response.iter_content(65536):
                body += chunk
                if len(body) > options.max_bytes:
                    return Fetched(url, response.url, response.status_code, None, None, [], when,
                                   f"the body is larger than {options.max_bytes} bytes")
            if response.status_code >= 400:
                return Fetched(url, response.url, response.status_code, None, None, list(response.headers.items()),
                               when, f"HTTP {response.status_code}")
            return Fetched(url, response.url, response.status_code, body,
                           requests.utils.get_encoding_from_headers(response.headers) if
                           "charset" in response.headers.get("content-type", "") else None,
                           list(response.headers.items()), when)
    except requests.RequestException as err:
        return Fetched(url, None, None, None, None, [], when, f"fetch failed: {err.__class__.__name__}: {err}")
