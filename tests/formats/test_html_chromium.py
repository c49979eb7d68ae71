"""The HTML report in a real browser (headless Chromium): it renders the chart grid and the
findings, and no script from a page runs. Without Chromium these tests are skipped, or fail
when CI is set (tests/browser.py; .ci/run installs it)."""

from __future__ import annotations

import lxml.html
import pytest

from auditor.formats.html import HtmlFormat, csp
from auditor.report import AuditRun

from ..browser import dump_dom
from .samples import PAYLOAD, hostile_run, sample_run


@pytest.fixture(scope="module")
def browsed(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, lxml.html.HtmlElement]:
    """The control page (the payload as plain HTML) and the report, each as Chromium left it."""
    root = tmp_path_factory.mktemp("chromium")
    control = root / "control.html"
    control.write_text(f"<!DOCTYPE html><html><head><title>control</title></head><body>{PAYLOAD}</body></html>",
                       encoding="utf-8")
    guarded = root / "guarded.html"
    guarded.write_text(f'<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="{csp("")}">'
                       f"<title>guarded</title></head><body>{PAYLOAD}</body></html>", encoding="utf-8")
    report = root / "report.html"
    run = AuditRun([*hostile_run(PAYLOAD).reports, *sample_run().reports])
    report.write_text(HtmlFormat().render(run, fail_on="error"), encoding="utf-8")
    return {"control": dump_dom(control, root / "profile-control", chromium),
            "guarded": dump_dom(guarded, root / "profile-guarded", chromium),
            "report": dump_dom(report, root / "profile-report", chromium)}


def test_the_browser_runs_the_payload_where_nothing_stops_it(browsed):
    """Without this the test below would prove nothing: the payload does run in a plain page."""
    assert browsed["control"].get("data-pwned")


def test_the_report_policy_alone_stops_the_payload(browsed):
    """The second line of defence: even unescaped, the payload cannot run under the policy."""
    assert browsed["guarded"].get("data-pwned") is None
    assert browsed["guarded"].findtext(".//title") == "guarded"


def test_no_script_from_the_page_runs_in_the_report(browsed):
    dom = browsed["report"]
    assert dom.get("data-pwned") is None
    assert dom.findtext(".//title") != "PWNED"
    assert not dom.xpath("//script | //img | //svg | //iframe")
    assert "document.title='PWNED'" in dom.xpath("string(//section[1]//p[@class='message'])")


def test_the_report_renders_the_grid_and_the_findings(browsed):
    dom = browsed["report"]
    sections = dom.xpath("//section[contains(@class, 'page')]")
    assert len(sections) == 5
    hostile, _, flawed, clean, broken = sections
    for section in (hostile, flawed, clean):
        rows = section.xpath(".//table[@class='chart']/tbody/tr")
        assert len(rows) == 8 and all(len(r.xpath("td")) == 11 for r in rows)
    assert len(hostile.xpath(".//td[contains(@class, 'divergent')]")) == 1  # Banker 5 draws on a 3
    assert len(flawed.xpath(".//td[contains(@class, 'divergent')]")) == 2
    certain, review = flawed.xpath(".//ol[@class='findings']")
    assert len(certain.xpath("li")) == 5 and len(review.xpath("li")) == 2
    assert "Doubt:" in review.xpath("string(li[1]/p[@class='doubt'])")
    assert flawed.xpath("string(.//ol[@class='findings']/li[1]//blockquote)") == "3 | D D D D D D D D D D"
    assert "No findings." in clean.text_content()
    assert "source-unreadable" in broken.text_content()
    assert len(dom.xpath("//table[@class='summary']/tbody/tr")) == 5
