"""`--format markdown`: for pasting into a ticket. A summary table over all pages, then each
page's findings in a table (severity, code, RTS, message, evidence).

Page-derived text is escaped so that it stays text: no table cell can be split by a pipe or a
newline, no code span, emphasis, link or image can start, and no HTML tag can open.
"""

from __future__ import annotations

import re

from ..codes import get as code_info
from ..report import TOOL, AuditRun, Finding, Report
from ._common import counts, fails, one_line, percent, plural, stated_percent

#: Characters that can open inline Markdown anywhere in a line (code spans, emphasis, links and
#: images, strikethrough, math) or end a table cell, escaped with a backslash. Block markers
#: (`#`, `-`, `>`, `1.`) need no escape: page text never starts a line here.
_PUNCT = re.compile(r"([\\`*_\[\]|~$])")
_EVIDENCE_CHARS = 160


def md(text: object, limit: int | None = None) -> str:
    """Text from a page or the run, safe inside a Markdown paragraph, heading or table cell."""
    s = one_line(text, limit)
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _PUNCT.sub(r"\\\1", s)


class MarkdownFormat:
    name = "markdown"
    suffix = ".md"

    def render(self, run: AuditRun, *, fail_on: str) -> str:
        s = run.summary()
        out = [
            f"# {md(TOOL['name'])} report",
            "",
            f"{md(TOOL['name'])} {md(TOOL['version'])} audited {plural(s['sources'], 'source')}: "
            f"{plural(s['errors'], 'error')}, {plural(s['warnings'], 'warning')}, {s['unreadable']} unreadable. "
            + (f"A page fails on a finding at or above *{fail_on}*." if fail_on != "never"
               else "No finding fails a page (fail on: never)."),
            "",
            "| # | Source | Status | Ruleset | Errors | Warnings | Info | Result |",
            "|---:|---|---|---|---:|---:|---:|---|",
        ]
        for i, r in enumerate(run.reports, 1):
            c = counts(r.findings)
            failing = any(fails(f.severity, fail_on) for f in r.findings)
            out.append(f"| {i} | {md(r.source)} | {md(r.status)} | {md(r.ruleset or '-')} | {c['error']} | "
                       f"{c['warning']} | {c['info']} | {'**fail**' if failing else 'pass'} |")
        for i, r in enumerate(run.reports, 1):
            out += ["", *self.page(i, r)]
        return "\n".join(out) + "\n"

    def page(self, index: int, report: Report) -> list[str]:
        out = [f"## {index}. {md(report.source)}", ""]
        if report.status == "error":
            out.append(f"- Could not be audited: {md(report.error or 'unknown error')}")
        else:
            out.append(f"- Ruleset: {md(report.ruleset or '-')}"
                       + (f" ({md(report.ruleset_reason)})" if report.ruleset_reason else ""))
        if report.sha256:
            out.append(f"- SHA-256: {md(report.sha256)}")
        if report.capture:
            capture = ", ".join(f"{md(k)} {md(v)}" for k, v in report.capture.items() if v is not None)
            out.append(f"- Capture: {capture}")
        computed = report.computed or {}
        if computed.get("edges"):
            edges = ", ".join(f"{md(b)} {percent(e)}" for b, e in computed["edges"].items())
            out.append(f"- House edges of the page's own rules at {md(computed.get('decks'))} decks: {edges}")
        stated = (report.extracted or {}).get("stated_edges")
        if stated:
            out.append("- House edges the page states: "
                       + ", ".join(f"{md(b)} {stated_percent(e)}" for b, e in stated.items()))
        out.append("")
        findings = report.sorted_findings()
        if not findings:
            out.append("No findings.")
            return out
        out += ["| Severity | Code | RTS | Message | Evidence |", "|---|---|---|---|---|"]
        out += [self.finding(f) for f in findings]
        return out

    def finding(self, f: Finding) -> str:
        title = code_info(f.code).title
        return (f"| {md(f.severity)} | `{f.code}` ({md(title)}) | {md(f.rts)} | {md(f.message)} | "
                f"{self.evidence(f)} |")

    @staticmethod
    def evidence(f: Finding) -> str:
        ev = f.evidence
        if ev is None:
            return "-"
        parts = []
        if ev.line:
            parts.append(f"line {int(ev.line)}")
        if ev.text:
            parts.append(f"\u201c{md(ev.text, _EVIDENCE_CHARS)}\u201d")
        if not parts and ev.path:
            parts.append(md(ev.path))
        return ": ".join(parts) or "-"
