"""rules-auditor: audit punto banco rules pages against exact odds and the UKGC RTS 3A-3D.

The public surface: `audit`, `odds`, `load_ruleset`.
"""

__version__ = "0.1.0"

from pathlib import Path as _Path

from .odds_report import OddsReport, odds
from .report import AuditRun, Finding, Report
from .ruleset import Ruleset, RulesetError, load_ruleset


def audit(source: "bytes | str | _Path", ruleset: "str | _Path | Ruleset | None" = None) -> Report:
    """Audit one page: its bytes, a path to an .html file, an http(s) URL, or "-" for standard
    input. Returns its Report (`to_dict()` is SPEC's REPORT). A source that cannot be read gives
    a report with status "error". For directories and WARC files, see `audit_many`."""
    from .pipeline import audit_bytes

    if isinstance(source, bytes):
        return audit_bytes(source, "<bytes>", ruleset)
    reports = audit_many([str(source)], ruleset)
    return reports.reports[0]


def audit_many(sources: "list[str]", ruleset: "str | _Path | None" = None, jobs: int = 1) -> AuditRun:
    """Audit every page of the sources (files, directories, URLs, WARC files), in order."""
    from .runner import audit_all
    from .sources import expand

    rules = ruleset.path if isinstance(ruleset, Ruleset) else ruleset
    return AuditRun(list(audit_all(expand([str(s) for s in sources]), rules, jobs)))


__all__ = ["AuditRun", "Finding", "OddsReport", "Report", "Ruleset", "RulesetError", "__version__", "audit",
           "audit_many", "load_ruleset", "odds"]
