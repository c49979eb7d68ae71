"""`--format text`: a readable terminal report, grouped by page, most severe first. With a
baseline it leads with what is new and what was fixed; on each page the findings that need
review, and the waived ones, come after the certain findings, apart."""

from __future__ import annotations

import textwrap

from ..report import AuditRun, Finding, Report
from ._common import changes, clean, percent, plural, run_summary

_MARK = {"error": "ERROR  ", "warning": "WARNING", "info": "INFO   "}
_WIDTH = 96


def safe(text: str) -> str:
    """Text from a page with terminal escapes, control characters (but newlines and tabs),
    bidirectional overrides and lone surrogates removed."""
    return clean(text).replace("\r", "")


class TextFormat:
    name = "text"
    suffix = ".txt"

    def render(self, run: AuditRun, *, fail_on: str, strict: bool = False, new_only: bool = False) -> str:
        parts = [self.since(run)] if run.baseline is not None else []
        parts += [self.page(r) for r in run.reports]
        parts.append(run_summary(run) + ".\n")
        return "\n".join(parts)

    def since(self, run: AuditRun) -> str:
        new, fixed = changes(run)
        lines = [f"Since the baseline {safe(run.baseline or '')}: {len(new)} new, {len(fixed)} fixed"]
        for label, pairs in (("new", new), ("fixed", fixed)):
            if pairs:
                lines.append(f"  {label} ({len(pairs)}):")
            for report, f in pairs:
                lines += self.finding(f, indent=4, source=report.source)
        return "\n".join(lines) + "\n"

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
        certain, review = report.certain_findings(), report.review_findings()
        if not certain and not review:
            lines.append("  no findings")
        for f in certain:
            lines += self.finding(f)
        if review:
            lines.append(f"  {plural(len(review), 'finding', 'need')} review:")
            for f in review:
                lines += self.finding(f, indent=4)
        if report.waived:
            lines.append(f"  waived ({len(report.waived)}):")
            for w in report.waived:
                why = f"{w.waiver.reason} ({w.waiver.origin})" if w.waiver.reason else f"by {w.waiver.origin}"
                lines += self.finding(w.finding, indent=4, note=f"waived: {why}")
        return "\n".join(lines) + "\n"

    def finding(self, f: Finding, indent: int = 2, source: str | None = None, note: str | None = None) -> list[str]:
        where = f" (line {f.evidence.line})" if f.evidence and f.evidence.line else ""
        at = f"  {safe(source)}" if source is not None else ""
        mark = f" [{f.baseline}]" if f.baseline == "new" and source is None else ""
        pad = " " * indent
        body = " " * (indent + 4)
        lines = [f"{pad}{_MARK[f.severity]} {f.code} [RTS {f.rts}]{where}{at}{mark}"]
        lines += textwrap.wrap(safe(f.message), width=_WIDTH, initial_indent=body, subsequent_indent=body)
        if f.doubt:
            lines += textwrap.wrap(f"doubt: {safe(f.doubt)}", width=_WIDTH, initial_indent=body,
                                   subsequent_indent=body + "       ")
        if note:
            lines += textwrap.wrap(safe(note), width=_WIDTH, initial_indent=body, subsequent_indent=body)
        return lines


def _rendering(rendered: dict | None) -> list[str]:  # type: ignore[type-arg]
    """A line for a page audited as a browser rendered it, and the requests it refused."""
    if rendered is None:
        return []
    refused = rendered.get("refused") or []
    head = f"  rendered by {safe(str(rendered.get('browser') or 'a browser'))}"
    if refused:
        head += f"; {plural(len(refused), 'request')} of the page refused:"
    return [head, *(line for r in refused[:5] for line in textwrap.wrap(
        safe(str(r)), width=_WIDTH, initial_indent="      ", subsequent_indent="        "))]
