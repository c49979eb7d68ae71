"""What the hostile-input tests share: the good page audited beside each bad input, the command
line run in a child process with a time limit, and the checks every report must pass."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from auditor.formats.json import JsonFormat
from auditor.report import AuditRun
from auditor.schema import validate_report

from ..fixture_cases import FIXTURES, expected

GOOD_NAME = "a-ds-grid-clean"
GOOD = FIXTURES / f"{GOOD_NAME}.html"
"""A page with no findings at all: beside any bad input it must still come out clean."""
GOOD_EXPECTED = expected(GOOD_NAME)
REPO = Path(__file__).resolve().parents[2]
LIMIT = 20.0
"""Seconds any one hostile input may take, start-up included (CI has two cores)."""


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str
    seconds: float

    def json(self) -> dict:
        data = json.loads(self.stdout)
        validate_report(data)
        return data


def cli(*args: object, timeout: float = 60, cwd: Path | None = None, stdin: bytes | None = None) -> Run:
    """`rules-auditor ARGS` in a child process (so a hang cannot stall the suite), timed."""
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "auditor", *map(str, args)], capture_output=True, timeout=timeout,
                          check=False, cwd=cwd or REPO, input=stdin, env={**os.environ, "COLUMNS": "120"})
    return Run(done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace"),
               time.monotonic() - start)


def as_json(run: AuditRun) -> dict:
    """The run as `--format json` prints it, checked against the report schema."""
    data = json.loads(JsonFormat().render(run, fail_on="error"))
    validate_report(data)
    return data


def assert_good(report: dict) -> None:
    """The good page's report: read in full, judged against punto-banco, no findings."""
    assert report["source"].endswith(GOOD.name)
    assert report["status"] == "ok"
    assert report["ruleset"] == GOOD_EXPECTED["ruleset"]
    assert report["extracted"] == GOOD_EXPECTED["extracted"]
    assert report["findings"] == []


def assert_unreadable(report: dict, source: str, problem: str) -> None:
    """Status "error" with one `source-unreadable` finding whose one-line message names the
    source and says why."""
    assert report["status"] == "error"
    assert report["source"] == source
    assert report["extracted"] is None and report["ruleset"] is None
    [finding] = report["findings"]
    assert finding["code"] == "source-unreadable" and finding["severity"] == "error"
    assert finding["message"] == f"{source}: {problem}"
    assert "\n" not in finding["message"]


def assert_nothing_extracted(report: dict) -> None:
    """Read, but nothing on it is a rule: every extracted field is null."""
    assert report["status"] == "ok"
    assert {k: v for k, v in report["extracted"].items() if v is not None} == {}
    assert "draw-table-missing" in {f["code"] for f in report["findings"]}
