"""What the formats share: cleaning page-derived text, severity thresholds, figures as text.

Everything a report shows that came from a page (its text, its source name, an error) may hold
anything at all: control characters, terminal escapes, markup. Each format escapes for its own
syntax; these helpers first take out what no format should pass on.
"""

from __future__ import annotations

import json
from typing import Any

from .. import lazy_re

#: Terminal escape sequences (CSI, OSC, and other two-character ESC sequences) first, so that a
#: whole sequence goes rather than leaving its "[31m" behind, then any other C0/C1 control.
_ESCAPES = lazy_re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"            # CSI: ESC [ params intermediates final
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC: ESC ] ... BEL or ST
    r"|\x9b[0-?]*[ -/]*[@-~]"              # 8-bit CSI
    r"|\x1b[@-Z\\-_]"                       # other ESC Fe sequences
)
_CONTROLS = lazy_re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_NOT_XML = lazy_re.compile("[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_BIDI = lazy_re.compile("[\u202a-\u202e\u2066-\u2069]")
_SPACE = lazy_re.compile(r"\s+")

LEVELS = ("error", "warning", "info")


def clean(text: Any) -> str:
    """Page-derived text without terminal escapes, control characters (tab, newline and carriage
    return stay), bidirectional overrides, or anything XML 1.0 cannot hold (lone surrogates)."""
    s = "" if text is None else str(text)
    s = _ESCAPES.sub("", s)
    s = _CONTROLS.sub("", s)
    s = _BIDI.sub("", s)
    return _NOT_XML.sub("", s)


def clean_value(value: Any) -> Any:
    """A JSON value from a page (a finding's expected or found) with every string in it `clean`."""
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, dict):
        return {clean(k): clean_value(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return [clean_value(v) for v in sorted(value, key=str)]
    if isinstance(value, (list, tuple)):
        return [clean_value(v) for v in value]
    return value


def json_text(value: Any) -> str:
    """A finding's expected or found value as one line of JSON, safe to show."""
    return clean(json.dumps(clean_value(value), ensure_ascii=False, default=str))


def one_line(text: Any, limit: int | None = None) -> str:
    """`clean` text on one line, whitespace collapsed, cut to `limit` characters with an ellipsis."""
    s = _SPACE.sub(" ", clean(text)).strip()
    if limit is not None and len(s) > limit:
        s = s[: limit - 1].rstrip() + "\u2026"
    return s


def counts(findings: Any) -> dict[str, int]:
    """Findings by severity, certain ones only, and those that need review:
    {"error": n, "warning": n, "info": n, "review": n}."""
    out = dict.fromkeys((*LEVELS, "review"), 0)
    for f in findings:
        key = f.severity if f.certain else "review"
        out[key] = out.get(key, 0) + 1
    return out


def plural(n: int, word: str, verb: str | None = None) -> str:
    """"1 error", "2 errors"; with a verb, "1 finding needs", "2 findings need"."""
    text = f"{n} {word}{'' if n == 1 else 's'}"
    if verb is not None:
        text += f" {verb}s" if n == 1 else f" {verb}"
    return text


def run_counts(summary: dict[str, Any]) -> str:
    """A run's summary in words: "1 error, 2 warnings, 1 finding needs review, 0 unreadable", then
    what changed since the baseline and what was waived, when there is either."""
    text = (f"{plural(summary['errors'], 'error')}, {plural(summary['warnings'], 'warning')}, "
            f"{plural(summary['review'], 'finding', 'need')} review, {summary['unreadable']} unreadable")
    if "new" in summary:
        text += f"; since the baseline {summary['new']} new, {summary['fixed']} fixed"
    if "waived" in summary:
        text += f"; {summary['waived']} waived"
    return text


def run_summary(run: Any) -> str:
    """"3 sources audited: 1 error, ...", the one line that ends a text report and a command."""
    s = run.summary()
    return f"{plural(s['sources'], 'source')} audited: {run_counts(s)}"


def percent(fraction: Any, decimals: int = 4) -> str:
    """A fraction of the stake as a percentage: 0.010579 -> "1.0579%"; None -> "" ."""
    if fraction is None or isinstance(fraction, bool) or not isinstance(fraction, (int, float)):
        return ""
    return f"{fraction * 100:.{decimals}f}%"


def stated_percent(fraction: Any) -> str:
    """A figure as the page stated it, without trailing zeros: 0.0106 -> "1.06%"."""
    if fraction is None or isinstance(fraction, bool) or not isinstance(fraction, (int, float)):
        return ""
    text = f"{fraction * 100:.6f}".rstrip("0").rstrip(".")
    return f"{text}%"


def edge_rows(report: Any) -> list[tuple[str, Any, Any]]:
    """(bet, stated edge, computed edge) for every bet either side names: the computed bets in
    their order, then bets only the page states."""
    stated = (report.extracted or {}).get("stated_edges") or {}
    computed = (report.computed or {}).get("edges") or {}
    bets = [*computed, *(b for b in stated if b not in computed)]
    return [(b, stated.get(b), computed.get(b)) for b in bets]


def gate_text(gate: Any) -> str:
    """What fails a page, in one sentence, for the head of a report."""
    if gate.level == "never":
        return "No finding fails a page (fail on: never)."
    which = "finding" if gate.strict else "certain finding"
    new = " new since the baseline" if gate.new_only else ""
    review = " (findings that need review included)" if gate.strict else ""
    return f"A page fails on a {which}{new} at or above {gate.level}{review}."


def changes(run: Any) -> tuple[list[tuple[Any, Any]], list[tuple[Any, Any]]]:
    """With a baseline: the (report, finding) pairs that are new, and those fixed."""
    new = [(r, f) for r in run.reports for f in r.sorted_findings() if f.baseline == "new"]
    fixed = [(r, f) for r in run.reports for f in r.fixed or ()]
    return new, fixed
