"""Hostile page content end to end (tests/formats covers each format on hand-built reports):
terminal escapes in a page and in its file name never reach the terminal; a URL that climbs
out of a directory cannot place the evidence file outside `--out`; and script in a page's text
does not run when the HTML report is opened in a browser."""

from __future__ import annotations

import json
import re

import pytest

from auditor.cli import main

from ..fetch.conftest import loopback_only, page as served, server  # noqa: F401 - fixtures used by name
from ..browser import dump_dom
from .common import GOOD

GOOD_TEXT = GOOD.read_text(encoding="utf-8")
#: CSI colour and screen-clearing sequences, an OSC window-title sequence, an 8-bit CSI, bell,
#: backspace, NUL and a right-to-left override.
ESCAPES = "\x1b[31mRED\x1b[0m \x1b]0;owned\x07 \x9b2J \x1b[2J\x1b[H \x07\x08\x00 \u202eevil\u202c"
_TERMINAL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def hostile_page() -> str:
    """The good page with escapes in its headings, rules, figures and a worked example, and
    three findings (a wrong edge, "9 for 1", a wrong example) to carry its text into reports."""
    return (GOOD_TEXT
            .replace("<h2>Payouts</h2>", f"<h2>Payouts {ESCAPES}</h2>")
            .replace("Tie: pays 8 to 1.", f"Tie: pays 9 for 1 {ESCAPES}.")
            .replace("Banker 1.06%", f"Banker {ESCAPES} 1.26%")
            .replace("Find the Banker", f"Example: a £10 Banker bet {ESCAPES} that wins returns £19 net. Find the Banker"))


@pytest.mark.parametrize("fmt", ["text", "markdown", "html", "sarif", "junit", "json"])
def test_terminal_escapes_from_a_page_and_its_name_never_reach_the_terminal(tmp_path, capsys, fmt):
    bad = tmp_path / "rules\x1b[31m\x1b]0;owned\x07\x9b2J.html"
    bad.write_text(hostile_page(), encoding="utf-8")
    code = main(["audit", str(bad), str(GOOD), "--format", fmt])
    out, err = capsys.readouterr()
    assert code == 1
    for stream in (out, err):
        assert "\x1b" not in stream and "\x9b" not in stream and "\x07" not in stream
        assert not _TERMINAL.search(stream.replace("\r\n", "\n").replace("\t", " "))
    assert "Traceback" not in err
    if fmt == "text":
        # the findings and the name are there, only cleaned
        assert f"{tmp_path}/rules.html\n" in out
        assert "edge-divergent" in out and "tie-payout-for-wording" in out and "payout-example-wrong" in out
        assert f"[1/2] {tmp_path}/rules.html: 1 error\n" in err
    if fmt == "json":
        data = json.loads(out)
        # JSON keeps the page's text as data (escaped as \\u001b), for programs to judge
        assert any("\x1b[31m" in f["evidence"]["text"] for f in data["reports"][0]["findings"] if f["evidence"])


class _Everywhere(dict):
    """Routes that answer every path with the page (however the client normalised it), but
    robots.txt, which is missing."""

    def __init__(self, handler) -> None:
        super().__init__()
        self.handler = handler

    def get(self, path, default=None):
        return None if path == "/robots.txt" else self.handler


@pytest.mark.parametrize("path", ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd",
                                  "/a/b/../../../../../../tmp/escaped.warc.gz"])
def test_a_climbing_url_cannot_put_the_evidence_outside_out(server, tmp_path, capsys, path):  # noqa: F811
    server.routes = _Everywhere(served(GOOD.read_bytes(), headers=(
        ("Content-Disposition", 'attachment; filename="../../../escaped.warc.gz"'),)))
    (tmp_path / "work").mkdir()
    out_dir = tmp_path / "work" / "evidence"
    before = set(tmp_path.rglob("*"))
    url = f"http://127.0.0.1:{server.port}{path}"
    code = main(["fetch", url, "--out", str(out_dir), "--allow-private"])
    out, err = capsys.readouterr()
    assert code == 0, err
    [warc] = out_dir.iterdir()
    assert warc.name.startswith("rules-auditor-") and warc.name.endswith(".warc.gz")
    assert warc.resolve().parent == out_dir.resolve() and out.strip() == str(warc)
    assert set(tmp_path.rglob("*")) - before == {out_dir, warc}
    # the same for `audit --save`; nothing lands anywhere but DIR
    code = main(["audit", url, "--save", str(out_dir), "--allow-private", "--format", "json"])
    capsys.readouterr()
    assert code == 0 and len(list(out_dir.iterdir())) == 2
    assert set(tmp_path.rglob("*")) - before == {out_dir, *out_dir.iterdir()}
    assert not list(tmp_path.parent.glob("escaped*")) and not list(tmp_path.rglob("escaped*"))


def test_script_in_a_page_does_not_run_in_the_html_report(chromium, tmp_path, capsys):
    """The page's text holds a closing </script> and a new <script> (as text: escaped in the
    page's HTML); it becomes evidence in the HTML report, which Chromium then opens."""
    payload = ("</script><script>document.title='PWNED';"
               "document.documentElement.setAttribute('data-pwned','script')</script>"
               "<img src=x onerror=\"document.documentElement.setAttribute('data-pwned','img')\">")
    escaped = payload.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    page = GOOD_TEXT.replace("Banker 1.06%", f"Banker 1.26% {escaped}").replace(
        "Tie: pays 8 to 1.", f"Tie: pays 9 for 1 {escaped}.")
    bad = tmp_path / "scripted.html"
    bad.write_text(page, encoding="utf-8")
    report = tmp_path / "report.html"
    code = main(["audit", str(bad), str(GOOD), "--format", "html", "-o", str(report)])
    capsys.readouterr()
    assert code == 1
    html = report.read_text(encoding="utf-8")
    assert "&lt;/script&gt;&lt;script&gt;document.title=&#39;PWNED&#39;" in html  # the text is there ...
    assert not re.search(r"<script|<img", html, re.IGNORECASE)  # ... never as markup
    dom = dump_dom(report, tmp_path / "profile", chromium)
    assert dom.get("data-pwned") is None
    assert dom.findtext(".//title") != "PWNED"
    assert not dom.xpath("//script | //img")
    assert "document.title='PWNED'" in dom.text_content()


def test_a_servers_status_line_cannot_reach_the_terminal(server, tmp_path, capsys):  # noqa: F811
    """A reason phrase is the server's to choose: escapes in it are dropped from what is shown."""
    def hostile_status(h):
        h.send_response(404, "Not Found \x1b[31m\x1b]0;owned\x07\x9b2J")
        h.send_header("Content-Length", "0")
        h.end_headers()
    server.routes["/rules"] = hostile_status
    url = server.url("/rules")
    for argv in (["fetch", url, "--out", str(tmp_path / "ev"), "--allow-private"],
                 ["audit", url, str(GOOD), "--allow-private"],
                 ["audit", url, str(GOOD), "--allow-private", "--format", "json"]):
        assert main(argv) == 1
        out, err = capsys.readouterr()
        for stream in (out, err):
            assert not _TERMINAL.search(stream.replace("\t", " ")), (argv, stream)
        assert "HTTP 404 Not Found" in out + err
