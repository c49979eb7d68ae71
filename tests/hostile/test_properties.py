"""Properties, on a fixed budget (derandomized: the same examples on every run and in CI).

(a) Extraction and the audit never raise on any bytes or any HTML-ish text, and the report they
give is valid against the report schema.
(b) Drawing rules rendered as a page in each layout real rules pages use come back exactly.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auditor.extract import extract
from auditor.formats.json import JsonFormat
from auditor.pipeline import audit_bytes
from auditor.report import AuditRun
from auditor.schema import validate_report

from .drawing_pages import CARDS, LAYOUTS, TOTALS, Rules

BUDGET = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# -- (a) nothing raises --------------------------------------------------------------------------

_TAGS = ["table", "tr", "td", "th", "thead", "tbody", "caption", "p", "li", "ul", "ol", "dl", "dt", "dd", "div",
         "span", "b", "strong", "br", "h1", "h2", "h3", "section", "details", "summary", "img", "script", "style",
         "nav", "footer", "pre", "sup", "a", "svg", "template", "select", "option", "html", "body", "head", "meta"]
_ATTRS = st.sampled_from([
    "", ' colspan="{n}"', ' rowspan="{n}"', ' class="D"', ' class="S stood"', ' class="nav cookie"',
    ' role="table"', ' role="row"', ' role="columnheader"', ' role="navigation"', ' alt="Banker drawing chart"',
    ' style="grid-template-columns: repeat({n}, 1fr)"', ' hidden', ' charset="{word}"', ' id="{word}"',
])
_WORDS = ["Banker", "Player", "Tie", "draws", "draw", "stands", "stood", "stand", "commission", "8 to 1", "9 for 1",
          "1 to 1", "0.95 to 1", "%", "5%", "1.06%", "14.36%", "98.76%", "house edge", "RTP", "return to player",
          "third card", "Player's third card", "total", "natural", "8 or 9", "decks", "eight", "six", "push",
          "returned", "loses", "pays", "Dragon 7", "Panda 8", "Player Pair", "Super 6", "no commission", "half",
          "except", "unless", "otherwise", "always", "never", "any", "0-5", "6 or 7", "0–2", "D", "S", "H", "✓", "✗",
          "if", "when", "the", "and", "or", "on", "with", ":", ";", ",", ".", "(", ")", "|", "/", "-", "–", "\n",
          " ", "\t", "£10", "returns £19", "Example:", "Q:", "A:", "Banker total", "Draws when", "Stands when"]
_ENTITIES = ["&amp;", "&lt;", "&gt;", "&nbsp;", "&ndash;", "&#8211;", "&#x2013;", "&#0;", "&#xffffff;", "&bogus;",
             "&", "&#", "<!--", "-->", "<![CDATA[", "]]>", "<?xml version='1.0'?>", "<!DOCTYPE html>", "\x00",
             "\x1b[31m", "\u202e", "\ufeff", "\ud7ff", "\U0001f600"]


@st.composite
def _tag(draw: st.DrawFn) -> str:
    name = draw(st.sampled_from(_TAGS))
    if draw(st.booleans()):
        return f"</{name}>"
    attr = draw(_ATTRS).format(n=draw(st.sampled_from([0, 1, 2, 3, 10, 50, 10_000, -1, 2**40])),
                               word=draw(st.sampled_from(["utf-8", "utf-16", "windows-1252", "x\"y", "nonsense"])))
    return f"<{name}{attr}>"


HTMLISH = st.lists(st.one_of(_tag(), st.sampled_from(_WORDS), st.sampled_from(_ENTITIES),
                             st.integers(-10, 100).map(str), st.text(max_size=12)),
                   max_size=200).map("".join)


def _audit_is_sound(data: bytes, charset: str | None = None) -> None:
    extraction = extract(data, charset=charset)
    assert isinstance(extraction.to_dict(), dict)
    report = audit_bytes(data, "generated.html", None, charset)
    assert report.status in ("ok", "error")
    assert (report.status == "error") == any(f.code == "source-unreadable" for f in report.findings)
    out = json.loads(JsonFormat().render(AuditRun([report]), fail_on="error"))
    validate_report(out)


@BUDGET
@given(st.binary(max_size=4096), st.sampled_from([None, "utf-8", "windows-1252", "utf-16", "latin-1", "bogus"]))
def test_any_bytes(data, charset):
    _audit_is_sound(data, charset)


@BUDGET
@given(HTMLISH, st.sampled_from(["utf-8", "utf-16", "cp1252"]))
def test_any_html_ish_text(text, encoding):
    _audit_is_sound(text.encode(encoding, errors="replace"))


# -- (b) drawing rules round-trip ------------------------------------------------------------------

RULES = st.builds(Rules,
                  player=st.frozensets(st.sampled_from(TOTALS)),
                  stood=st.frozensets(st.sampled_from(TOTALS)),
                  banker=st.tuples(*[st.frozensets(st.sampled_from(CARDS))] * len(TOTALS)))


@pytest.mark.parametrize("layout", LAYOUTS)
@settings(BUDGET, max_examples=200)
@given(rules=RULES)
def test_drawing_rules_come_back_exactly(layout, rules):
    got = extract(LAYOUTS[layout](rules).encode("utf-8")).to_dict()
    want = rules.expected()
    assert {k: got[k] for k in want} == want
