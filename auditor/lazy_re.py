"""Regular expressions compiled on first use.

A module's patterns are written where they are read (`_SPACE = lazy_re.compile(r"\\s+")`), but
importing the module compiles none of them: a page audited from the command line uses some of
the hundreds the readers and formats hold, and a process pays only for those. Until its first
use a pattern knows its source and flags; from then on its methods are the compiled pattern's
own.
"""

from __future__ import annotations

import re
from typing import Any

_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "groups", "groupindex",
            "scanner")


class LazyPattern:
    """A pattern compiled on first use (`pattern` and `flags` are known before)."""

    def __init__(self, source: str, flags: int) -> None:
        self.pattern = source
        self.flags = flags

    def __getattr__(self, name: str) -> Any:  # only for what is not set yet: compile, then take it
        compiled = re.compile(self.pattern, self.flags)
        for method in _METHODS:
            self.__dict__[method] = getattr(compiled, method)
        self.__dict__["flags"] = compiled.flags
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy pattern {self.pattern[:60]!r}"


_PATTERNS: list[LazyPattern] = []


def compile(source: str, flags: int = 0) -> re.Pattern[str]:  # noqa: A001 - re.compile's stand-in
    """`re.compile(source, flags)`, done when the pattern is first used."""
    lazy = LazyPattern(source, flags)
    _PATTERNS.append(lazy)
    return lazy  # type: ignore[return-value]


def compile_all() -> None:
    """Compile every pattern made so far (before a batch forks its workers, so that they share
    them rather than each compile its own)."""
    for lazy in _PATTERNS:
        lazy.search  # noqa: B018 - the first use compiles
