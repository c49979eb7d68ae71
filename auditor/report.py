"""Findings and reports: what an audit produces, as plain data. No printing here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import __version__
from .codes import ERROR, SEVERITY_ORDER, get
from .extract.document import Evidence

TOOL = {"name": "rules-auditor", "version": __version__}
FAIL_LEVELS = ("error", "warning", "info", "never")


@dataclass(frozen=True)
class Finding:
    """One discrepancy, with the RTS requirement it bears on and the evidence behind it."""

    code: str
    message: str
    expected: Any = None
    found: Any = None
    evidence: Evidence | None = None
    rts: str = ""
    """Defaults to the code's RTS requirement; `contradiction` takes that of the rule."""
    severity: str = ""
    """Defaults to the code's severity."""
    check: str = ""
    """The name of the check that made it (not part of the report's data)."""

    def __post_init__(self) -> None:
        meta = get(self.code)
        if not self.rts:
            object.__setattr__(self, "rts", meta.rts)
        if not self.severity:
            object.__setattr__(self, "severity", meta.severity)

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "rts": self.rts,
            "severity": self.severity,
            "message": self.message,
            "expected": self.expected,
            "found": self.found,
            "evidence": self.evidence.to_dict() if self.evidence else None,
        }


@dataclass
class Report:
    """The audit of one source (one page, or one WARC record)."""

    source: str
    sha256: str | None
    status: str = "ok"
    ruleset: str | None = None
    ruleset_reason: str | None = None
    extracted: dict[str, Any] | None = None
    computed: dict[str, Any] | None = None
    findings: list[Finding] = field(default_factory=list)
    error: str | None = None
    """Why the source could not be audited, when status is "error"."""
    capture: dict[str, Any] | None = None
    """For a WARC record: its record id, target URI and capture time."""
    drawing: dict[str, Any] | None = None
    """The page's Banker chart against the ruleset's, for reports that draw it."""
    fetched: Any = None
    """For a URL, when asked for (`audit --save`): the fetch behind it, to be saved as
    evidence. Not part of the report's data."""

    def sorted_findings(self) -> list[Finding]:
        return sorted(self.findings, key=lambda f: SEVERITY_ORDER[f.severity])

    def count(self, at_least: str) -> int:
        if at_least == "never":
            return 0
        limit = SEVERITY_ORDER[at_least]
        return sum(1 for f in self.findings if SEVERITY_ORDER[f.severity] <= limit)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "source": self.source,
            "sha256": self.sha256,
            "status": self.status,
            "ruleset": self.ruleset,
            "ruleset_reason": self.ruleset_reason,
            "extracted": self.extracted,
            "computed": self.computed,
            "findings": [f.to_dict() for f in self.sorted_findings()],
        }
        if self.error is not None:
            out["error"] = self.error
        if self.capture is not None:
            out["capture"] = self.capture
        return out


@dataclass
class AuditRun:
    """Reports for every source of one run, in order."""

    reports: list[Report]

    def summary(self) -> dict[str, Any]:
        by_code: dict[str, int] = {}
        for r in self.reports:
            for f in r.findings:
                by_code[f.code] = by_code.get(f.code, 0) + 1
        return {
            "sources": len(self.reports),
            "errors": sum(1 for r in self.reports for f in r.findings if f.severity == ERROR),
            "warnings": sum(1 for r in self.reports for f in r.findings if f.severity == "warning"),
            "unreadable": sum(1 for r in self.reports if r.status == "error"),
            "by_code": dict(sorted(by_code.items())),
        }

    def to_dict(self) -> dict[str, Any]:
        return {"tool": dict(TOOL), "reports": [r.to_dict() for r in self.reports], "summary": self.summary()}

    def failing(self, at_least: str) -> int:
        return sum(r.count(at_least) for r in self.reports)
