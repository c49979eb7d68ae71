"""--render: app pages whose rules a script injects are audited as a browser shows them, saved
as evidence with their rendered DOM, and re-audited from the WARC without a browser; pages that
never settle, reach for private addresses or grow too large are bounded and reported."""

from __future__ import annotations

import json
import time
from dataclasses import replace

import lxml.html
import pytest
import yaml
from warcio.archiveiterator import ArchiveIterator

from auditor.cli import main
from auditor.fetch import FetchOptions
from auditor.pipeline import audit_bytes
from auditor.runner import audit_all, audit_source
from auditor.sources import Source

from .conftest import FIXTURES, chromium, json_route, render_options, send


@pytest.fixture(autouse=True)
def browser() -> str:
    """Every test here needs Chromium (skipped without it, failed under CI)."""
    return chromium()


APP = FIXTURES / "b-four-percent.html"
ACCORDION = FIXTURES / "a-ds-grid-clean.html"


def body_of(path) -> str:
    """The inner HTML of a fixture's <body>: the rules an app fetches as JSON."""
    body = lxml.html.document_fromstring(path.read_bytes()).body
    return (body.text or "") + "".join(lxml.html.tostring(child, encoding="unicode") for child in body)


def app_page() -> bytes:
    """A Next.js-like shell: the rules arrive from /api/rules.json and a script injects them."""
    return b"""<!DOCTYPE html><html lang="en"><head><title>Baccarat rules</title></head><body>
<div id="__next"></div>
<script id="__NEXT_DATA__" type="application/json">{"page":"/rules","buildId":"x1"}</script>
<script>
fetch('/api/rules.json').then(r => r.json()).then(d => { document.getElementById('__next').innerHTML = d.html; });
</script></body></html>"""


def accordion_page() -> bytes:
    """The rules sit in a collapsed accordion panel that fills itself when opened."""
    return b"""<!DOCTYPE html><html lang="en"><head><title>Rules</title></head><body>
<div id="root"><h1>Help centre</h1>
<h2><button id="t1" aria-expanded="false" aria-controls="p1">Baccarat: rules of the game</button></h2>
<div id="p1" role="region" hidden></div></div>
<script>
document.getElementById('t1').addEventListener('click', function () {
  this.setAttribute('aria-expanded', 'true');
  fetch('/api/section.json').then(r => r.json()).then(d => {
    const p = document.getElementById('p1'); p.innerHTML = d.html; p.hidden = false; });
});
</script></body></html>"""


def serve_apps(server) -> None:
    server.routes["/rules"] = lambda h: send(h, app_page())
    server.routes["/api/rules.json"] = json_route(json.dumps({"html": body_of(APP)}).encode())
    server.routes["/help"] = lambda h: send(h, accordion_page())
    server.routes["/api/section.json"] = json_route(json.dumps({"html": body_of(ACCORDION)}).encode())


def judged(report) -> dict:
    """What must agree between two audits of the same rules: fields and findings."""
    d = report.to_dict()
    return {"extracted": d["extracted"], "uncertain": d["uncertain"], "computed": d["computed"],
            "findings": [{k: f[k] for k in ("code", "severity", "message", "expected", "found", "certainty")}
                         for f in d["findings"]]}


@pytest.mark.parametrize(("path", "static"), [("/rules", APP), ("/help", ACCORDION)])
def test_an_app_page_rendered_is_audited_as_the_static_page(server, path, static):
    serve_apps(server)
    url = server.url(path)
    plain = audit_source(Source(url, "url"), None, FetchOptions(allow_private=True))[0]
    assert plain.status == "ok"
    assert all(v is None for v in plain.extracted.values()) or path == "/help"
    missing = [f for f in plain.findings if f.code.endswith("-missing")]
    assert missing and all(f.certainty == "review" and "--render" in f.doubt for f in missing)
    assert plain.count("info") == 0  # nothing missing asserted with certainty

    rendered = audit_source(Source(url, "url"), None, render_options())[0]
    expected = audit_bytes(static.read_bytes(), str(static))
    assert rendered.status == "ok", rendered.error
    assert judged(rendered) == judged(expected)
    assert rendered.rendered["browser"].startswith("Chromium ")
    assert rendered.rendered["refused"] == []


@pytest.mark.parametrize("name", ["da-boelgen-spilleregler-baccarat-script", "pt-pt-ajuda-srij"])
def test_a_page_an_inline_script_writes_into_an_empty_element_is_read_once_rendered(server, name):
    # a blind round's pages (no app root, a few KB of script filling <div id="rules-root">)
    page = FIXTURES / "blind" / "r55" / f"{name}.html"
    truth = yaml.safe_load(page.with_suffix(".expected.yaml").read_text(encoding="utf-8"))
    server.routes["/page"] = lambda h: send(h, page.read_bytes())
    plain = audit_source(Source(server.url("/page"), "url"), None, FetchOptions(allow_private=True))[0]
    missing = [f for f in plain.findings if f.code.endswith("-missing")]
    assert missing and all(f.certainty == "review" and "--render" in f.doubt for f in missing)
    rendered = audit_source(Source(server.url("/page"), "url"), None, render_options())[0]
    assert rendered.status == "ok", rendered.error
    assert rendered.extracted == truth["extracted"]
    assert sorted(f.code for f in rendered.findings) == sorted(truth["findings"])


def test_saved_and_reaudited_from_the_warc_it_is_the_same_without_a_browser(server, tmp_path, capsys,
                                                                            monkeypatch):
    serve_apps(server)
    urls = [server.url("/rules"), server.url("/help")]
    out = tmp_path / "live.json"
    assert main(["audit", *urls, "--render", "--allow-private", "--save", str(tmp_path / "ev"),
                 "--format", "json", "-o", str(out), "--fail-on", "never"]) == 0
    live = json.loads(out.read_text())["reports"]
    warcs = list((tmp_path / "ev").glob("*.warc.gz"))
    assert len(warcs) == 1

    with warcs[0].open("rb") as f:
        records = [(r.rec_type, dict(r.rec_headers.headers), r.content_stream().read()) for r in ArchiveIterator(f)]
    ids = {h["WARC-Record-ID"]: (kind, h) for kind, h, _ in records}
    conversions = [(h, body) for kind, h, body in records if kind == "conversion"]
    shots = [(h, body) for kind, h, body in records if kind == "resource"]
    assert len(conversions) == 2 and len(shots) == 2
    for h, body in conversions:
        assert ids[h["WARC-Refers-To"]][0] == "response"
        assert h["X-Rules-Auditor-Browser"].startswith("Chromium ")
        assert h["Content-Type"].startswith("text/html")
        assert b"Banker" in body
    for h, body in shots:
        assert body.startswith(b"\x89PNG") and h["Content-Type"] == "image/png"
        assert ids[h["WARC-Refers-To"]][0] == "conversion"
    responses = [body for kind, _, body in records if kind == "response"]
    assert all(b"Banker" not in body for body in responses)  # the response as received: a shell

    monkeypatch.setenv("RULES_AUDITOR_CHROMIUM", "/nonexistent/chromium")  # no browser from here on
    again = tmp_path / "again.json"
    assert main(["audit", str(warcs[0]), "--format", "json", "-o", str(again), "--fail-on", "never"]) == 0
    capsys.readouterr()
    saved = json.loads(again.read_text())["reports"]
    assert len(saved) == 2
    for a, b in zip(live, saved, strict=True):
        assert b["capture"]["rendered_by"] == a["rendered"]["browser"]
        for key in ("sha256", "extracted", "uncertain", "computed", "findings", "rendered", "status"):
            assert a[key] == b[key], key


def test_fetch_render_keeps_response_dom_and_screenshot(server, tmp_path, capsys):
    serve_apps(server)
    assert main(["fetch", server.url("/rules"), "--render", "--allow-private", "--out", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert "rendered by Chromium" in err
    warc = next(tmp_path.glob("*.warc.gz"))
    with warc.open("rb") as f:
        kinds = [r.rec_type for r in ArchiveIterator(f)]
    assert kinds.count("response") == 1 and kinds.count("conversion") == 1 and kinds.count("resource") == 1


LOOP_INLINE = b"<html><body><div id=root></div><script>for (;;) {}</script></body></html>"
LOOP_LATER = (b"<html><body><div id=root><p>Loading</p></div>"
              b"<script>setTimeout(function () { for (;;) {} }, 10)</script></body></html>")
HUGE = (b"<html><body><div id=root style=\"display: none\"></div><script>"
        b"document.getElementById('root').textContent = 'x'.repeat(100 * 1024 * 1024);</script></body></html>")


@pytest.mark.parametrize(("page", "cause"), [
    (LOOP_INLINE, "did not finish loading within 4 s"),
    (LOOP_LATER, "did not settle within 4 s"),
    (HUGE, "more than the limit of"),
])
def test_a_page_that_never_settles_or_grows_too_large_is_unreadable_and_the_batch_goes_on(server, page, cause):
    server.routes["/bad"] = lambda h: send(h, page)
    serve_apps(server)
    options = render_options(timeout=4.0, settle=2.0)
    start = time.monotonic()
    reports = list(audit_all([Source(server.url("/bad"), "url"), Source(server.url("/rules"), "url")], None, 1,
                             options))
    assert time.monotonic() - start < 30
    bad, good = reports
    assert bad.status == "error" and [f.code for f in bad.findings] == ["source-unreadable"]
    assert cause in bad.error, bad.error
    assert good.status == "ok" and good.extracted["banker_commission"] == 0.04


def test_requests_to_private_addresses_are_refused_and_reported(server):
    from tests.fetch.conftest import TestServer

    secret = TestServer()
    try:
        secret.routes["/rules.json"] = json_route(json.dumps({"html": body_of(APP)}).encode())
        shell = app_page().replace(b"'/api/rules.json'", f"'http://localhost:{secret.port}/rules.json'".encode())
        server.routes["/rules"] = lambda h: send(h, shell)
        options = replace(render_options(), allow_private=False, allow_hosts=("127.0.0.1",))
        report = audit_source(Source(server.url("/rules"), "url"), None, options)[0]
    finally:
        secret.close()
    assert secret.hits["/rules.json"] == 0
    assert report.status == "ok"
    refused = report.rendered["refused"]
    assert len(refused) == 1 and "localhost" in refused[0] and "loopback" in refused[0]
    missing = [f for f in report.findings if f.code.endswith("-missing")]
    assert missing and all(f.certainty == "review" for f in missing)
    assert "refused" in missing[0].doubt and "rendered it" in missing[0].doubt


def test_rendering_is_as_parallel_as_jobs(server):
    serve_apps(server)
    sources = [Source(server.url(p), "url") for p in ("/rules", "/help", "/rules")]
    reports = list(audit_all(sources, None, 2, render_options()))
    assert [r.status for r in reports] == ["ok"] * 3
    assert reports[0].extracted == reports[2].extracted and reports[0].extracted["banker_commission"] == 0.04


def test_a_renderer_that_crashes_is_reported_and_the_next_page_renders(server, monkeypatch):
    from auditor.render import _browser

    serve_apps(server)
    real = _browser.Job._expand

    def crash(self, page):
        if "/crash" in page.url:
            page.context.new_cdp_session(page).send("Page.crash")
        return real(self, page)

    monkeypatch.setattr(_browser.Job, "_expand", crash)
    server.routes["/crash"] = lambda h: send(h, app_page())
    bad, good = audit_all([Source(server.url("/crash"), "url"), Source(server.url("/rules"), "url")], None, 1,
                          render_options())
    assert bad.status == "error" and "crashed" in bad.error
    assert good.status == "ok" and good.extracted["banker_commission"] == 0.04


def test_robots_txt_governs_the_pages_own_requests(server):
    serve_apps(server)
    server.routes["/robots.txt"] = lambda h: send(h, b"User-agent: *\nDisallow: /api/\n", content_type="text/plain")
    report = audit_source(Source(server.url("/rules"), "url"), None, render_options())[0]
    assert server.hits["/api/rules.json"] == 0
    assert any("robots.txt" in r and "/api/rules.json" in r for r in report.rendered["refused"])
    assert all(f.certainty == "review" for f in report.findings if f.code.endswith("-missing"))


def test_the_rendered_report_fits_the_schema(server):
    from auditor.report import AuditRun
    from auditor.schema import validate_report

    serve_apps(server)
    report = audit_source(Source(server.url("/rules"), "url"), None, render_options())[0]
    validate_report(AuditRun([report]).to_dict())


def test_a_redirected_page_renders_and_a_navigation_away_is_not_followed(server):
    serve_apps(server)
    server.routes["/old"] = lambda h: send(h, b"", status=302, content_type=None, headers=(("Location", "/rules"),))
    server.routes["/leaving"] = lambda h: send(h, app_page().replace(
        b"<script>\n", b"<script>\nsetTimeout(function () { location.href = '/elsewhere'; }, 50);\n"))
    server.routes["/elsewhere"] = lambda h: send(h, b"<p>Tie pays 9 to 1.</p>")
    moved, leaving = audit_all([Source(server.url("/old"), "url"), Source(server.url("/leaving"), "url")], None, 1,
                               render_options())
    assert moved.status == "ok" and moved.extracted["banker_commission"] == 0.04
    assert server.hits["/elsewhere"] == 0
    assert leaving.status == "ok" and leaving.extracted["banker_commission"] == 0.04
    assert any("navigated away" in r and "/elsewhere" in r for r in leaving.rendered["refused"])


def test_a_rendering_that_failed_is_saved_and_reaudited_as_the_same_failure(server, tmp_path):
    from auditor.warc import EvidenceWarc

    server.routes["/bad"] = lambda h: send(h, LOOP_INLINE)
    live = audit_source(Source(server.url("/bad"), "url"), None, render_options(timeout=3.0, settle=1.0),
                        keep_fetched=True)[0]
    assert live.status == "error" and "did not finish loading" in live.error
    with EvidenceWarc(tmp_path) as warc:
        warc.add(live.fetched)
    saved = audit_source(Source(str(warc.path), "warc"), None)
    assert [r.error for r in saved] == [live.error]
    with open(warc.path, "rb") as f:
        kinds = [r.rec_type for r in ArchiveIterator(f)]
    assert kinds == ["warcinfo", "response", "request", "metadata"]


def test_what_a_pages_iframe_shows_is_audited_with_it(server):
    serve_apps(server)
    server.routes["/live"] = lambda h: send(h, b"<html><body><h1>Live Baccarat</h1>"
                                               b"<iframe src='/rules' title='game rules'></iframe></body></html>")
    report = audit_source(Source(server.url("/live"), "url"), None, render_options())[0]
    expected = audit_bytes(APP.read_bytes(), str(APP))
    assert report.status == "ok", report.error
    assert report.extracted == expected.extracted
