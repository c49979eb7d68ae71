"""Report formats, one module each behind `interface.Format`. They know reports, not baccarat."""

from __future__ import annotations

from .html import HtmlFormat
from .interface import Format
from .json import JsonFormat
from .junit import JunitFormat
from .markdown import MarkdownFormat
from .sarif import SarifFormat
from .text import TextFormat

FORMATS: dict[str, Format] = {
    f.name: f for f in (TextFormat(), JsonFormat(), MarkdownFormat(), HtmlFormat(), SarifFormat(), JunitFormat())
}


def get(name: str) -> Format:
    try:
        return FORMATS[name]
    except KeyError:
        raise KeyError(f"unknown format {name!r} (known: {', '.join(FORMATS)})") from None
