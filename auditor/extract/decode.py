"""Bytes to text: byte-order marks, UTF-16 without a BOM, declared charsets, and binary data."""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

from .. import lazy_re

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_META = lazy_re.compile(
    rb"""<meta[^>]+charset\s*=\s*["']?\s*([a-zA-Z0-9_.:-]+)""", re.IGNORECASE
)
_BINARY_SIGNATURES = (b"%PDF", b"\x89PNG", b"GIF8", b"\xff\xd8\xff", b"PK\x03\x04", b"\x1f\x8b",
                      b"RIFF", b"\x7fELF", b"BM")


@dataclass(frozen=True)
class Decoded:
    text: str
    encoding: str | None
    """The encoding used, or None when the bytes are not text."""
    problem: str | None = None
    """Why the bytes could not be read as a page, when they could not."""


def decode(data: bytes, declared: str | None = None) -> Decoded:
    """Decode page bytes. Order: a byte-order mark; UTF-16 recognised by its NUL pattern; valid
    UTF-8; the charset declared by the server (`declared`) or the page; windows-1252."""
    if not data.strip():
        return Decoded("", None, "the source is empty")
    for bom, name in _BOMS:
        if data.startswith(bom):
            return Decoded(data[len(bom):].decode(name, errors="replace"), name)
    utf16 = _sniff_utf16(data)
    if utf16:
        return Decoded(data.decode(utf16, errors="replace"), utf16)
    if data.startswith(_BINARY_SIGNATURES) or _looks_binary(data):
        return Decoded("", None, "the source is binary data, not an HTML page")
    try:
        return Decoded(data.decode("utf-8").replace("\x00", ""), "utf-8")
    except UnicodeDecodeError as err:
        if err.reason == "unexpected end of data" and err.end >= len(data):
            # valid UTF-8 cut off inside its last character (a capped download): still UTF-8
            return Decoded(data.decode("utf-8", errors="replace").replace("\x00", ""), "utf-8")
    for name in (declared, _meta_charset(data)):
        encoding = _known(name)
        if encoding and encoding not in ("utf-8", "utf-16", "utf-16-le", "utf-16-be"):
            return Decoded(data.decode(encoding, errors="replace").replace("\x00", ""), encoding)
    return Decoded(data.decode("cp1252", errors="replace").replace("\x00", ""), "cp1252")


def _sniff_utf16(data: bytes) -> str | None:
    head = data[:4096]
    if len(head) < 8:
        return None
    even_nul = head[0::2].count(0) / (len(head) / 2)
    odd_nul = head[1::2].count(0) / (len(head) / 2)
    if odd_nul > 0.4 and even_nul < 0.05:
        return "utf-16-le"
    if even_nul > 0.4 and odd_nul < 0.05:
        return "utf-16-be"
    return None


_CONTROL_BYTES = bytes(b for b in range(32) if b not in (9, 10, 11, 12, 13, 27))
_OTHER_BYTES = bytes(b for b in range(256) if b not in _CONTROL_BYTES)


def _looks_binary(data: bytes) -> bool:
    head = data[:8192]
    controls = len(head.translate(None, _OTHER_BYTES))
    return controls / len(head) > 0.1


def _meta_charset(data: bytes) -> str | None:
    m = _META.search(data[:8192])
    return m.group(1).decode("ascii", "replace") if m else None


def _known(name: str | None) -> str | None:
    if not name:
        return None
    try:
        encoding = codecs.lookup(name.strip().lower()).name
    except LookupError:
        return None
    # Browsers read latin-1 and ascii labels as windows-1252.
    return "cp1252" if encoding in ("latin-1", "iso8859-1", "ascii") else encoding
