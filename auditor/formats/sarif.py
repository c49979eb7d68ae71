"""`--format sarif`: SARIF 2.1.0, one run, as code-scanning services read it.

`tool.driver.rules` lists every finding code once (the code is the rule id, stable across runs);
each finding is a result pointing at its page with the evidence line and text, and carrying the
finding's own data (RTS requirement, expected, found, XPath) under `properties`.

A finding that needs review has `kind: "review"` and so, as SARIF 2.1.0 asks of a result whose
kind is not "fail", `level: "none"` (its severity stays under `properties`, its doubt is in the
message). With a baseline each result has `baselineState` ("new", "unchanged"), and the
baseline's findings now gone are results too, "absent". A waived finding is a result with a
`suppressions` entry (external, accepted) whose justification is the waiver's reason.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from functools import partial
from importlib import metadata
from typing import Any
from urllib.parse import quote

from .. import lazy_re
from ..baseline import Identity, identity
from ..codes import CODES, Code
from ..report import TOOL, AuditRun, Finding, Report
from ..waivers import Waiver
from ._common import clean, clean_value

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
FALLBACK_INFORMATION_URI = "https://pypi.org/project/rules-auditor/"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}
_SCHEME = lazy_re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
_URL_SAFE = ":/?#[]@!$&'()*+,;=%~"
#: Escaped in the output so that a SARIF file pasted into HTML or a script cannot end either.
_HTML_SAFE = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


class SarifFormat:
    name = "sarif"
    suffix = ".sarif"

    def render(self, run: AuditRun, *, fail_on: str, strict: bool = False, new_only: bool = False) -> str:
        return dumps(self.log(run, fail_on=fail_on))

    def log(self, run: AuditRun, *, fail_on: str) -> dict[str, Any]:
        index = {code: i for i, code in enumerate(CODES)}
        seen: Counter[Identity] = Counter()
        result = partial(_result, seen=seen)
        return {
            "$schema": SCHEMA_URI,
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {
                    "name": TOOL["name"],
                    "version": TOOL["version"],
                    "semanticVersion": TOOL["version"],
                    "informationUri": information_uri(),
                    "rules": [rule(c) for c in CODES.values()],
                }},
                "results": [
                    *(result(r, f, index[f.code]) for r in run.reports for f in r.sorted_findings()),
                    *(result(r, w.finding, index[w.finding.code], waiver=w.waiver) for r in run.reports
                      for w in r.waived or ()),
                    *(result(r, f, index[f.code], state="absent") for r in run.reports for f in r.fixed or ()),
                ],
                "properties": {"failOn": fail_on, "summary": run.summary()},
            }],
        }


def dumps(log: dict[str, Any]) -> str:
    text = json.dumps(log, indent=2, ensure_ascii=False, default=str)
    for char, escaped in _HTML_SAFE.items():  # these occur only inside JSON strings
        text = text.replace(char, escaped)
    return text + "\n"


def information_uri() -> str:
    """The project's home page as its package metadata names it, else its PyPI page."""
    try:
        urls = metadata.metadata("rules-auditor").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        urls = []
    for entry in urls:
        label, _, url = entry.partition(",")
        if label.strip().lower() in ("homepage", "home", "source", "repository") and url.strip():
            return url.strip()
    return FALLBACK_INFORMATION_URI


def rule(code: Code) -> dict[str, Any]:
    return {
        "id": code.code,
        "name": "".join(part.capitalize() for part in code.code.split("-")),
        "shortDescription": {"text": code.title},
        "fullDescription": {"text": code.description},
        "defaultConfiguration": {"level": LEVELS[code.severity]},
        "properties": {"tags": [f"RTS {code.rts}"], "rts": code.rts, "severity": code.severity},
    }


def _result(report: Report, f: Finding, rule_index: int, *, seen: Counter[Identity], state: str | None = None,
            waiver: Waiver | None = None) -> dict[str, Any]:
    """One finding as a result; `state` overrides its baseline state ("absent" for a fixed one),
    `waiver` marks it suppressed. `seen` counts the identities met so far in the run."""
    ev = f.evidence
    physical: dict[str, Any] = {"artifactLocation": {"uri": artifact_uri(report)}}
    if ev is not None and ev.line:
        region: dict[str, Any] = {"startLine": int(ev.line)}
        if ev.text:
            region["snippet"] = {"text": clean(ev.text)}
        physical["region"] = region
    location: dict[str, Any] = {"physicalLocation": physical}
    if ev is not None and ev.path:
        location["logicalLocations"] = [{"fullyQualifiedName": clean(ev.path), "kind": "element"}]
    properties: dict[str, Any] = {
        "rts": f.rts,
        "severity": f.severity,
        "expected": clean_value(f.expected),
        "found": clean_value(f.found),
        "xpath": clean(ev.path) if ev is not None and ev.path else None,
        "source": clean(report.source),
        "sha256": report.sha256,
        "ruleset": report.ruleset,
    }
    if ev is not None and ev.text and not ev.line:
        properties["evidence"] = clean(ev.text)
    if report.capture:
        properties["capture"] = clean_value(report.capture)
    if not f.certain:
        properties["certainty"] = f.certainty
        properties["doubt"] = clean(f.doubt)
    out: dict[str, Any] = {
        "ruleId": f.code,
        "ruleIndex": rule_index,
        "kind": "fail" if f.certain else "review",
        "level": LEVELS[f.severity] if f.certain else "none",
        "message": {"text": clean(f.message) + ("" if f.certain else f" Needs review: {clean(f.doubt)}")},
        "locations": [location],
        "partialFingerprints": {"rulesAuditorFinding/v2": fingerprint(report.source, f, seen)},
        "properties": properties,
    }
    if state or f.baseline:
        out["baselineState"] = state or f.baseline
    if waiver is not None:
        out["suppressions"] = [{"kind": "external", "status": "accepted",
                                "justification": clean(waiver.reason or f"waived with {waiver.origin}"),
                                "properties": {"waiver": clean(waiver.describe()), "origin": clean(waiver.origin)}}]
    return out


def artifact_uri(report: Report) -> str:
    """The page's source as a URI reference: a URL as given, a relative path as a relative
    reference, an absolute path as a file: URI. A WARC record points at its WARC file."""
    capture = report.capture or {}
    source = clean(capture.get("warc") or report.source)
    if _SCHEME.match(source):
        return quote(source, safe=_URL_SAFE)
    path = source.replace("\\", "/")
    if path.startswith("/"):
        return "file://" + quote(path, safe="/~")
    return quote(path, safe="/~") or "-"


def fingerprint(source: str, f: Finding, seen: Counter[Identity]) -> str:
    """The finding's identity across runs (`auditor.baseline.identity`: source, code and the rule
    it concerns, not its line or wording), with its occurrence among findings of the same
    identity in the run: stable when a page is edited around it, as a baseline matches it."""
    key = identity(source, f)
    seen[key] += 1
    text = "\0".join((*key, str(seen[key])))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]
