"""`--format html`: one self-contained page. A summary table (led, with a baseline, by what is
new and what was fixed), then for each page its Banker drawing chart against the ruleset's
(every divergent cell highlighted), its stated house edges beside the computed ones, and every
finding with its evidence: the certain ones, then apart those that need review (with the
doubt) and those waived (with the reason).

Rendered with Jinja2 with autoescaping on, from `templates/report.html.j2`; the stylesheet is
inlined and allowed by its hash in a Content-Security-Policy that forbids every script, so text
from a page can neither run nor load anything, even if it were to slip past the escaping.
"""

from __future__ import annotations

import base64
import hashlib
from functools import cache
from importlib import resources
from typing import Any

import jinja2

from ..codes import get as code_info
from ..report import TOOL, AuditRun, Finding, Gate, Report
from ._common import (changes, clean, counts, edge_rows, gate_text, json_text, one_line, percent, plural, run_counts,
                      stated_percent)

CARDS = tuple(range(10))
TOTALS = tuple(range(8))


@cache
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("auditor.formats", "templates"),
        autoescape=True,                 # always, whatever the template's name
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["plural"] = plural
    return env


@cache
def _css() -> str:
    return (resources.files("auditor.formats") / "templates" / "report.css").read_text(encoding="utf-8")


def csp(css: str) -> str:
    """No scripts, no connections, no images, frames, fonts or forms: only the one inline
    stylesheet, named by its hash."""
    digest = base64.b64encode(hashlib.sha256(css.encode("utf-8")).digest()).decode("ascii")
    return ("default-src 'none'; script-src 'none'; script-src-attr 'none'; object-src 'none'; "
            f"style-src 'sha256-{digest}'; img-src 'none'; font-src 'none'; connect-src 'none'; "
            "media-src 'none'; frame-src 'none'; worker-src 'none'; manifest-src 'none'; "
            "base-uri 'none'; form-action 'none'")


class HtmlFormat:
    name = "html"
    suffix = ".html"

    def render(self, run: AuditRun, *, fail_on: str, strict: bool = False, new_only: bool = False) -> str:
        css = _css()
        gate = Gate(fail_on, strict, new_only)
        summary = run.summary()
        new, fixed = changes(run)
        context = {
            "tool": {"name": clean(TOOL["name"]), "version": clean(TOOL["version"])},
            "gate": gate_text(gate),
            "summary": summary,
            "counts": run_counts(summary),
            "baseline": None if run.baseline is None else {
                "path": one_line(run.baseline),
                "new": [_finding(f, source=one_line(r.source)) for r, f in new],
                "fixed": [_finding(f, source=one_line(r.source)) for r, f in fixed],
            },
            "by_code": [{"code": code, "count": n, "rts": code_info(code).rts,
                         "severity": code_info(code).severity, "title": code_info(code).title}
                        for code, n in summary["by_code"].items()],
            "pages": [self.page(i, r, gate) for i, r in enumerate(run.reports, 1)],
            "css": css,  # ours, written verbatim (`| safe`) so that its hash holds
            "csp": csp(css),
        }
        return _environment().get_template("report.html.j2").render(context)

    def page(self, index: int, report: Report, gate: Gate) -> dict[str, Any]:
        computed = report.computed or {}
        return {
            "index": index,
            "anchor": f"page-{index}",
            "source": one_line(report.source),
            "status": clean(report.status),
            "error": clean(report.error) if report.error else None,
            "ruleset": clean(report.ruleset) if report.ruleset else None,
            "ruleset_reason": clean(report.ruleset_reason) if report.ruleset_reason else None,
            "sha256": clean(report.sha256) if report.sha256 else None,
            "capture": [(clean(k), clean(v)) for k, v in (report.capture or {}).items() if v is not None],
            "counts": counts(report.findings),
            "failing": any(gate.counts(f) for f in report.findings),
            "chart": chart(report.drawing),
            "decks": computed.get("decks"),
            "edges": [_edge(b, s, c) for b, s, c in edge_rows(report)],
            "findings": [_finding(f) for f in report.certain_findings()],
            "review": [_finding(f) for f in report.review_findings()],
            "waived": [{**_finding(w.finding), "reason": clean(w.waiver.reason) if w.waiver.reason else None,
                        "waiver": clean(w.waiver.describe()), "origin": clean(w.waiver.origin)}
                       for w in report.waived or ()],
        }


def chart(drawing: dict[str, Any] | None) -> dict[str, Any] | None:
    """The page's Banker cells against the ruleset's, as rows of cells to draw.

    `drawing` is `Report.drawing`: {"ruleset": {"0": [cards]...}, "page": {...},
    "player_stood": {"ruleset": [totals], "page": [totals] or None}}; a card listed is a cell
    where the Banker draws."""
    if not drawing:
        return None
    ruleset = {str(k): set(v or ()) for k, v in (drawing.get("ruleset") or {}).items()}
    page = {str(k): set(v or ()) for k, v in (drawing.get("page") or {}).items()}
    stood = drawing.get("player_stood") or {}
    stood_rules = set(stood.get("ruleset") or ())
    stood_page = None if stood.get("page") is None else set(stood["page"])
    rows, divergent, missing = [], 0, 0
    for total in TOTALS:
        key = str(total)
        row_missing = key not in page
        missing += row_missing
        cells = []
        for card in CARDS:
            cell = _cell(key in ruleset and card in ruleset[key], None if row_missing else card in page[key],
                         f"Banker {total}, Player's third card {card}")
            divergent += cell["divergent"]
            cells.append(cell)
        cell = _cell(total in stood_rules, None if stood_page is None else total in stood_page,
                     f"Banker {total}, Player stood")
        cell["classes"] += " stood"
        divergent += cell["divergent"]
        cells.append(cell)
        rows.append({"total": total, "missing": row_missing, "cells": cells})
    if not page:
        text = "The page states no Banker chart; the ruleset's is not shown against anything."
    else:
        text = (f"{plural(divergent, 'cell', 'differ')} from the ruleset"
                + (f"; {plural(missing, 'row')} missing" if missing else "") + ".")
    return {"columns": CARDS, "rows": rows, "divergent": divergent, "summary": text}


def _cell(rule_draws: bool, page_draws: bool | None, where: str) -> dict[str, Any]:
    ruleset = "D" if rule_draws else "S"
    if page_draws is None:
        return {"text": "\u2013", "ruleset": ruleset, "divergent": False, "classes": "missing",
                "title": f"{where}: the page does not say (ruleset: {_word(rule_draws)})"}
    divergent = page_draws != rule_draws
    title = f"{where}: the page {_word(page_draws)}" + (f", the ruleset {_word(rule_draws)}" if divergent else "")
    classes = ("draw" if page_draws else "stand") + (" divergent" if divergent else "")
    return {"text": "D" if page_draws else "S", "ruleset": ruleset, "divergent": divergent, "classes": classes,
            "title": title}


def _word(draws: bool) -> str:
    return "draws" if draws else "stands"


def _edge(bet: str, stated: Any, computed: Any) -> dict[str, str]:
    difference = ""
    if isinstance(stated, (int, float)) and isinstance(computed, (int, float)):
        difference = f"{(stated - computed) * 100:+.4f} pp"
    return {"bet": clean(bet), "stated": stated_percent(stated), "computed": percent(computed),
            "difference": difference}


def _finding(f: Finding, source: str | None = None) -> dict[str, Any]:
    ev = f.evidence
    return {
        "source": source,
        "baseline": f.baseline,
        "waiver": None,
        "reason": None,
        "origin": None,
        "doubt": clean(f.doubt) if f.doubt else None,
        "severity": f.severity,
        "code": f.code,
        "title": code_info(f.code).title,
        "rts": clean(f.rts),
        "message": clean(f.message),
        "expected": None if f.expected is None else json_text(f.expected),
        "found": None if f.found is None else json_text(f.found),
        "evidence": None if ev is None else {
            "text": clean(ev.text) if ev.text else None,
            "line": ev.line,
            "path": clean(ev.path) if ev.path else None,
        },
    }
