"""Bad bytes: each bad input is audited beside a good page, which must come out exactly as it does
alone. Bytes that are not a page give status "error" with `source-unreadable` (exit 1, not 2);
pages in any encoding a browser would read are read in full; junk that is text gives status "ok"
with nothing extracted; and huge or deeply nested pages finish in bounded time."""

from __future__ import annotations

import codecs
import gzip
import json
import random

import pytest

import auditor
from auditor.cli import main

from .common import (GOOD, GOOD_EXPECTED, LIMIT, as_json, assert_good, assert_nothing_extracted,
                     assert_unreadable, cli)

GOOD_BYTES = GOOD.read_bytes()
GOOD_TEXT = GOOD_BYTES.decode("utf-8")
EMPTY = "the source is empty"
BINARY = "the source is binary data, not an HTML page"

UNREADABLE = {
    "empty": (b"", EMPTY),
    "only-whitespace": (b" \r\n\t \n", EMPTY),
    "random-bytes": (random.Random(7).randbytes(8192), BINARY),
    "pdf-named-html": (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n"
                       + random.Random(1).randbytes(2048) + b"\n%%EOF\n", BINARY),
    "png-named-html": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00\x00\x00\x01\x00\x08\x06\x00\x00\x00"
                       + random.Random(2).randbytes(2048), BINARY),
    "gzip-named-html": (gzip.compress(GOOD_BYTES, mtime=0), BINARY),
    "only-nul-bytes": (b"\x00" * 4096, BINARY),
}


def _declared(charset: str) -> str:
    return GOOD_TEXT.replace("charset=UTF-8", f"charset={charset}")


#: The good page in every way a browser would still read it. Its Player rule is written "0–5"
#: with an en dash, so a wrong decoding shows up as a wrong extraction, not just odd evidence.
READABLE = {
    "utf-8-cut-inside-its-last-character": GOOD_BYTES + "…".encode()[:2],
    "utf-8-with-bom": codecs.BOM_UTF8 + GOOD_BYTES,
    "utf-16-le-with-bom": codecs.BOM_UTF16_LE + GOOD_TEXT.encode("utf-16-le"),
    "utf-16-be-with-bom": codecs.BOM_UTF16_BE + GOOD_TEXT.encode("utf-16-be"),
    "utf-16-le-without-bom": GOOD_TEXT.encode("utf-16-le"),
    "utf-16-be-without-bom": GOOD_TEXT.encode("utf-16-be"),
    "declares-windows-1252-but-is-utf-8": _declared("windows-1252").encode("utf-8"),
    "declares-utf-8-but-is-windows-1252": _declared("UTF-8").encode("cp1252"),
    "nul-bytes-between-the-tags": GOOD_BYTES.replace(b"<h2>", b"\x00<h2>\x00").replace(b"<td", b"\x00<td"),
}

JUNK = {
    "plain-text": b"Nothing to see here: this is a plain text file that happens to end in .html.\n",
    "only-tags": b"<!DOCTYPE html><html><head><title></title></head><body><div><span></span></div></body></html>",
    "broken-markup": b"<html><body><<<>>></p></div><table><tr><td<td>>\"'<!-- <![CDATA[ &#xffffffff; &bogus;",
    "only-numbers": b"<p>" + b" ".join(str(n).encode() for n in range(2000)) + b"</p>",
}


def audit_beside_the_good_page(tmp_path, name: str, data: bytes) -> tuple[int, dict, dict]:
    """`audit BAD GOOD --format json` in this process: exit code, the two reports, and the same
    run through the Python API, which must agree."""
    bad = tmp_path / f"{name}.html"
    bad.write_bytes(data)
    code = main(["audit", str(bad), str(GOOD), "--format", "json", "-o", str(tmp_path / "out.json")])
    data_cli = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    api = as_json(auditor.audit_many([str(bad), str(GOOD)]))
    assert api["reports"] == data_cli["reports"] and api["summary"] == data_cli["summary"]
    first, second = data_cli["reports"]
    assert_good(second)
    return code, first, data_cli


@pytest.mark.parametrize("name", UNREADABLE)
def test_bytes_that_are_not_a_page_are_unreadable(tmp_path, capsys, name):
    data, problem = UNREADABLE[name]
    code, report, whole = audit_beside_the_good_page(tmp_path, name, data)
    assert code == 1  # an error-level finding, not "could not run"
    assert_unreadable(report, str(tmp_path / f"{name}.html"), problem)
    assert report["sha256"] is not None
    assert whole["summary"]["sources"] == 2 and whole["summary"]["unreadable"] == 1
    assert whole["summary"]["by_code"] == {"source-unreadable": 1}
    err = capsys.readouterr().err
    assert "Traceback" not in err and "2 sources audited: 1 error, 0 warnings, 0 findings need review, 1 unreadable" in err


@pytest.mark.parametrize("name", READABLE)
def test_pages_a_browser_would_read_are_read_in_full(tmp_path, capsys, name):
    code, report, _ = audit_beside_the_good_page(tmp_path, name, READABLE[name])
    assert code == 0
    assert report["status"] == "ok"
    assert report["extracted"] == GOOD_EXPECTED["extracted"]
    assert report["findings"] == []
    capsys.readouterr()


@pytest.mark.parametrize("name", JUNK)
def test_text_that_is_not_a_rules_page_is_read_with_nothing_extracted(tmp_path, capsys, name):
    code, report, _ = audit_beside_the_good_page(tmp_path, name, JUNK[name])
    assert code == 1  # the missing rules are findings
    assert_nothing_extracted(report)
    capsys.readouterr()


def test_a_missing_file_is_unreadable(tmp_path, capsys):
    code = main(["audit", str(tmp_path / "gone.html"), str(GOOD), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    assert_unreadable(data["reports"][0], str(tmp_path / "gone.html"), "no such file")
    assert_good(data["reports"][1])


def test_a_directory_with_a_symlink_loop_is_walked_once(tmp_path, capsys):
    (tmp_path / "site" / "rules").mkdir(parents=True)
    (tmp_path / "site" / "rules" / GOOD.name).write_bytes(GOOD_BYTES)
    (tmp_path / "site" / "rules" / "up.html").symlink_to(tmp_path / "site", target_is_directory=True)
    (tmp_path / "site" / "rules" / "self").symlink_to(tmp_path / "site" / "rules", target_is_directory=True)
    assert main(["audit", str(tmp_path / "site"), "--format", "json"]) == 0
    [report] = json.loads(capsys.readouterr().out)["reports"]
    assert_good(report)


# -- big and deep: each in a child process, under a time limit --------------------------------------

def _one_line_page(before_main: bytes) -> bytes:
    """The good page with no line breaks and `before_main` ahead of the rules."""
    return GOOD_BYTES.replace(b"\r", b"").replace(b"\n", b" ").replace(b"<main", before_main + b"<main", 1)


def _appended(extra: bytes) -> bytes:
    """The good page with `extra` after the rules, inside its body."""
    return GOOD_BYTES.replace(b"</main>", extra + b"</main>", 1)


FILLER = b"Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. "
CHART_HEAD = b"<tr><th>x</th>" + b"".join(b"<th>%d</th>" % c for c in range(10)) + b"</tr>"
EMPTY_CHART = b"<table>" + CHART_HEAD + b"<tr><td>none</td>" + b'<td class="mark"></td>' * 10 + b"</tr></table>"

BIG = {
    # 50 MB of prose that states no rule
    "fifty-megabytes": (lambda: b"<html><body>" + (b"<p>" + FILLER * 12 + b"</p>\n") * 52_000 + b"</body></html>",
                        "junk"),
    # the rules after a single 10 MB text node, all on one line: the parser must not stop at it
    "one-ten-megabyte-line": (lambda: _one_line_page(b"<div hidden>" + FILLER * 130_000 + b"</div>"), "good"),
    # a 10,000-row table after the rules
    "ten-thousand-rows": (lambda: _appended(b"<table>" + b"".join(b"<tr><td>Round %d</td><td>completed</td></tr>" % i
                                                                for i in range(10_000)) + b"</table>"), "good"),
    # a 10,000-column colspan, and rows of cells spanning 10,000 columns and rows, which used to
    # grow every row by 5,000 cells (minutes of work)
    "ten-thousand-column-spans": (lambda: _appended(
        b'<table><tr><td colspan="10000">wide</td></tr><tr>' + b"<td>x</td>" * 10_000 + b"</tr></table><table>"
        + (b"<tr>" + b'<td colspan="10000" rowspan="10000">x</td>' * 100 + b"</tr>") * 100 + b"</table>"), "good"),
    # 3,000 chart-shaped tables with empty, classed cells: their colour legend used to be looked
    # up through the whole page for each one (quadratic)
    "three-thousand-charts": (lambda: _appended(EMPTY_CHART * 3_000), "good"),
    # the rules after 100,000 unclosed tags
    "hundred-thousand-nested-tags": (lambda: _one_line_page(b"<div>" * 100_000), "deep"),
}


@pytest.mark.parametrize("name", BIG)
def test_huge_and_deep_pages_finish_in_bounded_time(tmp_path, name):
    build, kind = BIG[name]
    bad = tmp_path / f"{name}.html"
    bad.write_bytes(build())
    run = cli("audit", bad, GOOD, "--format", "json", "--fail-on", "never")
    assert run.seconds < LIMIT, f"{name} took {run.seconds:.1f} s"
    assert run.code == 0 and "Traceback" not in run.stderr
    report, good = run.json()["reports"]
    assert_good(good)
    if kind == "junk":
        assert_nothing_extracted(report)
    elif kind == "good":
        assert report["status"] == "ok"
        assert report["extracted"] == GOOD_EXPECTED["extracted"], "the rules around the bulk were lost"
        assert report["findings"] == []
    else:
        assert_unreadable(report, str(bad), "the page is nested too deeply to read (more than 512 levels of elements)")


def test_nesting_a_browser_would_show_is_read(tmp_path):
    """400 levels of <div> around the rules: deep, but readable, and read in full."""
    page = GOOD_BYTES.replace(b"<main", b"<div>" * 400 + b"<main", 1).replace(b"</main>", b"</main>" + b"</div>" * 400)
    report = auditor.audit(page).to_dict()
    assert report["status"] == "ok" and report["extracted"] == GOOD_EXPECTED["extracted"]


def test_a_file_over_the_size_cap_is_unreadable_without_being_read(tmp_path):
    big = tmp_path / "huge.html"
    with big.open("wb") as f:  # sparse: costs no disk
        f.write(b"<html><body>")
        f.truncate(65 * 1024 * 1024)
    run = cli("audit", big, GOOD, "--format", "json")
    assert run.seconds < LIMIT and run.code == 1
    report, good = run.json()["reports"]
    assert_unreadable(report, str(big), "larger than 64 MiB")
    assert_good(good)


def test_standard_input_over_the_size_cap_is_unreadable_not_cut_short():
    run = cli("audit", "-", GOOD, "--format", "json", stdin=b"<p>" + b"a" * (65 * 1024 * 1024))
    assert run.seconds < LIMIT and run.code == 1
    report, good = run.json()["reports"]
    assert_unreadable(report, "-", "larger than 64 MiB")
    assert report["sha256"] is None
    assert_good(good)
    run = cli("audit", "-", "--format", "json", stdin=GOOD.read_bytes())
    assert_good_content(run.json()["reports"][0])


def assert_good_content(report: dict) -> None:
    assert report["source"] == "-" and report["status"] == "ok"
    assert report["extracted"] == GOOD_EXPECTED["extracted"] and report["findings"] == []
