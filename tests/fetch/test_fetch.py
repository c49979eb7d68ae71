"""`auditor.fetch.fetch` against a real HTTP server on 127.0.0.1."""

from __future__ import annotations

import gzip
import hashlib
import time
import tracemalloc
import zlib
from dataclasses import replace

import pytest

from auditor import __version__
from auditor.pipeline import audit_bytes
from auditor.fetch import Decoder, DecodeError, FetchOptions, charset_of, fetch, retry_after

from .conftest import fast, hang, page, redirect, reset, send, status

HTML = b"<html><head><title>Baccarat</title></head><body><p>Tie pays 8 to 1.</p></body></html>"


def test_fetches_a_page_with_an_honest_user_agent(server):
    server.routes["/rules"] = page(HTML, "text/html; charset=utf-8")
    got = fetch(server.url("/rules"), fast())
    assert got.error is None
    assert (got.status, got.body, got.charset, got.final_url) == (200, HTML, "utf-8", server.url("/rules"))
    assert got.fetched_at.endswith("Z") and got.attempts == 1
    [x] = got.exchanges
    assert x.raw_body == HTML and x.body_sha256 == hashlib.sha256(HTML).hexdigest() and x.peer == "127.0.0.1"
    agent = server.requests[-1][1]["User-Agent"]
    assert agent.startswith(f"rules-auditor/{__version__} ")


def test_loopback_refused_unless_allowed(server):
    server.routes["/rules"] = page(HTML)
    got = fetch(server.url("/rules"), fast(allow_private=False))
    assert got.body is None and "loopback" in got.error and "--allow-private" in got.error
    assert server.hits["/rules"] == 0 and server.hits["/robots.txt"] == 0


def test_a_name_that_resolves_to_loopback_is_refused(server):
    got = fetch(f"http://localhost:{server.port}/rules", fast(allow_private=False))
    assert "loopback" in got.error and server.hits["/rules"] == 0


def test_an_allowed_host_is_reached_though_private(server):
    server.routes["/rules"] = page(HTML)
    got = fetch(server.url("/rules"), fast(allow_private=False, allow_hosts=("127.0.0.1",)))
    assert got.body == HTML


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://127.0.0.1/", "/relative",
                                 "http:///nohost", "http://127.0.0.1:99999/", "not a url"])
def test_bad_or_refused_urls_give_an_error_never_an_exception(url):
    got = fetch(url, fast())
    assert got.error and got.body is None and "\n" not in got.error


def test_read_timeout_on_a_hanging_handler(server):
    server.routes["/slow"] = hang
    started = time.monotonic()
    got = fetch(server.url("/slow"), fast(timeout=(1.0, 0.3), retries=1))
    assert "read timeout" in got.error and "2 attempts" in got.error
    assert time.monotonic() - started < 3


def test_a_body_dripping_past_the_deadline_is_cut_off(server):
    def drip(h):
        h.send_response(200)
        h.send_header("Content-Type", "text/html")
        h.send_header("Content-Length", "100000")
        h.end_headers()
        while not h.server.owner.stop.is_set():
            try:
                h.wfile.write(b"x")
                h.wfile.flush()
            except OSError:
                return
            time.sleep(0.05)

    server.routes["/drip"] = drip
    started = time.monotonic()
    got = fetch(server.url("/drip"), fast(timeout=(1.0, 0.5), deadline=1.0))
    assert "time limit" in got.error
    assert time.monotonic() - started < 3


def test_retries_then_success(server):
    server.routes["/flaky"] = [status(503), status(502), page(HTML)]
    got = fetch(server.url("/flaky"), fast(retries=3))
    assert got.body == HTML and got.attempts == 3 and server.hits["/flaky"] == 3


def test_connection_reset_is_retried(server):
    server.routes["/reset"] = [reset, page(HTML)]
    got = fetch(server.url("/reset"), fast())
    assert got.body == HTML and server.hits["/reset"] == 2


def test_connection_reset_every_time(server):
    server.routes["/reset"] = reset
    got = fetch(server.url("/reset"), fast(retries=2))
    assert got.error.startswith("connection failed") and "3 attempts" in got.error
    assert server.hits["/reset"] == 3


def test_429_waits_as_long_as_retry_after_says(server):
    server.routes["/busy"] = [status(429, (("Retry-After", "1"),)), page(HTML)]
    started = time.monotonic()
    got = fetch(server.url("/busy"), fast(backoff=0.01))
    assert got.body == HTML and server.hits["/busy"] == 2
    assert 0.9 <= time.monotonic() - started < 3


def test_a_retry_after_beyond_the_cap_is_not_waited_for(server):
    server.routes["/busy"] = status(429, (("Retry-After", "3600"),))
    started = time.monotonic()
    got = fetch(server.url("/busy"), fast(max_retry_after=0.5))
    assert "HTTP 429" in got.error and "3600" in got.error and server.hits["/busy"] == 1
    assert time.monotonic() - started < 1


def test_5xx_retries_exhausted(server):
    server.routes["/down"] = status(500)
    got = fetch(server.url("/down"), fast(retries=2))
    assert got.error == "HTTP 500 Internal Server Error (gave up after 3 attempts)"
    assert got.status == 500 and server.hits["/down"] == 3
    assert got.exchanges[-1].status == 500  # the last answer is kept as evidence


def test_4xx_is_not_retried(server):
    got = fetch(server.url("/missing"), fast())
    assert got.error == "HTTP 404 Not Found" and server.hits["/missing"] == 1


def test_redirects_followed_and_every_hop_kept(server):
    server.routes["/old"] = redirect("/middle", 301)
    server.routes["/middle"] = redirect(server.url("/new"), 307)
    server.routes["/new"] = page(HTML)
    got = fetch(server.url("/old"), fast())
    assert got.body == HTML and got.final_url == server.url("/new")
    assert [x.status for x in got.exchanges] == [301, 307, 200]


def test_redirect_loop(server):
    server.routes["/a"] = redirect("/b")
    server.routes["/b"] = redirect("/a")
    got = fetch(server.url("/a"), fast())
    assert got.error.startswith("redirect loop") and server.hits["/a"] == 1 and server.hits["/b"] == 1


def test_too_many_redirects(server):
    for i in range(10):
        server.routes[f"/r{i}"] = redirect(f"/r{i + 1}")
    got = fetch(server.url("/r0"), fast(max_redirects=3))
    assert got.error == "too many redirects (more than 3)" and server.hits["/r4"] == 0


def test_redirect_to_file_url_refused(server):
    server.routes["/sneaky"] = redirect("file:///etc/passwd")
    got = fetch(server.url("/sneaky"), fast())
    assert got.error.startswith("redirect to file:///etc/passwd refused") and got.body is None


@pytest.mark.parametrize("target", ["http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/admin",
                                    "http://[::1]:1/", "http://192.168.1.1/"])
def test_redirect_to_a_private_address_refused(server, target):
    # Only the test server itself is allowed; the guard in conftest fails the test if
    # anything tries to connect to the target.
    server.routes["/go"] = redirect(target)
    got = fetch(server.url("/go"), fast(allow_private=False, allow_hosts=("127.0.0.1",)))
    assert got.error.startswith(f"redirect to {target} refused") and "address" in got.error


def test_oversize_body_announced(server):
    server.routes["/big"] = page(b"x" * 200_000)
    got = fetch(server.url("/big"), fast(max_bytes=100_000))
    assert got.error == "the body is 200000 bytes, more than the limit of 100000"


def test_oversize_body_without_a_length(server):
    def endless(h):
        h.send_response(200)
        h.send_header("Content-Type", "text/html")
        h.send_header("Connection", "close")
        h.end_headers()
        try:
            for _ in range(1000):
                h.wfile.write(b"x" * 65536)
        except OSError:
            pass
        h.close_connection = True

    server.routes["/big"] = endless
    started = time.monotonic()
    got = fetch(server.url("/big"), fast(max_bytes=300_000))
    assert got.error == "the body is larger than the limit of 300000 bytes"
    assert time.monotonic() - started < 3


@pytest.mark.parametrize("encoding", ["gzip", "deflate", "raw-deflate"])
def test_compressed_bodies_are_decoded(server, encoding):
    server.routes["/z"] = page(HTML, encoding=encoding)
    got = fetch(server.url("/z"), fast())
    assert got.body == HTML and got.exchanges[-1].raw_body != HTML
    assert got.exchanges[-1].body_sha256 == hashlib.sha256(HTML).hexdigest()


def test_unknown_content_encoding_refused(server):
    server.routes["/br"] = lambda h: send(h, b"\x0b\x02\x80", headers=(("Content-Encoding", "br"),))
    assert "'br'" in fetch(server.url("/br"), fast()).error


@pytest.fixture(scope="module")
def bomb() -> bytes:
    """One gzip member that inflates to 256 MiB of zeros (about 250 KiB on the wire)."""
    c = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    block = bytes(1 << 20)
    return b"".join(c.compress(block) for _ in range(256)) + c.flush()


def test_gzip_bomb_refused_without_inflating_it(server, bomb):
    server.routes["/bomb"] = lambda h: send(h, bomb, headers=(("Content-Encoding", "gzip"),))
    tracemalloc.start()
    started = time.monotonic()
    try:
        got = fetch(server.url("/bomb"), fast(max_bytes=1_000_000))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert got.error == "the gzip-encoded body decodes to more than the limit of 1000000 bytes; refused"
    assert time.monotonic() - started < 2
    assert peak < 20 * 1024 * 1024


def test_decoder_caps_a_bomb_fed_at_once(bomb):
    with pytest.raises(DecodeError):
        Decoder("gzip", 10_000_000).feed(bomb)


def test_decoder_handles_chained_and_multi_member_gzip():
    two = gzip.compress(b"ab") + gzip.compress(b"cd")
    d = Decoder("gzip", 100)
    assert d.feed(two) + d.finish() == b"abcd"
    chained = zlib.compress(gzip.compress(HTML))
    d = Decoder("gzip, deflate", 1000)
    assert d.feed(chained) + d.finish() == HTML
    with pytest.raises(DecodeError, match="truncated"):
        d = Decoder("gzip", 1000)
        d.feed(gzip.compress(HTML)[:-12])
        d.finish()


@pytest.mark.parametrize(("header", "charset"), [
    ("text/html; charset=ISO-8859-1", "iso-8859-1"),
    ('text/html; charset="windows-1252"', "windows-1252"),
    ("text/html", None),
    ("text/html; charset=klingon", None),
    (None, None),
])
def test_charset_from_the_content_type(server, header, charset):
    server.routes["/p"] = page(HTML, header)
    assert fetch(server.url("/p"), fast()).charset == charset
    assert charset_of(header) == charset


@pytest.mark.parametrize("header", ["text/html", "text/html; charset=utf-8", "text/html; charset=klingon",
                                    "text/html; charset=windows-1252"])
def test_a_wrong_or_missing_charset_reads_the_page_as_the_file_reads(server, fixture_bytes, header):
    data = fixture_bytes("a-cp1252-grid.html")
    server.routes["/cp"] = page(data, header)
    got = fetch(server.url("/cp"), fast())
    live = audit_bytes(got.body, "live", None, got.charset)
    saved = audit_bytes(data, "live")
    assert live.sha256 == saved.sha256
    assert live.to_dict() == saved.to_dict()


ROBOTS = b"User-agent: *\nDisallow: /private\n"


def test_robots_txt_disallow(server):
    server.routes["/robots.txt"] = page(ROBOTS, "text/plain")
    server.routes["/private/rules"] = page(HTML)
    server.routes["/rules"] = page(HTML)
    got = fetch(server.url("/private/rules"), fast())
    assert got.error == ("robots.txt at http://127.0.0.1:%d disallows /private/rules for rules-auditor; "
                         "not fetched (use --no-robots to override)" % server.port)
    assert fetch(server.url("/rules"), fast()).body == HTML
    assert server.hits["/private/rules"] == 0
    assert server.hits["/robots.txt"] == 1  # kept for the origin
    assert fetch(server.url("/private/rules"), fast(respect_robots=False)).body == HTML


def test_a_robots_group_for_rules_auditor_replaces_the_star_group(server):
    server.routes["/robots.txt"] = page(b"User-agent: *\nDisallow: /\n\nUser-agent: rules-auditor\n"
                                        b"Disallow: /no-auditors\n", "text/plain")
    server.routes["/rules"] = page(HTML)
    server.routes["/no-auditors"] = page(HTML)
    assert fetch(server.url("/rules"), fast()).body == HTML
    assert "robots.txt" in fetch(server.url("/no-auditors"), fast()).error


def test_robots_txt_checked_on_every_hop(server):
    server.routes["/robots.txt"] = page(ROBOTS, "text/plain")
    server.routes["/go"] = redirect("/private/x")
    got = fetch(server.url("/go"), fast())
    assert got.error.startswith("redirect to") and "robots.txt" in got.error


def test_missing_robots_txt_allows(server):
    server.routes["/rules"] = page(HTML)
    assert fetch(server.url("/rules"), fast()).body == HTML
    assert server.hits["/robots.txt"] == 1


def test_unreachable_robots_txt_disallows(server):
    server.routes["/robots.txt"] = status(503)
    server.routes["/rules"] = page(HTML)
    got = fetch(server.url("/rules"), fast(retries=0))
    assert "robots.txt" in got.error and "could not be read" in got.error and server.hits["/rules"] == 0


def test_retry_after_forms():
    assert retry_after("7") == 7.0
    assert retry_after(None) is None and retry_after("soon") is None
    assert retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # in the past: no wait
    assert 50 < retry_after(time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime(time.time() + 60))) <= 60


def test_options_are_plain_data():
    import pickle

    options = replace(FetchOptions(), allow_private=True)
    assert pickle.loads(pickle.dumps(options)) == options
