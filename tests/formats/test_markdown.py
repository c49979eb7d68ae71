"""`--format markdown`: the whole output, its structure once rendered, and its escaping."""

from __future__ import annotations

import lxml.html
import pytest
from markdown_it import MarkdownIt

from auditor.formats.markdown import MarkdownFormat, md


def render_html(text: str) -> lxml.html.HtmlElement:
    """As a ticket tracker would show it: CommonMark with raw HTML allowed, GFM tables."""
    parser = MarkdownIt("commonmark", {"html": True}).enable("table").enable("strikethrough")
    return lxml.html.fromstring(f"<div>{parser.render(text)}</div>")


def test_whole_output(sample_run, golden):
    golden("sample.md", MarkdownFormat().render(sample_run, fail_on="error"))


def test_fail_on_changes_the_verdicts(sample_run):
    text = MarkdownFormat().render(sample_run, fail_on="never")
    assert "**fail**" not in text and "No finding fails a page" in text
    warn = MarkdownFormat().render(sample_run, fail_on="warning")
    assert warn.count("| **fail** |") == 2


def test_summary_and_page_tables_on_the_fixtures(fixture_run):
    doc = render_html(MarkdownFormat().render(fixture_run, fail_on="error"))
    tables = doc.findall(".//table")
    summary, pages = tables[0], tables[1:]
    rows = summary.findall("./tbody/tr")
    assert len(rows) == len(fixture_run.reports)
    assert all(len(r.findall("td")) == 9 for r in rows)
    groups = [(findings, width) for r in fixture_run.reports
              for findings, width in ((r.certain_findings(), 5), (r.review_findings(), 6)) if findings]
    assert len(pages) == len(groups)
    for table, (findings, width) in zip(pages, groups):
        body = table.findall("./tbody/tr")
        assert len(body) == len(findings)
        assert all(len(r.findall("td")) == width for r in body), "a pipe or newline split a cell"
        assert [r.findall("td")[1].findtext("code") for r in body] == [f.code for f in findings]
    assert len(doc.findall(".//h2")) == len(fixture_run.reports)


@pytest.mark.parametrize(("raw", "escaped"), [
    ("a | b", "a \\| b"),
    ("`code`", "\\`code\\`"),
    ("<script>x</script>", "&lt;script&gt;x&lt;/script&gt;"),
    ("one\ntwo\r\n three", "one two three"),
    ("[a](javascript:x)", "\\[a\\](javascript:x)"),
    ("**b** _i_ ~~s~~ $m$", "\\*\\*b\\*\\* \\_i\\_ \\~\\~s\\~\\~ \\$m\\$"),
    ("back\\slash & amp", "back\\\\slash &amp; amp"),
    ("\x1b[31mred\x1b[0m", "red"),
    ("1.0579% (8 decks)", "1.0579% (8 decks)"),
])
def test_escaping(raw, escaped):
    assert md(raw) == escaped


def test_escaped_text_renders_as_the_same_text():
    raw = "a | b `c` <i>d</i> [e](f) **g** \\ & h"
    doc = render_html(f"| x |\n|---|\n| {md(raw)} |\n")
    cell = doc.find(".//tbody/tr/td")
    assert len(cell) == 0, "no element may come out of page text"
    assert cell.text_content() == raw
