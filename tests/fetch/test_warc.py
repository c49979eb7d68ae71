"""WARC evidence: what `fetch` writes, and auditing it gives what auditing the live page gives."""

from __future__ import annotations

import gzip
import hashlib
import io
import os
import zlib
from pathlib import Path

import pytest
from warcio.archiveiterator import ArchiveIterator
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from auditor.cli import main
from auditor.fetch import fetch
from auditor.runner import audit_all
from auditor.sources import Source, expand
from auditor.warc import SHA256_HEADER, EvidenceWarc, WarcError, read_warc

from .conftest import FIXTURES, fast, page, redirect, send

PAGES = sorted(p.name for p in FIXTURES.glob("*.html"))


def comparable(report):
    """A report without what names where it came from."""
    d = report.to_dict()
    return {k: v for k, v in d.items() if k not in ("source", "capture")}


def serve_fixtures(server):
    for i, name in enumerate(PAGES):
        server.routes[f"/rules/{name}"] = page((FIXTURES / name).read_bytes(),
                                               encoding="gzip" if i % 2 else None)


def test_round_trip_every_fixture(server, tmp_path, capsys):
    """Fetch every fixture page into a WARC, then audit the WARC and the live URLs: the same
    sha256 (that of the file) and the same findings, page by page."""
    serve_fixtures(server)
    urls = [server.url(f"/rules/{name}") for name in PAGES]
    assert main(["fetch", *urls, "--out", str(tmp_path), "--allow-private"]) == 0
    [warc] = tmp_path.glob("*.warc.gz")
    assert capsys.readouterr().out.strip() == str(warc)

    options = fast()
    live = list(audit_all([Source(u, "url") for u in urls], None, 1, options))
    saved = list(audit_all(expand([str(warc)]), None, 1, options))
    assert [r.source for r in saved] == [f"{warc.as_posix()}#{u}" for u in urls]
    for name, a, b in zip(PAGES, live, saved):
        assert a.sha256 == b.sha256 == hashlib.sha256((FIXTURES / name).read_bytes()).hexdigest(), name
        assert comparable(a) == comparable(b), name
        assert b.capture["uri"] == a.source and b.capture["warc"] == warc.as_posix()
        assert b.capture["record_id"].startswith("<urn:uuid:") and b.capture["date"].endswith("Z")


def test_records_as_written(server, tmp_path):
    data = (FIXTURES / PAGES[0]).read_bytes()
    server.routes["/old"] = redirect("/rules")
    server.routes["/rules"] = page(data, "text/html; charset=utf-8", encoding="gzip")
    with EvidenceWarc(tmp_path) as warc:
        warc.add(fetch(server.url("/old"), fast()))
    assert list(tmp_path.iterdir()) == [warc.path]  # nothing else left behind
    records = []
    with open(warc.path, "rb") as f:
        assert f.read(2) == b"\x1f\x8b"
        f.seek(0)
        for record in ArchiveIterator(f, check_digests="raise"):
            body = record.content_stream().read()
            records.append((record.rec_type, record.rec_headers, record.http_headers, body))
    assert [r[0] for r in records] == ["warcinfo", "response", "request", "response", "request"]
    responses = [r for r in records if r[0] == "response"]
    requests_ = [r for r in records if r[0] == "request"]
    assert [r[2].get_statuscode() for r in responses] == ["302", "200"]
    _, headers, http, body = responses[1]
    assert body == data  # decoded on reading; stored as received
    assert http.get_header("Content-Encoding") == "gzip"
    assert headers.get_header(SHA256_HEADER) == hashlib.sha256(data).hexdigest()
    assert headers.get_header("WARC-Payload-Digest").startswith("sha256:")
    assert headers.get_header("WARC-IP-Address") == "127.0.0.1"
    assert headers.get_header("WARC-Date").endswith("Z")
    assert headers.get_header("WARC-Target-URI") == server.url("/rules")
    _, req_headers, req_http, _ = requests_[1]
    assert req_http.protocol == "GET" and req_http.statusline.startswith("/rules ")
    assert req_http.get_header("User-Agent").startswith("rules-auditor/")
    assert req_headers.get_header("WARC-Concurrent-To") == headers.get_header("WARC-Record-ID")
    umask = os.umask(0o022)
    os.umask(umask)
    assert warc.path.stat().st_mode & 0o777 == 0o666 & ~umask  # a normal file's mode, not mkstemp's 0600


def test_failed_fetch_is_recorded_and_read_back_as_unreadable(server, tmp_path):
    server.routes["/gone"] = lambda h: send(h, b"<html><body>Not here</body></html>", status=404)
    with EvidenceWarc(tmp_path) as warc:
        got = fetch(server.url("/gone"), fast())
        warc.add(got)
    assert got.error == "HTTP 404 Not Found"
    [report] = list(audit_all(expand([str(warc.path)]), None))
    assert report.status == "error" and report.error == "HTTP 404 Not Found"
    assert [f.code for f in report.findings] == ["source-unreadable"]
    assert report.capture["uri"] == server.url("/gone")


def test_nothing_is_left_behind_when_writing_fails(tmp_path):
    with pytest.raises(RuntimeError), EvidenceWarc(tmp_path) as warc:
        raise RuntimeError("interrupted")
    assert warc.path is None and list(tmp_path.iterdir()) == []
    with EvidenceWarc(tmp_path) as empty:
        pass
    assert empty.path is None and list(tmp_path.iterdir()) == []


def test_unwritable_directory(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(WarcError, match="cannot write"), EvidenceWarc(blocker / "sub"):
        pass


def write_warc(path: Path, body: bytes, headers: list[tuple[str, str]], status: str = "200 OK",
               warc_headers: dict[str, str] | None = None, gz: bool = True) -> None:
    with open(path, "wb") as f:
        writer = WARCWriter(f, gzip=gz)
        http = StatusAndHeaders(status, headers, protocol="HTTP/1.1")
        writer.write_record(writer.create_warc_record("https://casino.example/rules", "response",
                                                      payload=io.BytesIO(body), length=len(body),
                                                      http_headers=http, warc_headers_dict=warc_headers or {}))


def test_a_plain_warc_from_another_tool(tmp_path):
    data = (FIXTURES / PAGES[1]).read_bytes()
    path = tmp_path / "other.warc"
    write_warc(path, data, [("Content-Type", "text/html; charset=utf-8")], gz=False)
    [p] = list(read_warc(str(path)))
    assert p.data == data and p.charset == "utf-8" and p.capture["uri"] == "https://casino.example/rules"


def test_a_chunked_record_from_another_tool(tmp_path):
    data = b"<html><body>Tie pays 8 to 1</body></html>"
    chunked = b"%x\r\n%s\r\n0\r\n\r\n" % (len(data), data)
    path = tmp_path / "chunked.warc.gz"
    write_warc(path, chunked, [("Content-Type", "text/html"), ("Transfer-Encoding", "chunked")])
    [p] = list(read_warc(str(path)))
    assert p.data == data


def test_an_altered_record_is_refused(tmp_path):
    data = b"<html><body>Tie pays 8 to 1</body></html>"
    path = tmp_path / "altered.warc.gz"
    write_warc(path, data.replace(b"8", b"9"), [("Content-Type", "text/html")],
               warc_headers={SHA256_HEADER: hashlib.sha256(data).hexdigest()})
    [p] = list(read_warc(str(path)))
    assert p.data is None and "does not match" in p.problem


def test_a_gzip_bomb_inside_a_warc_is_refused(tmp_path):
    c = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    bomb = b"".join(c.compress(bytes(1 << 20)) for _ in range(100)) + c.flush()
    path = tmp_path / "bomb.warc.gz"
    write_warc(path, bomb, [("Content-Type", "text/html"), ("Content-Encoding", "gzip")])
    [p] = list(read_warc(str(path)))
    assert p.data is None and "decodes to more than" in p.problem


@pytest.mark.parametrize(("content", "problem"), [
    (b"", "holds no HTML response records"),
    (b"<!doctype html>\n<html><body>a page saved under the wrong name</body></html>", "not a readable WARC file"),
    (gzip.compress(b"WARC/1.0\r\nbroken"), "holds no HTML response records"),  # warcio is lenient
])
def test_unreadable_warc_files(tmp_path, content, problem):
    path = tmp_path / "bad.warc.gz"
    path.write_bytes(content)
    [p] = list(read_warc(str(path)))
    assert p.data is None and problem in p.problem


def test_non_html_and_redirect_records_are_not_pages(tmp_path):
    path = tmp_path / "mixed.warc.gz"
    with open(path, "wb") as f:
        writer = WARCWriter(f, gzip=True)
        for status, ctype, body in [("302 Found", "text/html", b""), ("200 OK", "image/png", b"\x89PNG"),
                                    ("200 OK", "text/html", b"<html><body>Banker pays 0.95 to 1</body></html>")]:
            http = StatusAndHeaders(status, [("Content-Type", ctype)], protocol="HTTP/1.1")
            writer.write_record(writer.create_warc_record("https://casino.example/", "response",
                                                          payload=io.BytesIO(body), length=len(body),
                                                          http_headers=http))
    pages = list(read_warc(str(path)))
    assert len(pages) == 1 and pages[0].data.startswith(b"<html>")
