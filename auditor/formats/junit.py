"""`--format junit`: JUnit XML for CI dashboards. One <testsuite> per page (named by its source),
one <testcase> per check, and one for each code no check produces (`source-unreadable`).

A check's certain findings at or above `--fail-on` (only new ones with `--fail-on-new`) make its
test case fail (one <failure> whose type is the code and whose text lists every such finding
with its evidence); other findings are reported as the test case's <system-out>. A finding that
needs review never fails a test case, even with `--strict`: it is listed in <system-out> as
needing review, with its doubt; waived findings are listed there too, with the reason. When a
page could not be read, its checks are skipped.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..codes import CODES
from ..report import TOOL, AuditRun, Finding, Gate, Report
from ._common import clean, json_text, one_line

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

    def render(self, run: AuditRun, *, fail_on: str, strict: bool = False, new_only: bool = False) -> str:
        gate = Gate(fail_on, False, new_only)  # review findings never fail a test case
        names, owner = case_plan()
        root = ET.Element("testsuites", {"name": clean(TOOL["name"])})
        totals = dict.fromkeys(("tests", "failures", "errors", "skipped"), 0)
        for i, report in enumerate(run.reports):
            suite = self.suite(i, report, names, owner, gate)
            for key in totals:
                totals[key] += int(suite.get(key, "0"))
            root.append(suite)
        for key, value in totals.items():
            root.set(key, str(value))
        ET.indent(root, space="  ")
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"

    def suite(self, index: int, report: Report, names: list[str], owner: dict[str, str],
              gate: Gate) -> ET.Element:
        source = one_line(report.source)
        suite = ET.Element("testsuite", {"name": source, "id": str(index)})
        props = ET.SubElement(suite, "properties")
        for key, value in (("status", report.status), ("ruleset", report.ruleset),
                           ("ruleset_reason", report.ruleset_reason), ("sha256", report.sha256),
                           ("error", report.error), ("fail_on", gate.level),
                           *((f"capture.{k}", v) for k, v in (report.capture or {}).items())):
            if value is not None:
                ET.SubElement(props, "property", {"name": clean(key), "value": one_line(value)})
        by_case: dict[str, list[tuple[Finding, str | None]]] = {name: [] for name in names}
        waived = [(w.finding, f"waived ({w.waiver.reason or w.waiver.origin})") for w in report.waived or ()]
        for f, note in [*((f, None) for f in report.sorted_findings()), *waived]:
            name = getattr(f, "check", None)
            if name not in by_case:
                name = owner.get(f.code, f.code)
            by_case.setdefault(name, []).append((f, note))
        failures = skipped = 0
        unreadable = report.status == "error"
        for name, entries in by_case.items():
            case = ET.SubElement(suite, "testcase", {"name": name, "classname": source})
            failing = [f for f, note in entries if note is None and gate.counts(f)]
            passing = [describe(f, note) for f, note in entries if note is not None or not gate.counts(f)]
            if failing:
                failures += 1
                codes = list(dict.fromkeys(f.code for f in failing))
                message = (one_line(failing[0].message) if len(failing) == 1
                           else f"{len(failing)} findings: " + " / ".join(one_line(f.message) for f in failing))
                failure = ET.SubElement(case, "failure", {"type": " ".join(codes), "message": message})
                failure.text = "\n\n".join(describe(f) for f in failing)
            elif unreadable and not entries:
                skipped += 1
                ET.SubElement(case, "skipped", {"message": _SKIPPED})
            if passing:
                out = ET.SubElement(case, "system-out")
                out.text = "\n\n".join(passing)
        suite.set("tests", str(len(by_case)))
        suite.set("failures", str(failures))
        suite.set("errors", "0")
        suite.set("skipped", str(skipped))
        return suite


def describe(f: Finding, note: str | None = None) -> str:
    """A finding in full, as plain text for a <failure> or <system-out>: led by `note` (waived)
    or by "needs review", and with its doubt, when it has either."""
    lead = f"{clean(note)}: " if note else "" if f.certain else "needs review: "
    lines = [f"{lead}{f.severity} {f.code} [RTS {clean(f.rts)}]: {clean(f.message)}"]
    if f.doubt:
        lines.append(f"doubt: {clean(f.doubt)}")
    if f.baseline:
        lines.append(f"baseline: {f.baseline}")
    if f.expected is not None:
        lines.append(f"expected: {json_text(f.expected)}")
    if f.found is not None:
        lines.append(f"found: {json_text(f.found)}")
    ev = f.evidence
    if ev is not None:
        where = ", ".join(x for x in (f"line {ev.line}" if ev.line else "", clean(ev.path) if ev.path else "") if x)
        lines.append(f"evidence{f' ({where})' if where else ''}: {clean(ev.text)}")
    return "\n".join(lines)
