"""Report formats, one module each behind `interface.Format`. They know reports, not baccarat."""

from __future__ import annotations

from .interface import Format
from .json import JsonFormat
from .text import TextFormat

FORMATS: dict[str, Format] = {f.name: f for f in (TextFormat(), JsonFormat())}


def get(name: str) -> Format:
    try:
        return FORMATS[name]
    except KeyError:
        raise KeyError(f"unknown format {name!r} (known: {', '.join(FORMATS)})") from None
