"""The checks, by name: each looks at one concern of a page and yields findings."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..extract import Extraction
from ..page_rules import PageRules
from ..report import Finding
from ..ruleset import Ruleset


@dataclass
class Context:
    """What every check sees: the extraction, the ruleset it is judged against, and the page's
    own rules (the ruleset filling what the page leaves out)."""

    extraction: Extraction
    ruleset: Ruleset
    rules: PageRules

    @property
    def x(self) -> dict[str, Any]:
        return self.extraction.values


@dataclass(frozen=True)
class Check:
    name: str
    codes: tuple[str, ...]
    run: Callable[[Context], Iterable[Finding]]
    description: str


CHECKS: list[Check] = []


def check(name: str, *codes: str) -> Callable[[Callable[[Context], Iterable[Finding]]],
                                              Callable[[Context], Iterable[Finding]]]:
    """Register a check that can produce `codes`."""
    def register(fn: Callable[[Context], Iterable[Finding]]) -> Callable[[Context], Iterable[Finding]]:
        CHECKS.append(Check(name, codes, fn, (fn.__doc__ or "").strip().split("\n")[0]))
        return fn
    return register
