"""Comparing a run with an earlier JSON report of the same sources (`audit --baseline`).

Each finding is `new` or `unchanged`; the baseline's findings now gone are a report's `fixed`.
Findings are matched by their identity (`identity`): the source, the code and the rule it
concerns, never by line or XPath, which move when a page is edited. Findings with the same
identity match by count. A baseline written by another version of the tool is read for what it
holds (older reports have no certainty, doubt or language; extra keys are ignored). Nothing
here prints; a baseline that cannot be used is `BaselineError`, one line.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from .codes import CODES, SEVERITY_ORDER
from .extract.document import Evidence
from .report import Finding, Report

Identity = tuple[str, str, str]
"""(source, code, rule): what makes two findings the same finding."""


class BaselineError(ValueError):
    """The baseline file cannot be used: missing, not JSON, or not a rules-auditor JSON report."""


@dataclass
class Baseline:
    """The findings of an earlier JSON report, by source."""

    path: str
    findings: dict[str, list[Finding]] = field(default_factory=dict)
    """Source -> its findings (waived ones included: a waived finding is not fixed)."""
    unknown_codes: list[str] = field(default_factory=list)
    """Codes of the baseline this version does not know: those findings are left out."""


# -- identity -------------------------------------------------------------------------------

def _match(pattern: str, group: Callable[[re.Match[str]], str] = lambda m: m.group(1)) -> Callable[..., str]:
    regex = re.compile(pattern)

    def rule(message: str, found: Any) -> str:
        m = regex.search(message)
        return group(m) if m else ""
    return rule


def _drawing_row(message: str, found: Any) -> str:
    m = re.match(r"Banker (\d):", message)
    if m:
        return f"banker_draws.{m.group(1)}"
    if message.startswith("Banker rule when the Player stood"):
        return "banker_draws_player_stood"
    return "player_draws_on" if message.startswith("Player rule") else ""


def _banker_clause(message: str, found: Any) -> str:
    if "Banker 6" in message:
        return "banker_pays_on_6"
    return "banker_three_card_7_push" if "three-card 7" in message else "banker_commission"


def _side_bet(message: str, found: Any) -> str:
    return found if isinstance(found, str) else _match(r"side bet (\S+)")(message, found)


#: The rule a finding concerns, for the codes a page can have more than once: the Banker row or
#: the rule named (draw-rule-divergent), the bet and figure kind (edge-divergent), the clause
#: (commission-divergent), the bet (side-bet-payout-missing, payout-example-wrong), the rule
#: stated two ways (contradiction). Read from the message and `found`, which every version of
#: the report holds. Every other code is once per page.
_RULES: dict[str, Callable[[str, Any], str]] = {
    "draw-rule-divergent": _drawing_row,
    "edge-divergent": _match(r"^(.+?) (house edge|return to player) is stated as",
                             lambda m: f"{m.group(1).lower().replace(' ', '_')}:{m.group(2)}"),
    "commission-divergent": _banker_clause,
    "side-bet-payout-missing": _side_bet,
    "payout-example-wrong": _match(r"has an? [\d.,]+ (.+?) bet "),
    "contradiction": _match(r"^The page states (.+?) (?:two ways|as )"),
}


def identity(source: str, finding: Finding) -> Identity:
    """The one identity of a finding across runs: source, code and the rule it concerns."""
    rule = _RULES.get(finding.code)
    return same_source(source), finding.code, rule(finding.message, finding.found) if rule else ""


def same_source(source: str) -> str:
    """A source as compared across runs: a path without `./` or doubled slashes; a URL as given."""
    return source if "://" in source or source == "-" else os.path.normpath(source)


# -- comparing ------------------------------------------------------------------------------

def compare(reports: list[Report], baseline: Baseline) -> None:
    """Mark every finding (waived ones too) `new` or `unchanged`, and set each report's `fixed`
    to the baseline's findings of its source that nothing matched."""
    for report in reports:
        old = baseline.findings.get(same_source(report.source), [])
        pool: dict[Identity, list[int]] = {}
        for i, f in enumerate(old):
            pool.setdefault(identity(report.source, f), []).append(i)
        matched: set[int] = set()

        def mark(f: Finding) -> Finding:
            same = pool.get(identity(report.source, f))
            if not same:
                return replace(f, baseline="new")
            matched.add(same.pop(0))
            return replace(f, baseline="unchanged")

        report.findings = [mark(f) for f in report.findings]
        if report.waived is not None:
            report.waived = [replace(w, finding=mark(w.finding)) for w in report.waived]
        report.fixed = [f for i, f in enumerate(old) if i not in matched]


# -- reading --------------------------------------------------------------------------------

def load_baseline(path: str) -> Baseline:
    try:
        with open(path, "rb") as handle:
            data = json.loads(handle.read())
    except FileNotFoundError:
        raise BaselineError(f"baseline {path}: no such file") from None
    except IsADirectoryError:
        raise BaselineError(f"baseline {path}: is a directory, not a JSON report") from None
    except OSError as err:
        raise BaselineError(f"baseline {path}: cannot read: {err.strerror or err}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        where = f" (line {err.lineno}, column {err.colno})" if isinstance(err, json.JSONDecodeError) else ""
        raise BaselineError(f"baseline {path}: not JSON{where}; give a report written by --format json") from None
    except RecursionError:
        raise BaselineError(f"baseline {path}: not a rules-auditor JSON report (nested too deeply)") from None
    return read_baseline(data, path)


def read_baseline(data: Any, path: str = "<baseline>") -> Baseline:
    """A parsed `--format json` document as a Baseline; BaselineError naming the first key that
    is not as a report has it."""
    def bad(where: str, what: str) -> BaselineError:
        return BaselineError(f"baseline {path}: not a rules-auditor JSON report: {where} {what}")

    if not isinstance(data, dict) or not isinstance(data.get("reports"), list):
        raise bad("the top level", "has no 'reports' list (give a report written by --format json)")
    baseline = Baseline(path)
    for i, report in enumerate(data["reports"]):
        where = f"reports[{i}]"
        if not isinstance(report, dict) or not isinstance(report.get("source"), str):
            raise bad(where, "has no 'source'")
        findings = report.get("findings", [])
        waived = report.get("waived") or []
        if not isinstance(findings, list) or not isinstance(waived, list):
            raise bad(where, "has 'findings' or 'waived' that is not a list")
        items = [(f"{where}.findings[{j}]", f) for j, f in enumerate(findings)]
        items += [(f"{where}.waived[{j}]", w.get("finding") if isinstance(w, dict) else None)
                  for j, w in enumerate(waived)]
        kept = baseline.findings.setdefault(same_source(report["source"]), [])
        for at, item in items:
            finding = _finding(item, at, bad)
            if finding is None:
                baseline.unknown_codes.append(item["code"])
            else:
                kept.append(finding)
    return baseline


def _finding(item: Any, where: str, bad: Callable[[str, str], BaselineError]) -> Finding | None:
    if not isinstance(item, dict) or not isinstance(item.get("code"), str) or not isinstance(item.get("message"), str):
        raise bad(where, "is not a finding (a 'code' and a 'message')")
    if item["code"] not in CODES:
        return None
    certainty = "review" if item.get("certainty") == "review" else "certain"
    doubt = item.get("doubt") if isinstance(item.get("doubt"), str) else None
    if certainty == "review" and not doubt:
        doubt = "The baseline gives no reason."
    return Finding(
        code=item["code"],
        message=item["message"] or "(no message)",
        expected=item.get("expected"),
        found=item.get("found"),
        evidence=_evidence(item.get("evidence")),
        rts=item["rts"] if item.get("rts") in ("3A", "3C", "3D") else "",
        severity=item["severity"] if item.get("severity") in SEVERITY_ORDER else "",
        certainty=certainty,
        doubt=doubt if certainty == "review" else None,
    )


def _evidence(value: Any) -> Evidence | None:
    if not isinstance(value, dict):
        return None
    line = value.get("line")
    text = value.get("text")
    path = value.get("path")
    return Evidence(text if isinstance(text, str) else "",
                    line if isinstance(line, int) and not isinstance(line, bool) and line > 0 else None,
                    path if isinstance(path, str) else None)
