"""Page text is data in every format: markup, script, javascript: URLs, event handlers, CDATA
ends, terminal escapes, backticks, pipes and newlines come out escaped or neutralised."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import lxml.html

from auditor.formats import FORMATS

from .test_markdown import render_html
from .test_sarif import assert_valid

_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def render(name, run, fail_on="error"):
    return FORMATS[name].render(run, fail_on=fail_on)


def test_no_format_passes_on_control_characters_or_terminal_escapes(hostile_run):
    for name in ("text", "markdown", "html", "sarif", "junit"):
        out = render(name, hostile_run)
        assert not _CONTROL.search(out.replace("\r", "")), name
        assert "[31m" not in out and "[0m" not in out, name


def test_html(hostile_run):
    out = render("html", hostile_run)
    doc = lxml.html.document_fromstring(out)
    assert not doc.xpath("//script | //img | //iframe | //svg | //b | //object | //embed")
    assert not [a for e in doc.iter() if isinstance(e.tag, str) for a in e.attrib if a.lower().startswith("on")]
    assert [a.get("href") for a in doc.xpath("//a")] == ["#page-1", "#page-2"]
    assert not re.search(r"<(?:script|img|iframe|svg|b)\b", out.split("</style>", 1)[1], re.I)
    assert "<!-- c -->" not in out and "]]>" not in out.replace("]]&gt;", "")
    # the text is shown as text, whole: in the heading, the message, the evidence and the title
    body = doc.xpath("string(//section)")
    assert "<script>alert(1)</script>" in body and '<a href="javascript:alert(2)">click</a>' in body
    assert "`tick` | pipe |" in body and "onerror=\"alert(3)\"" in body
    titles = [e.get("title") for e in doc.iter() if isinstance(e.tag, str) and e.get("title")]
    assert titles, "the chart has cell titles"
    assert doc.xpath("//meta[@http-equiv='Content-Security-Policy']")


def test_markdown(hostile_run):
    out = render("markdown", hostile_run)
    assert "<script" not in out and "<img" not in out and "<a " not in out and "<!--" not in out
    doc = render_html(out)
    # nothing from the page becomes an element: no links, images, emphasis, raw HTML, or
    # code spans other than the codes themselves
    assert not doc.xpath("//a | //img | //script | //del | //b")
    assert not doc.xpath("//h2//* | //h3//* | //li//* | //p//*[not(self::code) and not(self::em)] | //td//*[not(self::code) and not(self::strong[. = 'fail'])]")
    assert {c.text for c in doc.xpath("//code")} == {"contradiction", "payout-example-wrong", "decks-missing",
                                                       "source-unreadable", "edge-divergent", "tie-payout-divergent"}
    tables = doc.xpath("//table")
    assert len(tables) == 7, "new, fixed, summary; findings, needs review, waived; the unreadable page"
    for table in tables:
        width = len(table.xpath("thead/tr/th"))
        assert all(len(tr.xpath("td")) == width for tr in table.xpath("tbody/tr")), "a pipe or newline split a cell"
    assert "<script>alert(1)</script>" in doc.text_content()
    assert "`tick` | pipe |" in doc.text_content()


def test_sarif(hostile_run):
    out = render("sarif", hostile_run)
    assert "<" not in out and ">" not in out and "&" not in out, "markup characters are \\u-escaped"
    log = json.loads(out)
    assert_valid(log)
    result = log["runs"][0]["results"][0]
    assert "<script>alert(1)</script>" in result["message"]["text"]
    assert "\x1b" not in result["message"]["text"]
    assert result["locations"][0]["physicalLocation"]["region"]["snippet"]["text"].startswith("<script>")


def test_junit(hostile_run):
    out = render("junit", hostile_run)
    assert "<script" not in out and "]]>" not in out and "<!--" not in out.split("?>", 1)[1]
    root = ET.fromstring(out.encode("utf-8"))  # a strict XML 1.0 parser
    failure = root.find(".//failure")
    assert "<script>alert(1)</script>" in failure.get("message")
    assert "]]>" in failure.text and "`tick` | pipe |" in failure.text
    assert [s.get("name") for s in root.findall("testsuite")][0].startswith("pages/<script>")


def test_text(hostile_run):
    out = render("text", hostile_run)
    assert "\x1b" not in out and "\x00" not in out and "\x07" not in out
    assert "RED" in out
