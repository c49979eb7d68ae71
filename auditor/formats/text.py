"""`--format text`: a readable terminal report, grouped by page, most severe first."""

from __future__ import annotations

import textwrap

from ..report import AuditRun, Report
from ._common import clean, percent

_MARK = {"error": "ERROR  ", "warning": "WARNING", "info": "INFO   "}


def safe(text: str) -> str:
    """Text from a page with terminal escapes, control characters (but newlines and tabs),
    bidirectional overrides and lone surrogates removed."""
    return clean(text).replace("\r", "")


class TextFormat:
    name = "text"
    suffix = ".txt"

    def render(self, run: AuditRun, *, fail_on: str) -> str:
        parts = [self.page(r) for r in run.reports]
        s = run.summary()
        parts.append(f"{s['sources']} source{'s' if s['sources'] != 1 else ''} audited: {s['errors']} errors, "
                     f"{s['warnings']} warnings, {s['unreadable']} unreadable.\n")
        return "\n".join(parts)

    def page(self, report: Report) -> str:
        head = safe(report.source)
        lines = [head, "=" * min(len(head), 78)]
        if report.status == "error":
            lines.append(f"  could not be audited: {safe(report.error or '')}")
        else:
            lines.append(f"  ruleset: {report.ruleset} ({safe(report.ruleset_reason or '')})")
            computed = report.computed or {}
            edges = ", ".join(f"{b} {percent(e)}" for b, e in (computed.get("edges") or {}).items())
            lines.append(f"  edges of the page's own rules at {computed.get('decks')} decks: {edges}")
            lines += _rendering(report.rendered)
        findings = report.sorted_findings()
        if not findings:
            lines.append("  no findings")
        for f in findings:
            where = f" (line {f.evidence.line})" if f.evidence and f.evidence.line else ""
            review = "" if f.certain else " (review: not counted)"
            lines.append(f"  {_MARK[f.severity]} {f.code} [RTS {f.rts}]{where}{review}")
            lines += textwrap.wrap(safe(f.message), width=96, initial_indent="      ", subsequent_indent="      ")
            if not f.certain and f.doubt:
                lines += textwrap.wrap(safe(f"Review: {f.doubt}"), width=96, initial_indent="      ",
                                       subsequent_indent="      ")
        return "\n".join(lines) + "\n"


def _rendering(rendered: dict | None) -> list[str]:  # type: ignore[type-arg]
    """A line for a page audited as a browser rendered it, and the requests it refused."""
    if rendered is None:
        return []
    refused = rendered.get("refused") or []
    head = f"  rendered by {safe(str(rendered.get('browser') or 'a browser'))}"
    if refused:
        head += f"; {len(refused)} request{'s' if len(refused) != 1 else ''} of the page refused:"
    return [head, *(line for r in refused[:5] for line in textwrap.wrap(
        safe(str(r)), width=96, initial_indent="      ", subsequent_indent="        "))]
