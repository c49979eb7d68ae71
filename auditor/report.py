"""Findings and reports: what an audit produces, as plain data. No printing here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import __version__
from .codes import ERROR, SEVERITY_ORDER, get

if TYPE_CHECKING:
    from .extract.document import Evidence

if TYPE_CHECKING:
    from .waivers import Waiver

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


@dataclass(frozen=True)
class Gate:
    """Which findings make a run fail (exit 1): those at or above `level`, certain ones only
    unless `strict`, and only those new since the baseline when `new_only`."""

    level: str = "error"
    """`--fail-on`: error, warning, info or never."""
    strict: bool = False
    """`--strict`: review findings count too."""
    new_only: bool = False
    """`--fail-on-new`: only findings marked new against the baseline count."""

    def counts(self, f: Finding) -> bool:
        if self.level == "never" or SEVERITY_ORDER[f.severity] > SEVERITY_ORDER[self.level]:
            return False
        return (self.strict or f.certain) and (not self.new_only or f.baseline == "new")


@dataclass(frozen=True)
class Waived:
    """A finding a waiver silenced: out of `findings`, shown apart with the waiver's reason."""

    finding: Finding
    waiver: Waiver

    def to_dict(self) -> dict[str, Any]:
        return {"finding": self.finding.to_dict(), "waiver": self.waiver.to_dict()}


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
    waived: list[Waived] | None = None
    """With waivers (`--ignore`, the config file): the findings they silenced."""
    error: str | None = None
    """Why the source could not be audited, when status is "error"."""
    capture: dict[str, Any] | None = None
    """For a WARC record: its record id, target URI and capture time."""
    rendered: dict[str, Any] | None = None
    """For a page rendered in a browser: {"browser": ..., "refused": [requests refused]}."""
    drawing: dict[str, Any] | None = None
    """The page's Banker chart against the ruleset's, for reports that draw it."""
    fetched: Any = None
    """For a URL, when asked for (`audit --save`): the fetch behind it, to be saved as
    evidence. Not part of the report's data."""

    def sorted_findings(self) -> list[Finding]:
        return sorted(self.findings, key=lambda f: SEVERITY_ORDER[f.severity])

    def certain_findings(self) -> list[Finding]:
        """The findings the tool asserts, most severe first."""
        return [f for f in self.sorted_findings() if f.certain]

    def review_findings(self) -> list[Finding]:
        """The findings a person should look at, most severe first."""
        return [f for f in self.sorted_findings() if not f.certain]

    def count(self, at_least: str, strict: bool = False, new_only: bool = False) -> int:
        """Findings at or above `at_least`; review findings count only when `strict`, and only
        new ones when `new_only`."""
        gate = Gate(at_least, strict, new_only)
        return sum(1 for f in self.findings if gate.counts(f))

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
        if self.waived is not None:
            out["waived"] = [w.to_dict() for w in self.waived]
        if self.error is not None:
            out["error"] = self.error
        if self.capture is not None:
            out["capture"] = self.capture
        if self.rendered is not None:
            out["rendered"] = self.rendered
        return out


@dataclass
class AuditRun:
    """Reports for every source of one run, in order."""

    reports: list[Report]
    baseline: str | None = None
    """With --baseline: the earlier JSON report compared against, as given."""
    waivers: list[Waiver] | None = None
    """With waivers: every waiver in force, from `--ignore` and the config file."""

    def findings(self) -> list[Finding]:
        return [f for r in self.reports for f in r.findings]

    def summary(self) -> dict[str, Any]:
        findings = self.findings()
        by_code: dict[str, int] = {}
        for f in findings:
            by_code[f.code] = by_code.get(f.code, 0) + 1
        out: dict[str, Any] = {
            "sources": len(self.reports),
            "errors": sum(1 for f in findings if f.severity == ERROR and f.certain),
            "warnings": sum(1 for f in findings if f.severity == "warning" and f.certain),
            "review": sum(1 for f in findings if not f.certain),
            "unreadable": sum(1 for r in self.reports if r.status == "error"),
            "by_code": dict(sorted(by_code.items())),
        }
        if self.baseline is not None:
            out["new"] = sum(1 for f in findings if f.baseline == "new")
            out["unchanged"] = sum(1 for f in findings if f.baseline == "unchanged")
            out["fixed"] = sum(len(r.fixed or ()) for r in self.reports)
        if self.waivers is not None:
            out["waived"] = sum(len(r.waived or ()) for r in self.reports)
        return out

    def waiver_matches(self) -> list[tuple[Waiver, int]]:
        """Every waiver in force with the number of findings it silenced, in the order given."""
        used: dict[Waiver, int] = {}
        for r in self.reports:
            for w in r.waived or ():
                used[w.waiver] = used.get(w.waiver, 0) + 1
        return [(w, used.get(w, 0)) for w in self.waivers or ()]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"tool": dict(TOOL)}
        if self.baseline is not None:
            out["baseline"] = self.baseline
        if self.waivers is not None:
            out["waivers"] = [{**w.to_dict(), "matched": n} for w, n in self.waiver_matches()]
        out["reports"] = [r.to_dict() for r in self.reports]
        out["summary"] = self.summary()
        return out

    def failing(self, at_least: str, strict: bool = False, new_only: bool = False) -> int:
        return sum(r.count(at_least, strict, new_only) for r in self.reports)
