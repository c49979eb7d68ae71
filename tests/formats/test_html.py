"""`--format html`: the whole output, the chart, the edges, the findings, and self-containment."""

from __future__ import annotations

import base64
import hashlib
import re
from importlib import resources

import lxml.html

from auditor.formats import html as html_format
from auditor.formats.html import HtmlFormat, chart


def parse(text: str) -> lxml.html.HtmlElement:
    return lxml.html.document_fromstring(text)


def test_whole_output(sample_run, golden):
    golden("sample.html", HtmlFormat().render(sample_run, fail_on="error"))


def test_the_template_ships_with_the_package_and_autoescapes():
    templates = resources.files("auditor.formats") / "templates"
    assert (templates / "report.html.j2").is_file()
    assert (templates / "report.css").is_file()
    assert html_format._environment().autoescape is True


def test_summary_table(sample_run):
    doc = parse(HtmlFormat().render(sample_run, fail_on="error"))
    rows = doc.xpath("//table[@class='summary']/tbody/tr")
    assert [r.xpath("string(td[2])") for r in rows] == [r.source for r in sample_run.reports]
    assert [r.xpath("string(td[9])") for r in rows] == ["fail", "pass", "fail"]
    assert [r.xpath("string(td[5])") for r in rows] == ["3", "0", "1"]
    assert [r.xpath("string(td[8])") for r in rows] == ["2", "0", "0"], "review findings counted apart"


def test_review_findings_alone_do_not_fail_a_page_unless_strict(sample_run):
    flawed = sample_run.reports[0]
    flawed.findings = flawed.review_findings()
    doc = parse(HtmlFormat().render(sample_run, fail_on="info"))
    assert doc.xpath("string(//table[@class='summary']/tbody/tr[1]/td[9])") == "pass"
    strict = parse(HtmlFormat().render(sample_run, fail_on="info", strict=True))
    assert strict.xpath("string(//table[@class='summary']/tbody/tr[1]/td[9])") == "fail"
    assert "findings that need review included" in strict.xpath("string(//header)")


def test_chart_marks_every_divergent_cell_and_missing_row(sample_run):
    doc = parse(HtmlFormat().render(sample_run, fail_on="error"))
    flawed, clean, broken = doc.xpath("//section[contains(@class, 'page')]")
    rows = flawed.xpath(".//table[@class='chart']/tbody/tr")
    assert len(rows) == 8
    assert all(len(r.xpath("td")) == 11 for r in rows)
    divergent = [(int(r.xpath("string(th)").split()[0]), i) for r in rows
                 for i, td in enumerate(r.xpath("td")) if "divergent" in td.get("class").split()]
    # Banker 3 draws on an 8 where the ruleset stands; with the Player stood, Banker 6 draws.
    assert divergent == [(3, 8), (6, 10)]
    row6 = rows[6]
    assert "missing" in row6.xpath("string(th)")
    assert [td.get("class") for td in row6.xpath("td")[:10]] == ["missing"] * 10
    cell = rows[3].xpath("td")[8]
    assert cell.text == "D" and "ruleset S" in cell.text_content()
    assert cell.get("title") == "Banker 3, Player's third card 8: the page draws, the ruleset stands"
    assert rows[7].xpath("td")[0].get("class") == "stand"
    assert rows[0].xpath("td")[0].get("class") == "draw"
    assert "2 cells differ from the ruleset; 1 row missing." in flawed.xpath("string(.//table[@class='chart']/caption)")
    assert not clean.xpath(".//td[contains(@class, 'divergent')]")
    assert not broken.xpath(".//table[@class='chart']")


def test_chart_without_page_rows_shows_every_row_missing():
    drawing = {"ruleset": {str(t): [] for t in range(8)}, "page": {}, "player_stood": {"ruleset": [], "page": None}}
    data = chart(drawing)
    assert all(row["missing"] for row in data["rows"])
    assert data["divergent"] == 0
    assert chart(None) is None


def test_stated_and_computed_edges_side_by_side(sample_run):
    doc = parse(HtmlFormat().render(sample_run, fail_on="error"))
    flawed = doc.xpath("//section[contains(@class, 'page')]")[0]
    rows = [[td.text_content() for td in tr.xpath("td")] for tr in flawed.xpath(".//table[@class='edges']/tbody/tr")]
    assert rows == [
        ["banker", "1.06%", "1.0594%", "+0.0006 pp"],
        ["player", "1.24%", "1.2341%", "+0.0059 pp"],
        ["tie", "14.36%", "14.3596%", "+0.0004 pp"],
        ["dragon_7", "7.61%", "-", ""],
    ]


def test_findings_with_their_evidence(sample_run):
    doc = parse(HtmlFormat().render(sample_run, fail_on="error"))
    flawed = doc.xpath("//section[contains(@class, 'page')]")[0]
    certain, review = flawed.xpath(".//ol[@class='findings']")
    items = certain.xpath("li")
    assert [li.xpath("string(.//code)") for li in items] == [f.code for f in sample_run.reports[0].certain_findings()]
    assert [li.xpath("string(.//code)") for li in review.xpath("li")] == ["side-bet-payout-missing",
                                                                          "payout-example-wrong"]
    assert review.getprevious().getprevious().text == "Needs review (2)"
    assert "Doubt: The page has side_bets content" in review.xpath("string(li[1]/p[@class='doubt'])")
    divergent = items[0]
    assert divergent.xpath("string(.//blockquote)") == "3 | D D D D D D D D D D"
    data = dict(zip((dt.text for dt in divergent.xpath(".//dt")), (dd.text_content() for dd in divergent.xpath(".//dd"))))
    assert data["Line"] == "42"
    assert data["XPath"] == "/html/body/main/table[1]/tr[5]"
    assert data["Expected"] == "[0, 1, 2, 3, 4, 5, 6, 7, 9]"


def test_self_contained_with_a_policy_that_forbids_scripts(sample_run):
    text = HtmlFormat().render(sample_run, fail_on="error")
    doc = parse(text)
    metas = doc.xpath("//head/meta")
    assert metas[0].get("charset") == "utf-8"
    policy = metas[1].get("content")
    assert metas[1].get("http-equiv") == "Content-Security-Policy"
    assert "script-src 'none'" in policy and "default-src 'none'" in policy
    style = doc.xpath("string(//style)")
    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    assert f"style-src 'sha256-{digest}'" in policy, "the policy must allow exactly the inline stylesheet"
    assert not doc.xpath("//script | //link | //img | //iframe | //object | //embed | //base | //form")
    assert not doc.xpath("//@style"), "an inline style attribute would be blocked by the policy"
    assert [a.get("href") for a in doc.xpath("//a")] == ["#page-1", "#page-2", "#page-3"]
    assert not re.search(r"\b(?:src|href)\s*=\s*[\"']?(?:https?:|//|javascript:)", text)
    assert "url(" not in style and "@import" not in style


def test_every_fixture_page_is_drawn(fixture_run):
    doc = parse(HtmlFormat().render(fixture_run, fail_on="error"))
    sections = doc.xpath("//section[contains(@class, 'page')]")
    assert len(sections) == len(fixture_run.reports)
    for section, report in zip(sections, fixture_run.reports):
        assert section.xpath("string(h2)").endswith(report.source)
        assert len(section.xpath(".//table[@class='chart']/tbody/tr")) == 8
        assert len(section.xpath(".//ol[@class='findings']/li")) == len(report.findings)
        page_rows = report.drawing["page"]
        missing = section.xpath(".//table[@class='chart']/tbody/tr[th[contains(., 'missing')]]")
        assert len(missing) == 8 - len(page_rows)
        divergent = section.xpath(".//table[@class='chart']//td[contains(@class, 'divergent')]")
        if divergent:
            assert any(f.code == "draw-rule-divergent" for f in report.findings)
