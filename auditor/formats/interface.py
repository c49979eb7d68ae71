"""The one interface every report format implements."""

from __future__ import annotations

from typing import Protocol

from ..report import AuditRun


class Format(Protocol):
    """Renders a whole audit run as text. Formats know reports, not baccarat."""

    name: str
    suffix: str
    """File suffix for `-o` defaults and docs, e.g. ".json"."""

    def render(self, run: AuditRun, *, fail_on: str, strict: bool = False, new_only: bool = False) -> str:
        """`fail_on`, `strict` and `new_only` are the run's `Gate` (`--fail-on`, `--strict`,
        `--fail-on-new`): what makes a page fail, for formats that say so."""
        ...
