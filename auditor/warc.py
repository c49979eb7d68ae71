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
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import io
import os
import secrets
import tempfile
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
        stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        self.name = f"{prefix}-{stamp}-{secrets.token_hex(3)}.warc.gz"
        self.path: Path | None = None
        self.fetches = 0
        self._tmp: str | None = None
        self._file: Any = None
        self._writer: Any = None

    def __enter__(self) -> EvidenceWarc:
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
        """Write one fetch (an `auditor.fetch.Fetched`): every hop, then any error."""
        try:
            self._add(fetched)
        except OSError as err:
            raise WarcError(f"cannot write {self.folder / self.name}: {err.strerror or err}") from None

    def _add(self, fetched: Any) -> None:
        for x in fetched.exchanges:
            self._exchange(x)
        if fetched.error is not None:
            payload = f"{ERROR_FIELD}: {fetched.error}\r\n".encode()
            record = self._writer.create_warc_record(
                fetched.url, "metadata", payload=io.BytesIO(payload), length=len(payload),
                warc_content_type="application/warc-fields",
                warc_headers_dict={"WARC-Date": _warc_date(fetched.fetched_at)})
            self._writer.write_record(record)
        self.fetches += 1

    def _exchange(self, x: Any) -> None:
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
    try:
        with open(path, "rb") as stream:
            for record in ArchiveIterator(stream):
                page = _page(path, record)
                if page is not None:
                    found = True
                    yield page
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
