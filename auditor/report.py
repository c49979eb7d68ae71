"""Findings and reports: what an audit produces, as plain data. No printing here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import __version__
from .codes import ERROR, SEVERITY_ORDER, get

if TYPE_CHECKING:
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
    certainty: str = "certain"
    """"certain", or "review" when the tool could not settle the reading it rests on."""
    doubt: str | None = None
    """For a review finding: in one sentence, what could not be settled and where to look."""
    rests_on: tuple[str, ...] = ()
    """The extracted fields (`banker_draws.3`, `tie_pays`, ...) the finding rests on; a finding
    about something missing rests on the field it misses (not part of the report's data)."""
    baseline: str | None = None
    """With --baseline: "new" or "unchanged"."""

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
            "certainty": self.certainty,
            "doubt": self.doubt,
            **({"baseline": self.baseline} if self.baseline is not None else {}),
        }

    @property
    def certain(self) -> bool:
        return self.certainty == "certain"


@dataclass
class Report:
    """The audit of one source (one page, or one WARC record)."""

    source: str
    sha256: str | None
    status: str = "ok"
    ruleset: str | None = None
    ruleset_reason: str | None = None
    language: str | None = None
    """ISO 639-1 code of the language the page was read in."""
    uncertain: list[str] = field(default_factory=list)
    """EXTRACTED fields whose reading is not certain."""
    extracted: dict[str, Any] | None = None
    computed: dict[str, Any] | None = None
    findings: list[Finding] = field(default_factory=list)
    fixed: list[Finding] | None = None
    """With --baseline: the baseline's findings for this source that are gone."""
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

    def count(self, at_least: str, strict: bool = False) -> int:
        """Findings at or above `at_least`; review findings count only when `strict`."""
        if at_least == "never":
            return 0
        limit = SEVERITY_ORDER[at_least]
        return sum(1 for f in self.findings if SEVERITY_ORDER[f.severity] <= limit and (strict or f.certain))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "source": self.source,
            "sha256": self.sha256,
            "status": self.status,
            "ruleset": self.ruleset,
            "ruleset_reason": self.ruleset_reason,
            "language": self.language,
            "extracted": self.extracted,
            "uncertain": sorted(self.uncertain),
            "computed": self.computed,
            "findings": [f.to_dict() for f in self.sorted_findings()],
        }
        if self.fixed is not None:
            out["fixed"] = [f.to_dict() for f in self.fixed]
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
            "errors": sum(1 for r in self.reports for f in r.findings if f.severity == ERROR and f.certain),
            "warnings": sum(1 for r in self.reports for f in r.findings if f.severity == "warning" and f.certain),
            "review": sum(1 for r in self.reports for f in r.findings if not f.certain),
            "unreadable": sum(1 for r in self.reports if r.status == "error"),
            "by_code": dict(sorted(by_code.items())),
        }

    def to_dict(self) -> dict[str, Any]:
        return {"tool": dict(TOOL), "reports": [r.to_dict() for r in self.reports], "summary": self.summary()}

    def failing(self, at_least: str, strict: bool = False) -> int:
        return sum(r.count(at_least, strict) for r in self.reports)
