"""Report formats, one module each behind `interface.Format`. They know reports, not baccarat.

`FORMATS` maps each format's name to its Format; a format's module is imported only when the
format is first asked for (so `--format json` never loads the HTML report's templates).
Adding a format is adding its module and one line in `REGISTRY`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .interface import Format

#: Each format's name: the module in this package that defines it, and its class.
REGISTRY: dict[str, tuple[str, str]] = {
    "text": ("text", "TextFormat"),
    "json": ("json", "JsonFormat"),
    "markdown": ("markdown", "MarkdownFormat"),
    "html": ("html", "HtmlFormat"),
    "sarif": ("sarif", "SarifFormat"),
    "junit": ("junit", "JunitFormat"),
}


class _Formats(Mapping[str, "Format"]):
    """The formats by name, each made the first time it is asked for."""

    def __init__(self) -> None:
        self._made: dict[str, Format] = {}

    def __getitem__(self, name: str) -> Format:
        if name not in self._made:
            module, cls = REGISTRY[name]
            self._made[name] = getattr(import_module(f".{module}", __name__), cls)()
        return self._made[name]

    def __iter__(self) -> Iterator[str]:
        return iter(REGISTRY)

    def __len__(self) -> int:
        return len(REGISTRY)


FORMATS: Mapping[str, Format] = _Formats()


def get(name: str) -> Format:
    try:
        return FORMATS[name]
    except KeyError:
        raise KeyError(f"unknown format {name!r} (known: {', '.join(FORMATS)})") from None
