"""The JSON Schema of `--format json` (auditor/schema/report.schema.json): it holds for the report
of every fixture, of an unreadable source and of the command line, and it rejects what SPEC
does not allow."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from auditor import audit_many
from auditor.codes import CODES
from auditor.formats.json import JsonFormat
from auditor.report import AuditRun
from auditor.schema import ReportSchemaError, report_problems, report_schema, validate_report

from .fixture_cases import FIXTURES, cases
from .formats.samples import fixture_run, sample_run


def as_json(run: AuditRun) -> dict:
    return json.loads(JsonFormat().render(run, fail_on="error"))


def by_name() -> dict:
    return {Path(r.source).stem: r for r in fixture_run().reports}


@pytest.fixture(scope="module")
def whole() -> dict:
    return as_json(fixture_run())


def test_the_schema_ships_and_is_valid_draft_2020_12():
    assert (resources.files("auditor.schema") / "report.schema.json").is_file()
    schema = report_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


def test_the_codes_are_the_codes():
    assert report_schema()["$defs"]["code"]["enum"] == list(CODES)


@pytest.mark.parametrize("name", cases())
def test_every_fixture_report(name):
    validate_report(as_json(AuditRun([by_name()[name]])))


def test_the_whole_fixture_run(whole):
    assert len(whole["reports"]) == len(cases()) + len(list((FIXTURES / "blind").rglob("*.html")))
    validate_report(whole)


def test_an_unreadable_source(tmp_path):
    data = as_json(audit_many([str(tmp_path / "gone.html")]))
    assert data["reports"][0]["status"] == "error"
    validate_report(data)


def test_the_hand_built_sample():
    validate_report(as_json(sample_run()))


def test_the_command_line_output():
    done = subprocess.run([sys.executable, "-m", "auditor", "audit", str(FIXTURES), "--format", "json"],
                          capture_output=True, timeout=300, check=False)
    assert done.returncode == 1, done.stderr.decode()
    validate_report(json.loads(done.stdout))


def _break(data: dict, how: str) -> dict:
    bad = copy.deepcopy(data)
    report = next(r for r in bad["reports"] if r["findings"] and r["findings"][0]["evidence"])
    if how == "unknown-code":
        report["findings"][0]["code"] = "made-up"
    elif how == "bad-severity":
        report["findings"][0]["severity"] = "fatal"
    elif how == "bad-rts":
        report["findings"][0]["rts"] = "3B"
    elif how == "finding-extra-key":
        report["findings"][0]["hint"] = "x"
    elif how == "evidence-missing-line":
        del report["findings"][0]["evidence"]["line"]
    elif how == "report-missing-extracted":
        del report["extracted"]
    elif how == "extracted-missing-field":
        del report["extracted"]["tie_pays"]
    elif how == "extracted-unknown-field":
        report["extracted"]["colour"] = "red"
    elif how == "banker-row-out-of-range":
        report["extracted"]["banker_draws"] = {"8": [1]}
    elif how == "card-out-of-range":
        report["extracted"]["player_draws_on"] = [0, 9]
    elif how == "wording":
        report["extracted"]["tie_payout_wording"] = "of"
    elif how == "side-bet-name":
        report["extracted"]["side_bets"] = {"Dragon 7": 40}
    elif how == "bad-sha":
        report["sha256"] = "xyz"
    elif how == "bad-status":
        report["status"] = "failed"
    elif how == "ok-without-computed":
        report["computed"] = None
    elif how == "error-without-unreadable":
        report["status"] = "error"
        report["error"] = "x"
    elif how == "summary-missing-by-code":
        del bad["summary"]["by_code"]
    elif how == "wrong-tool":
        bad["tool"]["name"] = "other"
    elif how == "top-level-extra":
        bad["extra"] = 1
    return bad


@pytest.mark.parametrize("how", [
    "unknown-code", "bad-severity", "bad-rts", "finding-extra-key", "evidence-missing-line",
    "report-missing-extracted", "extracted-missing-field", "extracted-unknown-field", "banker-row-out-of-range",
    "card-out-of-range", "wording", "side-bet-name", "bad-sha", "bad-status", "ok-without-computed",
    "error-without-unreadable", "summary-missing-by-code", "wrong-tool", "top-level-extra",
])
def test_the_schema_rejects(whole, how):
    bad = _break(whole, how)
    assert report_problems(bad)
    with pytest.raises(ReportSchemaError, match="not a valid rules-auditor report: at \\$"):
        validate_report(bad)
