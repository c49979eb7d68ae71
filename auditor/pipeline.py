"""Auditing one page: a pure function of its bytes, the ruleset and the options.

page bytes -> extract -> check (against a ruleset and the engine) -> findings -> Report
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from . import lazy_re
from .certainty import far_from_known, player_favoured, settle, split_prose, uncertain_fields, unlikely_conflicts
from .check import Context, run_checks
from .choose import choose_ruleset
from .extract import Extraction, decode, extract_text
from .page_rules import known_side_bets, page_rules
from .report import Finding, Report
from .ruleset import Ruleset, load_all, load_ruleset

MAIN = ("banker", "player", "tie")


def audit_bytes(data: bytes, source: str = "<bytes>", ruleset: Ruleset | str | Path | None = None,
                charset: str | None = None, rendered: dict[str, Any] | None = None) -> Report:
    """Audit one page's bytes. Never raises for bad page content: unreadable bytes give a
    report with status "error" and a `source-unreadable` finding. `rendered`: for a DOM a
    browser rendered, the browser and the requests it refused (`auditor.render.Rendered.note`)."""
    sha = hashlib.sha256(data).hexdigest()
    decoded = decode(data, charset)
    if decoded.problem is not None:
        return unreadable(source, decoded.problem, sha)
    extraction = extract_text(decoded.text)
    if extraction.problem is not None:
        return unreadable(source, extraction.problem, sha)
    if rendered is not None:
        _note_rendering(extraction, rendered)
    report = judge(extraction, source, sha, ruleset)
    report.rendered = rendered
    return report


def _note_rendering(extraction: Extraction, rendered: dict[str, Any]) -> None:
    """A rendered DOM that still looks built by scripts: say so, with what the browser refused."""
    extraction.rendered = rendered.get("browser") or "a browser"
    refused = rendered.get("refused") or []
    if extraction.scripted is not None and refused:
        extraction.scripted += (f"; {len(refused)} request{'s' if len(refused) != 1 else ''} it made "
                                f"{'were' if len(refused) != 1 else 'was'} refused, such as {refused[0]}")


def judge(extraction: Extraction, source: str, sha: str | None, ruleset: Ruleset | str | Path | None) -> Report:
    x = extraction.values
    if ruleset is None:
        chosen, reason = choose_ruleset(x)
        rules = load_ruleset(chosen)
    else:
        rules = ruleset if isinstance(ruleset, Ruleset) else load_ruleset(ruleset)
        reason = "given with --ruleset"
    page = page_rules(x, rules)
    player_favoured(extraction, rules, page)
    far_from_known(extraction, rules)
    unlikely_conflicts(extraction, rules)
    split_prose(extraction, rules)
    ctx = Context(extraction, rules, page)
    findings = settle([f for fs in run_checks(ctx).values() for f in fs], extraction)
    return Report(
        source=source,
        sha256=sha,
        status="ok",
        ruleset=rules.id,
        ruleset_reason=reason,
        language=extraction.language,
        extracted=extraction.to_dict(),
        uncertain=uncertain_fields(extraction),
        computed=_computed(x, page),
        findings=findings,
        drawing=_chart(x, rules),
    )


def prepare(ruleset: Ruleset | str | Path | None = None) -> None:
    """Build, once, the read-only tables every audit uses: the rulesets (read and validated),
    the side bets they define, and the engine's tables and odds for each bundled ruleset. A
    batch calls this before it starts its worker processes, which then share them."""
    rulesets = load_all()
    if ruleset is not None and not isinstance(ruleset, Ruleset):
        rulesets.append(load_ruleset(ruleset))
    known_side_bets()
    for rules in rulesets:
        rules.odds()
    lazy_re.compile_all()


def unreadable(source: str, problem: str, sha: str | None = None) -> Report:
    return Report(source=source, sha256=sha, status="error", ruleset=None, extracted=None, computed=None,
                  findings=[Finding("source-unreadable", f"{source}: {problem}")], error=problem)


def _computed(x: dict[str, Any], page: Any) -> dict[str, Any]:
    edges = page.edges()
    offered = [*MAIN, *((x.get("side_bets") or {}).keys())]
    return {"decks": page.decks, "edges": {b: round(float(edges[b]), 6) for b in offered if b in edges}}


def _chart(x: dict[str, Any], rules: Ruleset) -> dict[str, Any]:
    """The page's Banker cells against the ruleset's, for formats that draw the chart."""
    rows = x.get("banker_draws") or {}
    return {
        "ruleset": {str(t): sorted(rules.drawing.banker_draws[t]) for t in range(8)},
        "page": {t: sorted(v) for t, v in rows.items()},
        "player_stood": {"ruleset": sorted(rules.drawing.banker_draws_player_stood),
                         "page": x.get("banker_draws_player_stood")},
    }
