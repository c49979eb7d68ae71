"""Pages built by scripts: told from their HTML as fetched; their missing findings are review."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from auditor.certainty import MISSING
from auditor.extract import decode, extract_text
from auditor.extract.scripted import scripted_cause
from auditor.pipeline import audit_bytes

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
RULES = ("Banker wins pay 0.95 to 1 (a 5% commission). Tie pays 8 to 1. The Player draws on 0-5 and "
         "stands on 6 or 7. A natural 8 or 9 ends the deal for both hands.")
NEXT_BLOB = json.dumps({"props": {"pageProps": {"rules": RULES}}})

SHELLS = {
    "next": (f'<html><body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">'
             f"{NEXT_BLOB}</script><script src=/_next/main.js></script><script src=/_next/page.js></script>"
             "</body></html>",
             'an empty app root <div id="__next"> with 0 characters of text',
             "a __NEXT_DATA__ state blob"),
    "cra": ('<html><head><title>Baccarat rules</title></head><body><noscript>You need to enable JavaScript '
            'to run this app.</noscript><div id="root"></div><script>' + "var a=1;" * 40_000
            + "</script></body></html>",
            'an empty app root <div id="root"> with 0 characters of text', "312 KB of inline scripts"),
    "nuxt": ('<html><body><div id="__nuxt"><div class="spinner">Loading…</div></div>'
             '<script>window.__NUXT__={"rules":"Tie pays 8 to 1"}</script></body></html>',
             'an app root <div id="__nuxt"> with 8 characters of text', "a __NUXT__ state blob"),
    "state": ('<html><body><header>Casino · Help</header><main id="content"></main><script>'
              'window.__INITIAL_STATE__ = {"article": "Tie pays 8 to 1"}</script>'
              '<script type="module" src="/assets/index.js"></script></body></html>',
              "a page with 13 characters of text", "a __INITIAL_STATE__ state blob"),
    "filled": ('<html><body><nav>' + "<a href=/x>Menu entry</a> " * 150 + '</nav><main><div id="rules-root">'
               '<div class="skeleton" aria-hidden="true"></div></div></main><script>var RULES = {tie: "8:1"};'
               'document.getElementById("rules-root").innerHTML = "<p>Tie " + RULES.tie + "</p>";</script>'
               "</body></html>",
               'an empty <div id="rules-root"> that an inline script fills'),
    "by-attribute": ('<html><body><div id="consent-root"></div><section class="rules" data-rules-host></section>'
                     '<script>document.getElementById("consent-root").innerHTML = "<p>Cookies</p>";'
                     'var host = document.querySelector("[data-rules-host]"); host.innerHTML = "<p>Tie 8:1</p>";</script>'
                     "</body></html>",
                     "an empty <section data-rules-host> that an inline script fills"),
    "chrome": ('<html><body><nav>' + "<a href=/x>Menu entry</a> " * 150 + '</nav><div id="app"></div>'
               "<script src=/bundle.js></script></body></html>",
               'an empty app root <div id="app">', "1 script file"),
}


@pytest.mark.parametrize("name", sorted(SHELLS))
def test_an_app_shell_is_told_and_its_cause_named(name):
    page, *parts = SHELLS[name]
    cause = scripted_cause(page)
    assert cause is not None
    for part in parts:
        assert part in cause


@pytest.mark.parametrize("page", [
    "<html><body><p>Tie pays 8 to 1.</p></body></html>",  # no scripts at all
    "<html><body><p>Tie pays 8 to 1.</p><script src=/analytics.js></script></body></html>",  # one small tag
    '<html><body><div id="root">' + "<p>The Banker draws on 0, 1 and 2.</p>" * 100 + "</div>"
    '<script id="__NEXT_DATA__">{}</script><script src=/a.js></script></body></html>',  # rendered on the server
    # a script that fills only a consent banner
    '<html><body><div id="consent-root"></div><p>Tie pays 8 to 1.</p><script>document.getElementById("consent-root")'
    '.innerHTML = "<p>We use cookies</p>";</script></body></html>',
    # a script that fills an element the page already fills, or one that only reads it
    '<html><body><div id="rules">' + "<p>The Banker draws on 0, 1 and 2.</p>" * 20 + "</div><div id=\"note\"></div>"
    '<script>document.getElementById("rules").append(" ");var n=document.getElementById("note").offsetTop;</script>'
    "</body></html>",
])
def test_a_page_that_states_its_text_is_not_a_shell(page):
    assert scripted_cause(page) is None


#: The fixtures whose rules (or a part of them) an inline script writes into an empty element.
BUILT_BY_SCRIPTS = {"da-boelgen-spilleregler-baccarat-script.html", "donaucasino-app-hilfe-super6.html",
                    "pt-pt-ajuda-srij.html", "havnefront-dk-hjaelp-baccarat-script.html", "irish-spa-json-rules.html",
                    "it-live-palinsesto-punto-banco.html", "pl-centrum-pomocy-bakarat.html"}


def test_only_the_fixtures_built_by_scripts_look_so():
    for path in sorted(FIXTURES.rglob("*.htm*")):
        cause = scripted_cause(decode(path.read_bytes()).text)
        assert (cause is not None) == (path.name in BUILT_BY_SCRIPTS), path.name


def test_the_cause_names_no_page_text():
    page = ('<html><body><div id="root" class="\x1b[31mEVIL"></div><script>window.__NEXT_DATA__="</b>"</script>'
            "<script src=a.js></script><script src=b.js></script></body></html>")
    cause = scripted_cause(page)
    assert cause is not None and "EVIL" not in cause and "\x1b" not in cause


def test_a_long_page_is_not_read_to_its_end():
    import time

    page = "<html><body>" + "<p>The Banker draws on 0-2.</p>" * 1_500_000 + "<script>a</script></body></html>"
    start = time.perf_counter()
    assert scripted_cause(page) is None
    assert time.perf_counter() - start < 1.0


def test_the_scripts_data_is_not_read_as_page_statements():
    x = extract_text(SHELLS["next"][0])
    assert x.scripted is not None
    assert all(v is None for v in x.to_dict().values())


def test_a_shells_missing_findings_are_review_with_a_doubt_that_suggests_render():
    report = audit_bytes(SHELLS["next"][0].encode(), "shell.html")
    missing = [f for f in report.findings if f.code in MISSING]
    assert missing and len(missing) >= 4
    for f in missing:
        assert f.certainty == "review"
        assert "built by scripts" in f.doubt and "--render" in f.doubt and "__NEXT_DATA__" in f.doubt
    assert report.count("error") == 0 and report.count("info") == 0
    assert report.count("error", strict=True) == len([f for f in missing if f.severity == "error"])


def test_a_static_page_missing_a_rule_is_still_certain():
    report = audit_bytes(b"<html><body><p>Tie pays 8 to 1.</p><script src=/a.js></script></body></html>", "p")
    assert report.findings and all(f.certainty == "certain" for f in report.findings)
    assert report.uncertain == []


def test_the_fields_a_page_built_by_scripts_leaves_unread_are_uncertain_and_those_it_states_are_not():
    page = SHELLS["filled"][0].replace("<nav>", "<p>Tie pays 8 to 1.</p><nav>")
    report = audit_bytes(page.encode(), "filled.html")
    assert report.extracted["tie_pays"] == 8
    assert "tie_pays" not in report.uncertain and {"banker_draws", "banker_commission", "decks"} <= set(report.uncertain)


def test_the_text_report_marks_a_shells_missing_findings_for_review():
    from auditor.formats.text import TextFormat

    text = TextFormat().page(audit_bytes(SHELLS["next"][0].encode(), "shell.html"))
    head, review = text.split("need review:\n", 1)
    assert "ERROR" not in head and "draw-table-missing [RTS 3A]" in review
    assert "doubt: The page looks built by scripts" in review and "--render" in review
