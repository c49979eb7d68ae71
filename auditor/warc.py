"""Reading web archives: every HTML response record is a page to audit."""

from __future__ import annotations

from collections.abc import Iterator

from .sources import Page


def read_warc(path: str) -> Iterator[Page]:
    from warcio.archiveiterator import ArchiveIterator
    from warcio.exceptions import ArchiveLoadFailed

    found = False
    try:
        with open(path, "rb") as stream:
            for record in ArchiveIterator(stream):
                if record.rec_type != "response" or record.http_headers is None:
                    continue
                ctype = record.http_headers.get_header("Content-Type") or ""
                if "html" not in ctype.lower():
                    continue
                found = True
                uri = record.rec_headers.get_header("WARC-Target-URI")
                capture = {
                    "warc": path,
                    "record_id": record.rec_headers.get_header("WARC-Record-ID"),
                    "uri": uri,
                    "date": record.rec_headers.get_header("WARC-Date"),
                }
                charset = None
                if "charset=" in ctype.lower():
                    charset = ctype.lower().split("charset=", 1)[1].split(";")[0].strip() or None
                yield Page(f"{path}#{uri}", record.content_stream().read(), charset, capture=capture)
    except FileNotFoundError:
        yield Page(path, None, problem="no such file")
        return
    except (ArchiveLoadFailed, OSError, ValueError) as err:
        yield Page(path, None, problem=f"not a readable WARC file: {err}")
        return
    if not found:
        yield Page(path, None, problem="the WARC file holds no HTML response records")
