"""Web archives: saving fetched pages as WARC evidence, and reading WARC files as sources.

Writing: each hop of a fetch becomes a request record and a response record (status line,
headers and body as received, Content-Encoding intact), with its WARC-Date, the address
connected to, SHA-256 block and payload digests, and `X-Rules-Auditor-SHA256`: the SHA-256 of
the decoded body, which is the `sha256` an audit of that page reports. A fetch that failed gets
a metadata record saying why. The file is gzipped, written to a temporary name and renamed into
place when complete.

Reading: every successful (2xx) HTML response record is a page, decoded as `fetch` decodes a
live body, so auditing the WARC gives the same sha256 and findings as auditing the live page.
A metadata record of a failed fetch is an unreadable page, as the failed live fetch was.

Rendered pages (`--render`): after the response as received come a `conversion` record holding
the DOM the browser settled on (`WARC-Refers-To` the response, with the browser's version and
the requests it refused), and, with a screenshot, a `resource` record of the PNG referring to the
conversion; a rendering that failed is a metadata record referring to the response. Reading, a
response's rendered DOM (or its rendering's failure) takes the response's place, so auditing the
WARC gives the report auditing with --render gave, without a browser.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import io
import json
import os
import zlib
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import Any

from . import __version__
from .output import current_umask
from .sources import MAX_FILE_BYTES, Page

SHA256_HEADER = "X-Rules-Auditor-SHA256"
"""WARC header of a response record: hex SHA-256 of the body once Content-Encoding is undone."""
ERROR_FIELD = "rules-auditor-fetch-error"
"""Field of a metadata record (application/warc-fields) saying why a fetch failed."""
BROWSER_HEADER = "X-Rules-Auditor-Browser"
"""WARC header of a conversion record holding a rendered DOM: the browser that rendered it."""
REFUSED_HEADER = "X-Rules-Auditor-Refused"
"""WARC header of a rendered DOM's record: the page's requests the browser refused (a JSON list)."""
_DROPPED_HEADERS = ("transfer-encoding",)
"""Framing already removed from the stored body, so the header would mislead a reader."""


class WarcError(OSError):
    """The WARC file could not be written; nothing was left behind."""


def _writer_class() -> Any:
    from warcio.utils import Digester
    from warcio.warcwriter import WARCWriter

    class Sha256WARCWriter(WARCWriter):  # type: ignore[misc]
        """warcio's writer with SHA-256 block and payload digests instead of SHA-1."""

        @staticmethod
        def _create_digester() -> Any:
            return Digester("sha256")

    return Sha256WARCWriter


class EvidenceWarc:
    """A gzipped WARC written into `folder` under a fresh name. Use as a context manager:
    records go to a temporary file that is renamed into place on a clean exit and removed
    otherwise, or when no fetch was added (then `path` stays None)."""

    def __init__(self, folder: str | Path, prefix: str = "rules-auditor") -> None:
        self.folder = Path(folder)
        import secrets  # (with tempfile, below: only a run that saves evidence imports them)

        stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        self.name = f"{prefix}-{stamp}-{secrets.token_hex(3)}.warc.gz"
        self.path: Path | None = None
        self.fetches = 0
        self._tmp: str | None = None
        self._file: Any = None
        self._writer: Any = None

    def __enter__(self) -> EvidenceWarc:
        import tempfile

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, self._tmp = tempfile.mkstemp(prefix=f".{self.name}.", suffix=".tmp", dir=self.folder)
        except OSError as err:
            raise WarcError(f"cannot write a WARC file in {self.folder}: {err.strerror or err}") from None
        self._file = os.fdopen(fd, "wb")
        self._writer = _writer_class()(self._file, gzip=True)
        info = {"software": f"rules-auditor/{__version__}", "format": "WARC File Format 1.0",
                "description": "rules pages fetched as evidence for an audit of published game rules"}
        self._writer.write_record(self._writer.create_warcinfo_record(self.name, info))
        return self

    def add(self, fetched: Any) -> None:
        """Write one fetch (an `auditor.fetch.Fetched`): every hop, then any error; or one
        rendering (an `auditor.render.Rendered`): its fetch, then the rendered DOM and screenshot."""
        try:
            rendering = fetched if hasattr(fetched, "dom") else None
            response_id = self._add(rendering.fetched if rendering is not None else fetched)
            if rendering is not None and response_id is not None and rendering.fetched.error is None:
                self._rendering(rendering, response_id)
        except OSError as err:
            raise WarcError(f"cannot write {self.folder / self.name}: {err.strerror or err}") from None

    def _add(self, fetched: Any) -> str | None:
        """Write a fetch; the record id of its last response."""
        response_id = None
        for x in fetched.exchanges:
            response_id = self._exchange(x)
        if fetched.error is not None:
            self._error(fetched.url, fetched.error, fetched.fetched_at)
        self.fetches += 1
        return response_id

    def _error(self, uri: str, error: str, when: str, refers_to: str | None = None) -> None:
        payload = f"{ERROR_FIELD}: {error}\r\n".encode()
        headers = {"WARC-Date": _warc_date(when)}
        if refers_to is not None:
            headers["WARC-Refers-To"] = refers_to
        record = self._writer.create_warc_record(
            uri, "metadata", payload=io.BytesIO(payload), length=len(payload),
            warc_content_type="application/warc-fields", warc_headers_dict=headers)
        self._writer.write_record(record)

    def _rendering(self, r: Any, response_id: str) -> None:
        uri = r.url or r.fetched.final_url or r.fetched.url
        if r.error is not None:
            self._error(uri, r.error, r.rendered_at, response_id)
            return
        if r.dom is None:
            return
        headers = {"WARC-Date": _warc_date(r.rendered_at), "WARC-Refers-To": response_id,
                   SHA256_HEADER: hashlib.sha256(r.dom).hexdigest(), BROWSER_HEADER: r.browser or ""}
        if r.refused:
            headers[REFUSED_HEADER] = json.dumps(list(r.refused))
        record = self._writer.create_warc_record(uri, "conversion", payload=io.BytesIO(r.dom), length=len(r.dom),
                                                 warc_content_type="text/html; charset=utf-8",
                                                 warc_headers_dict=headers)
        self._writer.write_record(record)
        if r.screenshot:
            shot = self._writer.create_warc_record(
                f"urn:screenshot:{uri}", "resource", payload=io.BytesIO(r.screenshot), length=len(r.screenshot),
                warc_content_type="image/png",
                warc_headers_dict={"WARC-Date": _warc_date(r.rendered_at),
                                   "WARC-Refers-To": record.rec_headers.get_header("WARC-Record-ID"),
                                   BROWSER_HEADER: r.browser or ""})
            self._writer.write_record(shot)

    def _exchange(self, x: Any) -> str:
        from warcio.statusandheaders import StatusAndHeaders

        date = _warc_date(x.fetched_at)
        headers = [(k, v) for k, v in x.headers if k.lower() not in _DROPPED_HEADERS]
        http = StatusAndHeaders(f"{x.status} {x.reason}".strip(), headers, protocol=x.http_version)
        warc_headers = {"WARC-Date": date}
        if x.peer:
            warc_headers["WARC-IP-Address"] = x.peer
        if x.body_sha256:
            warc_headers[SHA256_HEADER] = x.body_sha256
        response = self._writer.create_warc_record(x.url, "response", payload=io.BytesIO(x.raw_body),
                                                   length=len(x.raw_body), http_headers=http,
                                                   warc_headers_dict=warc_headers)
        request = self._writer.create_warc_record(
            x.url, "request", http_headers=StatusAndHeaders(x.request_line, list(x.request_headers),
                                                            is_http_request=True),
            warc_headers_dict={"WARC-Date": date})
        self._writer.write_request_response_pair(request, response)
        return str(response.rec_headers.get_header("WARC-Record-ID"))

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None,
                 tb: TracebackType | None) -> None:
        tmp = self._tmp
        assert tmp is not None and self._file is not None
        try:
            if kind is None and self.fetches:
                self._file.flush()
                os.fsync(self._file.fileno())
                self._file.close()
                os.chmod(tmp, 0o666 & ~current_umask())  # mkstemp makes it private; give it a normal file's mode
                target = self.folder / self.name
                os.replace(tmp, target)
                self.path = target
                return
        except OSError as error:
            _remove(tmp)
            raise WarcError(f"cannot write {self.folder / self.name}: {error.strerror or error}") from None
        self._file.close()
        _remove(tmp)


def read_warc(path: str) -> Iterator[Page]:
    """The pages of a `.warc` or `.warc.gz` file. Never raises for an unreadable file."""
    from warcio.archiveiterator import ArchiveIterator
    from warcio.exceptions import ArchiveLoadFailed

    found = False
    pending: Page | None = None  # a response whose rendering may follow
    pending_id = None
    try:
        with open(path, "rb") as stream:
            for record in ArchiveIterator(stream):
                page = _page(path, record)
                if page is None:
                    continue
                found = True
                refers = record.rec_headers.get_header("WARC-Refers-To")
                if pending is not None and refers is not None and refers == pending_id:
                    pending = page  # the rendered DOM, or why rendering failed, stands for the response
                    continue
                if pending is not None:
                    yield pending
                pending, pending_id = page, record.rec_headers.get_header("WARC-Record-ID")
            if pending is not None:
                yield pending
                pending = None
    except FileNotFoundError:
        yield Page(path, None, problem="no such file")
        return
    except IsADirectoryError:
        yield Page(path, None, problem="is a directory")
        return
    except (ArchiveLoadFailed, OSError, ValueError, EOFError, zlib.error) as err:
        yield Page(path, None, problem=f"not a readable WARC file: {err}")
        return
    if not found:
        yield Page(path, None, problem="the WARC file holds no HTML response records")


def _page(path: str, record: Any) -> Page | None:
    from .fetch import DecodeError, charset_of, decode_body

    headers = record.rec_headers
    uri = headers.get_header("WARC-Target-URI")
    capture = {
        "warc": path,
        "record_id": headers.get_header("WARC-Record-ID"),
        "uri": uri,
        "date": headers.get_header("WARC-Date"),
    }
    name = f"{path}#{uri}"
    if record.rec_type == "metadata":
        error = _fields(record.content_stream().read(64 * 1024)).get(ERROR_FIELD)
        return None if error is None else Page(name, None, problem=error, capture=capture)
    if record.rec_type == "conversion":
        return _rendered(path, record, name, capture)
    if record.rec_type != "response" or record.http_headers is None:
        return None
    http = record.http_headers
    status = _status(http.get_statuscode())
    ctype = http.get_header("Content-Type") or ""
    if not 200 <= status < 300 or (ctype and "html" not in ctype.lower()):
        return None
    if headers.get_header("WARC-Truncated"):
        return Page(name, None, problem=f"the record was truncated when captured "
                                         f"({headers.get_header('WARC-Truncated')})", capture=capture)
    stream = record.raw_stream
    if (http.get_header("Transfer-Encoding") or "").lower() == "chunked":
        from warcio.bufferedreaders import ChunkedDataReader

        stream = ChunkedDataReader(stream)
    raw = stream.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        return Page(name, None, problem=f"the record's body is larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB",
                    capture=capture)
    try:
        body = decode_body(raw, http.get_header("Content-Encoding"), MAX_FILE_BYTES)
    except DecodeError as err:
        return Page(name, None, problem=str(err), capture=capture)
    recorded = headers.get_header(SHA256_HEADER)
    if recorded and recorded.strip().lower() != hashlib.sha256(body).hexdigest():
        return Page(name, None, problem="the record's body does not match the SHA-256 recorded when it was "
                                         "fetched (the file is damaged or was altered)", capture=capture)
    return Page(name, body, charset_of(ctype), capture=capture)


def _rendered(path: str, record: Any, name: str, capture: dict[str, Any]) -> Page | None:
    """A rendered DOM this tool wrote (a conversion record naming its browser), or None."""
    from .fetch import charset_of

    headers = record.rec_headers
    browser = headers.get_header(BROWSER_HEADER)
    ctype = headers.get_header("Content-Type") or ""
    if browser is None or "html" not in ctype.lower():
        return None
    capture = {**capture, "refers_to": headers.get_header("WARC-Refers-To"), "rendered_by": browser}
    body = record.raw_stream.read(MAX_FILE_BYTES + 1)
    if len(body) > MAX_FILE_BYTES:
        return Page(name, None, problem=f"the rendered page is larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB",
                    capture=capture)
    recorded = headers.get_header(SHA256_HEADER)
    if recorded and recorded.strip().lower() != hashlib.sha256(body).hexdigest():
        return Page(name, None, problem="the rendered page does not match the SHA-256 recorded when it was "
                                         "rendered (the file is damaged or was altered)", capture=capture)
    try:
        refused = json.loads(headers.get_header(REFUSED_HEADER) or "[]")
    except ValueError:
        refused = []
    if not isinstance(refused, list):
        refused = []
    return Page(name, body, charset_of(ctype), capture=capture,
                rendered={"browser": browser or None, "refused": [str(r) for r in refused]})


def _fields(data: bytes) -> dict[str, str]:
    out = {}
    for line in data.decode("utf-8", errors="replace").splitlines():
        key, sep, value = line.partition(":")
        if sep:
            out[key.strip().lower()] = value.strip()
    return out


def _status(code: Any) -> int:
    try:
        return int(code)
    except (TypeError, ValueError):
        return 0


def _warc_date(iso: str) -> str:
    """WARC-Date (second precision, "Z") for a time `fetch` recorded."""
    if iso:
        try:
            when = _dt.datetime.fromisoformat(iso.replace("Z", "+00:00"))
            return when.astimezone(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        except ValueError:
            pass
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
