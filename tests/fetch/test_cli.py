"""`rules-auditor fetch` and `rules-auditor audit URL` on the command line: output, evidence and
exit codes."""

from __future__ import annotations

import json

import pytest

from auditor.cli import main

from .conftest import FIXTURES, page, send

CLEAN = "a-ds-grid-clean.html"  # no error-level findings


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def site(server):
    server.routes["/rules"] = page((FIXTURES / CLEAN).read_bytes())
    server.routes["/other"] = page((FIXTURES / "b-four-percent.html").read_bytes(), encoding="gzip")
    server.routes["/gone"] = lambda h: send(h, b"<html><body>gone</body></html>", status=404)
    server.routes["/robots.txt"] = page(b"User-agent: *\nDisallow: /members\n", "text/plain")
    server.routes["/members/rules"] = page((FIXTURES / CLEAN).read_bytes())
    return server


def test_fetch_writes_one_warc(site, tmp_path, capsys):
    code, out, err = run(capsys, "fetch", site.url("/rules"), site.url("/other"), "--out", tmp_path / "ev",
                         "--allow-private")
    [warc] = (tmp_path / "ev").glob("*.warc.gz")
    assert code == 0 and out == f"{warc}\n"
    assert f"{site.url('/rules')}: HTTP 200" in err and "2 fetched, 0 failed" in err


def test_fetch_lists_failures_and_exits_1(site, tmp_path, capsys):
    code, out, err = run(capsys, "fetch", site.url("/rules"), site.url("/gone"), site.url("/members/rules"),
                         "--out", tmp_path, "--allow-private")
    assert code == 1
    assert f"rules-auditor: {site.url('/gone')}: HTTP 404 Not Found" in err
    assert f"rules-auditor: {site.url('/members/rules')}: robots.txt" in err
    assert "1 fetched, 2 failed" in err and out.strip().endswith(".warc.gz")
    assert site.hits["/members/rules"] == 0


def test_fetch_no_robots(site, tmp_path, capsys):
    code, _, _ = run(capsys, "fetch", site.url("/members/rules"), "--out", tmp_path, "--allow-private",
                     "--no-robots")
    assert code == 0 and site.hits["/members/rules"] == 1


def test_fetch_refuses_loopback_without_allow_private(site, tmp_path, capsys):
    code, _, err = run(capsys, "fetch", site.url("/rules"), "--out", tmp_path)
    assert code == 1 and "loopback address; refused (use --allow-private to allow)" in err
    assert site.hits["/rules"] == 0


@pytest.mark.parametrize("argv", [
    ["fetch", "fixtures/a-ds-grid-clean.html", "--out", "{tmp}"],
    ["fetch", "file:///etc/passwd", "--out", "{tmp}"],
    ["fetch", "http://127.0.0.1:1/", "--out", "{tmp}", "--timeout", "0"],
    ["fetch", "http://127.0.0.1:1/", "--out", "{tmp}/file/sub", "--allow-private"],
])
def test_fetch_bad_arguments_exit_2(tmp_path, capsys, argv):
    (tmp_path / "file").write_text("x")
    code, _, err = run(capsys, *(a.replace("{tmp}", str(tmp_path)) for a in argv))
    assert code == 2 and err.startswith("rules-auditor: error: ")


def test_fetch_needs_out(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["fetch", "http://127.0.0.1:1/"])
    assert exit_.value.code == 2


def test_audit_urls_one_failing(site, capsys):
    """A fetch failure gives a report with status "error" and a source-unreadable finding; the
    other sources are still audited, and the exit status counts it as an error."""
    args = ["audit", site.url("/rules"), site.url("/gone"), FIXTURES / CLEAN, "--format", "json", "--allow-private"]
    code, out, _ = run(capsys, *args)
    data = json.loads(out)
    assert [r["status"] for r in data["reports"]] == ["ok", "error", "ok"]
    assert [r["source"] for r in data["reports"]][:2] == [site.url("/rules"), site.url("/gone")]
    failed = data["reports"][1]
    assert [f["code"] for f in failed["findings"]] == ["source-unreadable"]
    assert failed["findings"][0]["severity"] == "error" and "HTTP 404" in failed["findings"][0]["message"]
    assert data["reports"][0]["sha256"] == data["reports"][2]["sha256"]
    assert data["reports"][0]["findings"] == data["reports"][2]["findings"]
    assert code == 1
    assert run(capsys, *args, "--fail-on", "never")[0] == 0
    assert run(capsys, "audit", site.url("/rules"), FIXTURES / CLEAN, "--allow-private")[0] == 0


def test_audit_url_refused_without_allow_private(site, capsys):
    code, out, _ = run(capsys, "audit", site.url("/rules"), "--format", "json")
    [report] = json.loads(out)["reports"]
    assert code == 1 and report["status"] == "error" and "loopback" in report["findings"][0]["message"]


def test_audit_save_then_audit_the_warc(site, tmp_path, capsys):
    urls = [site.url("/rules"), site.url("/other"), site.url("/gone")]
    code, out, err = run(capsys, "audit", *urls, "--format", "json", "--allow-private", "--jobs", "2",
                         "--save", tmp_path)
    [warc] = tmp_path.glob("*.warc.gz")
    assert code == 1 and f"saved in {warc}" in err
    live = json.loads(out)["reports"]
    code, out, _ = run(capsys, "audit", warc, "--format", "json")
    saved = json.loads(out)["reports"]
    assert [r["source"] for r in saved] == [f"{warc}#{u}" for u in urls]
    for a, b in zip(live, saved):
        assert a["sha256"] == b["sha256"] and a["status"] == b["status"]
        if a["status"] == "ok":
            assert a["findings"] == b["findings"] and a["extracted"] == b["extracted"]
    assert saved[2]["error"] == live[2]["error"] == "HTTP 404 Not Found"


def test_audit_save_without_urls_writes_nothing(tmp_path, capsys):
    code, _, err = run(capsys, "audit", FIXTURES / CLEAN, "--save", tmp_path / "ev")
    assert code == 0 and "saved in" not in err and list((tmp_path / "ev").iterdir()) == []
