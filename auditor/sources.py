"""Where pages come from: files, directories, standard input, URLs and WARC archives.

A source becomes one or more Pages (bytes with a name); a source that cannot be read becomes
a Page with a problem, which the audit reports as `source-unreadable`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PAGE_SUFFIXES = (".html", ".htm")
WARC_SUFFIXES = (".warc", ".warc.gz")
MAX_FILE_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class Source:
    """One thing to audit, as named on the command line (a directory is expanded first)."""

    name: str
    kind: str
    """"file", "warc", "url" or "stdin"."""


@dataclass(frozen=True)
class Page:
    name: str
    data: bytes | None
    charset: str | None = None
    problem: str | None = None
    capture: dict[str, Any] | None = None
    fetched: Any = None
    """For a URL: the `auditor.fetch.Fetched` it came from (what `audit --save` keeps), or the
    `auditor.render.Rendered` when it was rendered."""
    rendered: dict[str, Any] | None = None
    """For a page rendered in a browser (live or from a WARC): the browser and the requests
    it refused (`Report.rendered`)."""


def expand(args: list[str]) -> list[Source]:
    """Sources in the order given; a directory contributes its pages and archives, sorted."""
    out: list[Source] = []
    for arg in args:
        if arg == "-":
            out.append(Source("-", "stdin"))
        elif arg.startswith(("http://", "https://")):
            out.append(Source(arg, "url"))
        elif Path(arg).is_dir():
            for path in sorted(Path(arg).rglob("*"), key=lambda p: p.as_posix()):
                if path.is_file() and _kind(path) is not None:
                    out.append(Source(path.as_posix(), _kind(path) or "file"))
        else:
            out.append(Source(arg, _kind(Path(arg)) or "file"))
    return out


def _kind(path: Path) -> str | None:
    name = path.name.lower()
    if name.endswith(WARC_SUFFIXES):
        return "warc"
    if name.endswith(PAGE_SUFFIXES):
        return "file"
    return None


def pages(source: Source, fetch_options: Any = None) -> Iterator[Page]:
    """The pages a source holds. Never raises for an unreadable source."""
    if source.kind == "stdin":
        data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:  # as for a file: not audited cut short
            yield Page("-", None, problem=f"larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
        else:
            yield Page("-", data)
    elif source.kind == "url" and getattr(fetch_options, "render", None) is not None:
        from .render import render_page

        yield render_page(source.name, fetch_options)
    elif source.kind == "url":
        from .fetch import fetch

        got = fetch(source.name, fetch_options)
        if got.error is not None or got.body is None:
            yield Page(source.name, None, problem=got.error or "nothing was fetched", fetched=got)
        else:
            yield Page(source.name, got.body, got.charset, fetched=got)
    elif source.kind == "warc":
        from .warc import read_warc

        yield from read_warc(source.name)
    else:
        yield _read_file(source.name)


def _read_file(name: str) -> Page:
    path = Path(name)
    try:
        with path.open("rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        return Page(name, None, problem="no such file")
    except IsADirectoryError:
        return Page(name, None, problem="is a directory")
    except OSError as err:
        return Page(name, None, problem=f"cannot be read: {err.strerror or err}")
    if len(data) > MAX_FILE_BYTES:
        return Page(name, None, problem=f"larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
    return Page(name, data)
