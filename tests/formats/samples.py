"""Hand-built audit runs for the format tests: small, fixed, and covering every kind of report
(findings of every severity, a clean page, an unreadable source, a hostile page)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from auditor import audit_many
from auditor.extract.document import Evidence
from auditor.report import AuditRun, Finding, Report, Waived

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"

#: The standard Banker chart: total -> Player third cards on which the Banker draws.
STANDARD = {"0": list(range(10)), "1": list(range(10)), "2": list(range(10)), "3": [0, 1, 2, 3, 4, 5, 6, 7, 9],
            "4": [2, 3, 4, 5, 6, 7], "5": [4, 5, 6, 7], "6": [6, 7], "7": []}
STOOD = [0, 1, 2, 3, 4, 5]
EDGES = {"banker": 0.010579, "player": 0.012351, "tie": 0.143596}

#: Everything a page could hold to break a report: markup and script, a javascript: URL, an
#: event handler, a CDATA end, terminal escapes, Markdown code and table syntax, a newline,
#: controls XML cannot hold, and a bidirectional override.
HOSTILE = ("<script>alert(1)</script> </script><b>bold</b> <a href=\"javascript:alert(2)\">click</a> "
           "<img src=x onerror=\"alert(3)\"> javascript:alert(4) ]]> \x1b[31mRED\x1b[0m `tick` | pipe | "
           "[link](javascript:alert(5)) **strong** _em_ &amp; <!-- c -->\nsecond line\r\x00\x07\x1b]0;t\x07 "
           "\u202eevil\u202c @here #1 $x$ ~~s~~ ' \" \ud800")

#: What a script smuggled in a page would do if it ran, for the browser test.
PAYLOAD = ("<script>document.title='PWNED';document.documentElement.setAttribute('data-pwned','script')</script>"
           "<img src=x onerror=\"document.documentElement.setAttribute('data-pwned','onerror')\">"
           "<svg onload=\"document.documentElement.setAttribute('data-pwned','svg')\"></svg>"
           "<iframe src=\"javascript:parent.document.documentElement.setAttribute('data-pwned','iframe')\"></iframe>")


def _chart(page: dict, stood_page: list | None) -> dict:
    return {"ruleset": {k: list(v) for k, v in STANDARD.items()}, "page": page,
            "player_stood": {"ruleset": list(STOOD), "page": stood_page}}


def _extracted(**values: object) -> dict:
    base: dict[str, object] = dict.fromkeys((
        "decks", "naturals_stand", "player_draws_on", "banker_draws_player_stood", "banker_draws",
        "banker_rule_keyed_to_total", "draw_chart_image", "banker_commission", "banker_pays_on_6",
        "banker_three_card_7_push", "tie_pays", "tie_payout_wording", "main_bets_push_on_tie", "side_bets",
        "stated_edges", "stated_probabilities"))
    base.update(values)
    return base


def sample_run() -> AuditRun:
    """Three pages: one with findings of every severity and a divergent, incomplete chart; one
    clean page given as a URL; one source that could not be read."""
    page = {k: list(v) for k, v in STANDARD.items() if k != "6"}
    page["3"] = list(range(10))
    row3 = Evidence("3 | D D D D D D D D D D", 42, "/html/body/main/table[1]/tr[5]")
    flawed = Report(
        source="casino/rules_page.html",
        sha256="a" * 64,
        ruleset="punto-banco",
        ruleset_reason="the page takes a 5% commission on Banker wins",
        extracted=_extracted(decks=None, naturals_stand=True, player_draws_on=[0, 1, 2, 3, 4, 5],
                             banker_draws_player_stood=[0, 1, 2, 3, 4, 5, 6], banker_draws=page,
                             banker_commission=0.05, tie_pays=8, tie_payout_wording="for",
                             stated_edges={"banker": 0.0106, "player": 0.0124, "tie": 0.1436, "dragon_7": 0.0761}),
        computed={"decks": 8, "edges": {"banker": 0.010594, "player": 0.012341, "tie": 0.143596}},
        findings=[
            Finding("decks-missing", "The page does not say how many decks are used."),
            Finding("tie-payout-for-wording", "The Tie payout is worded \"8 for 1\".", expected="to", found="for",
                    evidence=Evidence("Tie pays 8 for 1.", 57, "/html/body/main/p[4]")),
            Finding("draw-rule-divergent", "Banker 3: the page has the Banker draw on 0-9; the ruleset on 0-7, 9.",
                    expected=[0, 1, 2, 3, 4, 5, 6, 7, 9], found=list(range(10)), evidence=row3),
            Finding("draw-table-incomplete", "The Banker rule does not cover Banker total 6.",
                    expected=[str(t) for t in range(8)], found=["0", "1", "2", "3", "4", "5", "7"]),
            Finding("edge-divergent", "Banker house edge is stated as 1.06%; the page's own rules give 1.0594%.",
                    expected="1.0594%", found="1.06%",
                    evidence=Evidence("House edge: Banker 1.06%", None, "/html/body/main/p[9]")),
            Finding("side-bet-payout-missing", "The side bet dragon_7 is offered with no payout stated.",
                    found="dragon_7", evidence=Evidence("Dragon 7 side bet", 88, "/html/body/main/ul[2]/li[1]"),
                    certainty="review", doubt="The page has side_bets content the tool could not read, which may "
                                              "state it: \"Dragon 7 pays\" (line 90, /html/body/main/img[3])."),
            Finding("payout-example-wrong", "A worked example has a 100 Banker bet won 100; at the stated payouts "
                    "it is 95.", expected=[95.0], found=100,
                    evidence=Evidence("Bet 100 on the Banker and win 100.", 61, "/html/body/main/p[6]"),
                    certainty="review", doubt="The reading of the Banker payout is not certain: two clauses name "
                                              "it (line 12)."),
        ],
        drawing=_chart(page, [0, 1, 2, 3, 4, 5, 6]),
    )
    clean = Report(
        source="https://casino.example/baccarat?lang=en&tab=rules",
        sha256="b" * 64,
        ruleset="punto-banco",
        ruleset_reason="given with --ruleset",
        extracted=_extracted(decks=8, naturals_stand=True, player_draws_on=STOOD, banker_draws_player_stood=STOOD,
                             banker_draws=STANDARD, banker_commission=0.05, tie_pays=8, tie_payout_wording="to",
                             main_bets_push_on_tie=True, stated_edges=dict(EDGES)),
        computed={"decks": 8, "edges": dict(EDGES)},
        findings=[],
        drawing=_chart({k: list(v) for k, v in STANDARD.items()}, list(STOOD)),
    )
    broken = Report(
        source="archive/missing.html", sha256=None, status="error", ruleset=None, extracted=None, computed=None,
        findings=[Finding("source-unreadable", "archive/missing.html: no such file")], error="no such file",
    )
    return AuditRun([flawed, clean, broken])


def hostile_run(text: str = HOSTILE) -> AuditRun:
    """One page whose every page-derived string is `text`, in every place a report shows one
    (a finding that needs review and its doubt, a waived one and its reason, a fixed one and the
    baseline's name included)."""
    from auditor.waivers import Waiver
    chart = {k: list(v) for k, v in STANDARD.items()}
    chart["5"] = [3, 4, 5, 6, 7]
    evidence = Evidence(text, 7, f"/html/body/div[@id='{text}']")
    report = Report(
        source=f"pages/{text}.html",
        sha256="c" * 64,
        ruleset="punto-banco",
        ruleset_reason=text,
        extracted=_extracted(banker_draws=chart, banker_draws_player_stood=STOOD,
                             side_bets={"player_pair": 11}, stated_edges={"banker": 0.0106}),
        computed={"decks": 8, "edges": dict(EDGES)},
        findings=[
            Finding("contradiction", text, expected=text, found=[text, {"key": text}], evidence=evidence),
            Finding("payout-example-wrong", f"warning: {text}", expected=None, found=text, evidence=evidence),
            Finding("edge-divergent", f"review: {text}", found=text, evidence=evidence, certainty="review",
                    doubt=text, baseline="new"),
        ],
        waived=[Waived(Finding("decks-missing", f"info: {text}", evidence=Evidence(text, None, None)),
                       Waiver("decks-missing", (text,), text, f"{text}.toml"))],
        fixed=[Finding("tie-payout-divergent", f"fixed: {text}", found=text, evidence=evidence)],
        capture={"warc": f"{text}.warc", "record_id": text, "uri": f"javascript:{text}", "date": None},
        drawing=_chart(chart, list(STOOD)),
    )
    unreadable = Report(source=f"{text}-2.html", sha256=None, status="error", ruleset=None, extracted=None,
                        computed=None, findings=[Finding("source-unreadable", text)], error=text)
    return AuditRun([report, unreadable], baseline=f"{text}.json", waivers=[report.waived[0].waiver])


@cache
def fixture_run() -> AuditRun:
    """Every bundled fixture page, audited once per test session."""
    return audit_many([str(FIXTURES)])


#: An earlier JSON report of the sample's sources, as an older version of the tool wrote it (no
#: certainty, doubt or language; a key this version does not know): the Tie payout was wrong
#: then and is fixed now, Banker 3 was already wrong (on another line), and the page's natural
#: rule was missing (waived now); a finding code this version does not know is left out.
OLD_REPORT = {
    "tool": {"name": "rules-auditor", "version": "0.0.1"},
    "reports": [
        {"source": "./casino/rules_page.html", "sha256": "d" * 64, "status": "ok", "future_field": 1, "findings": [
            {"code": "draw-rule-divergent", "rts": "3A", "severity": "error",
             "message": "Banker 3: the page has the Banker draw when the Player's third card is 0-9; ...",
             "expected": [0, 1, 2, 3, 4, 5, 6, 7, 9], "found": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
             "evidence": {"text": "3 | D D D D D D D D D D", "line": 40, "path": "/html/body/table[1]/tr[5]"}},
            {"code": "tie-payout-divergent", "rts": "3D", "severity": "error",
             "message": "The page pays the Tie at 9 to 1; the ruleset (punto-banco) at 8 to 1.",
             "expected": 8, "found": 9, "evidence": {"text": "Tie pays 9 to 1.", "line": 57, "path": None}},
            {"code": "decks-missing", "rts": "3C", "severity": "info", "message": "No deck count.",
             "expected": None, "found": None, "evidence": None},
            {"code": "retired-code", "rts": "3A", "severity": "error", "message": "Gone in this version.",
             "expected": None, "found": None, "evidence": None},
        ]},
        {"source": "archive/missing.html", "sha256": None, "status": "error", "findings": [
            {"code": "source-unreadable", "rts": "3A", "severity": "error", "message": "no such file",
             "expected": None, "found": None, "evidence": None}]},
    ],
    "summary": {"sources": 2, "errors": 3},
}


def baseline_run() -> AuditRun:
    """The sample run with a waiver from a config file and one from --ignore that matches
    nothing, compared with OLD_REPORT, through the modules the command line uses."""
    from auditor.baseline import compare, read_baseline
    from auditor.waivers import Waiver, apply

    run = sample_run()
    waivers = [Waiver("decks-missing", ("casino/*",), "decks stated in the lobby", "rules-auditor.toml: ignore[1]"),
               Waiver("tie-payout-missing")]
    apply(run.reports, waivers)
    compare(run.reports, read_baseline(OLD_REPORT, "previous.json"))
    return AuditRun(run.reports, baseline="previous.json", waivers=waivers)
