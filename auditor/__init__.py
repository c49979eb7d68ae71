"""rules-auditor: audit punto banco rules pages against exact odds and the UKGC RTS 3A-3D.

The public surface: `audit`, `audit_many`, `odds`, `load_ruleset`, and the types they return.
Each is imported when first used, so a command loads only what it needs (the odds engine's
numpy, say, is not loaded to fetch a page).
"""

from __future__ import annotations

__version__ = "0.1.0"

from importlib import import_module as _import_module
from typing import TYPE_CHECKING as _TYPE_CHECKING, Any as _Any

if _TYPE_CHECKING:
    from pathlib import Path

    from .odds_report import OddsReport, odds
    from .report import AuditRun, Finding, Report
    from .ruleset import Ruleset, RulesetError, load_ruleset

#: Public names and the module each lives in, imported on first use (PEP 562).
_LAZY = {
    "OddsReport": "odds_report", "odds": "odds_report",
    "AuditRun": "report", "Finding": "report", "Report": "report",
    "Ruleset": "ruleset", "RulesetError": "ruleset", "load_ruleset": "ruleset",
}


def __getattr__(name: str) -> _Any:
    if name in _LAZY:
        value = getattr(_import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


def audit(source: bytes | str | Path, ruleset: str | Path | Ruleset | None = None) -> Report:
    """Audit one page: its bytes, a path to an .html file, an http(s) URL, or "-" for standard
    input. Returns its Report (`to_dict()` is SPEC's REPORT). A source that cannot be read gives
    a report with status "error". For directories and WARC files, see `audit_many`."""
    from .pipeline import audit_bytes

    if isinstance(source, bytes):
        return audit_bytes(source, "<bytes>", ruleset)
    reports = audit_many([str(source)], ruleset)
    return reports.reports[0]


def audit_many(sources: list[str], ruleset: str | Path | Ruleset | None = None, jobs: int = 1) -> AuditRun:
    """Audit every page of the sources (files, directories, URLs, WARC files), in order."""
    from .report import AuditRun
    from .ruleset import Ruleset
    from .runner import audit_all
    from .sources import expand

    rules = ruleset.path if isinstance(ruleset, Ruleset) else ruleset
    return AuditRun(list(audit_all(expand([str(s) for s in sources]), rules, jobs)))


__all__ = ["AuditRun", "Finding", "OddsReport", "Report", "Ruleset", "RulesetError", "__version__", "audit",
           "audit_many", "load_ruleset", "odds"]
