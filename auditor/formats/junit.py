"""`--format junit`: JUnit XML for CI dashboards. One <testsuite> per page (named by its source),
one <testcase> per check, and one for each code no check produces (`source-unreadable`).

A check's findings at or above `--fail-on` make its test case fail (one <failure> whose type is
the code and whose text lists every such finding with its evidence); findings below it are
reported as the test case's <system-out>. When a page could not be read, its checks are skipped.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..codes import CODES
from ..report import TOOL, AuditRun, Finding, Report
from ._common import clean, fails, json_text, one_line

_SKIPPED = "the source could not be read, so the check could not run"


def case_plan() -> tuple[list[str], dict[str, str]]:
    """The test case names in order, and the test case each finding code belongs to.

    A code several checks can produce goes to the last of them, unless the finding names its
    check (a `check` attribute)."""
    from ..check import CHECKS  # the check names and the codes each produces; nothing else

    owner: dict[str, str] = {}
    for c in CHECKS:
        for code in c.codes:
            owner[code] = c.name
    alone = [code for code in CODES if code not in owner]
    owner.update({code: code for code in alone})
    return [*alone, *(c.name for c in CHECKS)], owner


class JunitFormat:
    name = "junit"
    suffix = ".xml"

    def render(self, run: AuditRun, *, fail_on: str) -> str:
        names, owner = case_plan()
        root = ET.Element("testsuites", {"name": clean(TOOL["name"])})
        totals = dict.fromkeys(("tests", "failures", "errors", "skipped"), 0)
        for i, report in enumerate(run.reports):
            suite = self.suite(i, report, names, owner, fail_on)
            for key in totals:
                totals[key] += int(suite.get(key, "0"))
            root.append(suite)
        for key, value in totals.items():
            root.set(key, str(value))
        ET.indent(root, space="  ")
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"

    def suite(self, index: int, report: Report, names: list[str], owner: dict[str, str],
              fail_on: str) -> ET.Element:
        source = one_line(report.source)
        suite = ET.Element("testsuite", {"name": source, "id": str(index)})
        props = ET.SubElement(suite, "properties")
        for key, value in (("status", report.status), ("ruleset", report.ruleset),
                           ("ruleset_reason", report.ruleset_reason), ("sha256", report.sha256),
                           ("error", report.error), ("fail_on", fail_on),
                           *((f"capture.{k}", v) for k, v in (report.capture or {}).items())):
            if value is not None:
                ET.SubElement(props, "property", {"name": clean(key), "value": one_line(value)})
        by_case: dict[str, list[Finding]] = {name: [] for name in names}
        for f in report.sorted_findings():
            name = getattr(f, "check", None)
            if name not in by_case:
                name = owner.get(f.code, f.code)
            by_case.setdefault(name, []).append(f)
        failures = skipped = 0
        unreadable = report.status == "error"
        for name, findings in by_case.items():
            case = ET.SubElement(suite, "testcase", {"name": name, "classname": source})
            failing = [f for f in findings if fails(f.severity, fail_on)]
            passing = [f for f in findings if not fails(f.severity, fail_on)]
            if failing:
                failures += 1
                codes = list(dict.fromkeys(f.code for f in failing))
                message = (one_line(failing[0].message) if len(failing) == 1
                           else f"{len(failing)} findings: " + " / ".join(one_line(f.message) for f in failing))
                failure = ET.SubElement(case, "failure", {"type": " ".join(codes), "message": message})
                failure.text = "\n\n".join(describe(f) for f in failing)
            elif unreadable and not findings:
                skipped += 1
                ET.SubElement(case, "skipped", {"message": _SKIPPED})
            if passing:
                out = ET.SubElement(case, "system-out")
                out.text = "\n\n".join(describe(f) for f in passing)
        suite.set("tests", str(len(by_case)))
        suite.set("failures", str(failures))
        suite.set("errors", "0")
        suite.set("skipped", str(skipped))
        return suite


def describe(f: Finding) -> str:
    """A finding in full, as plain text for a <failure> or <system-out>."""
    lines = [f"{f.severity} {f.code} [RTS {clean(f.rts)}]: {clean(f.message)}"]
    if f.expected is not None:
        lines.append(f"expected: {json_text(f.expected)}")
    if f.found is not None:
        lines.append(f"found: {json_text(f.found)}")
    ev = f.evidence
    if ev is not None:
        where = ", ".join(x for x in (f"line {ev.line}" if ev.line else "", clean(ev.path) if ev.path else "") if x)
        lines.append(f"evidence{f' ({where})' if where else ''}: {clean(ev.text)}")
    return "\n".join(lines)
