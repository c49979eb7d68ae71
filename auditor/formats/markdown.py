"""`--format markdown`: for pasting into a ticket. A summary table over all pages (led, with a
baseline, by what is new and what was fixed), then each page's findings in a table (severity,
code, RTS, message, evidence), and apart from them those that need review (with the doubt) and
those waived (with the reason).

Page-derived text is escaped so that it stays text: no table cell can be split by a pipe or a
newline, no code span, emphasis, link or image can start, and no HTML tag can open.
"""

from __future__ import annotations

from .. import lazy_re
from ..codes import get as code_info
from ..report import TOOL, AuditRun, Finding, Gate, Report
from ._common import changes, counts, gate_text, one_line, percent, plural, run_counts, stated_percent

#: Characters that can open inline Markdown anywhere in a line (code spans, emphasis, links and
#: images, strikethrough, math) or end a table cell, escaped with a backslash. Block markers
#: (`#`, `-`, `>`, `1.`) need no escape: page text never starts a line here.
_PUNCT = lazy_re.compile(r"([\\`*_\[\]|~$])")
_EVIDENCE_CHARS = 160


def md(text: object, limit: int | None = None) -> str:
    """Text from a page or the run, safe inside a Markdown paragraph, heading or table cell."""
    s = one_line(text, limit)
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _PUNCT.sub(r"\\\1", s)


class MarkdownFormat:
    name = "markdown"
    suffix = ".md"

    def render(self, run: AuditRun, *, fail_on: str, strict: bool = False, new_only: bool = False) -> str:
        gate = Gate(fail_on, strict, new_only)
        s = run.summary()
        out = [
            f"# {md(TOOL['name'])} report",
            "",
            f"{md(TOOL['name'])} {md(TOOL['version'])} audited {plural(s['sources'], 'source')}: "
            f"{md(run_counts(s))}. {md(gate_text(gate))}",
        ]
        if run.baseline is not None:
            out += self.since(run)
        out += [
            "",
            "| # | Source | Status | Ruleset | Errors | Warnings | Info | Review | Result |",
            "|---:|---|---|---|---:|---:|---:|---:|---|",
        ]
        for i, r in enumerate(run.reports, 1):
            c = counts(r.findings)
            failing = any(gate.counts(f) for f in r.findings)
            out.append(f"| {i} | {md(r.source)} | {md(r.status)} | {md(r.ruleset or '-')} | {c['error']} | "
                       f"{c['warning']} | {c['info']} | {c['review']} | {'**fail**' if failing else 'pass'} |")
        for i, r in enumerate(run.reports, 1):
            out += ["", *self.page(i, r, run.baseline is not None)]
        return "\n".join(out) + "\n"

    def since(self, run: AuditRun) -> list[str]:
        new, fixed = changes(run)
        out = ["", f"## Since the baseline {md(run.baseline)}", "", f"{len(new)} new, {len(fixed)} fixed."]
        for heading, pairs in (("New", new), ("Fixed", fixed)):
            if pairs:
                out += ["", f"### {heading} ({len(pairs)})", "",
                        "| Source | Severity | Code | RTS | Message |", "|---|---|---|---|---|"]
                out += [f"| {md(r.source)} | {self.severity(f)} | `{f.code}` | {md(f.rts)} | {md(f.message)} |"
                        for r, f in pairs]
        return out

    def page(self, index: int, report: Report, baseline: bool = False) -> list[str]:
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
        certain, review = report.certain_findings(), report.review_findings()
        extra = (" Baseline |", "---|") if baseline else ("", "")
        if not certain and not review:
            out.append("No findings.")
        if certain:
            out += [f"| Severity | Code | RTS | Message | Evidence |{extra[0]}", f"|---|---|---|---|---|{extra[1]}"]
            out += [self.finding(f, baseline) for f in certain]
        if review:
            out += ["", f"### Needs review ({len(review)})", "",
                    f"| Severity | Code | RTS | Message | Doubt | Evidence |{extra[0]}",
                    f"|---|---|---|---|---|---|{extra[1]}"]
            out += [self.finding(f, baseline, doubt=True) for f in review]
        if report.waived:
            out += ["", f"### Waived ({len(report.waived)})", "",
                    "| Severity | Code | Message | Reason | Waiver |", "|---|---|---|---|---|"]
            out += [f"| {self.severity(w.finding)} | `{w.finding.code}` | {md(w.finding.message)} | "
                    f"{md(w.waiver.reason or '-')} | {md(w.waiver.describe())} ({md(w.waiver.origin)}) |"
                    for w in report.waived]
        return out

    @staticmethod
    def severity(f: Finding) -> str:
        return md(f.severity) + ("" if f.certain else " (review)")

    def finding(self, f: Finding, baseline: bool = False, doubt: bool = False) -> str:
        title = code_info(f.code).title
        return (f"| {md(f.severity)} | `{f.code}` ({md(title)}) | {md(f.rts)} | {md(f.message)} | "
                + (f"{md(f.doubt or '-')} | " if doubt else "")
                + f"{self.evidence(f)} |" + (f" {md(f.baseline or '-')} |" if baseline else ""))

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
