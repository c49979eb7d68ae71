"""Benchmark: how long `rules-auditor audit PAGE` takes on one saved page, against what it cannot
avoid: starting Python with the HTML parser it reads pages with, plus the audit's own work.

Each figure is the median (and the fastest) of fresh processes, wall clock, run in turn:

- baseline: `python -c "import bs4, lxml.html"`;
- the audit's own work: in a process that has already imported everything an audit uses, the
  time to audit the page and render its text report, the first time (nothing memoised yet, as
  in the command: rulesets read and validated, the engine's tables built);
- the same work with the clock started before the audit's modules (and numpy) are imported, in a
  process that has imported only what the baseline does;
- the command: `rules-auditor audit PAGE` (text report to /dev/null);
- `python -c "import auditor"`.

Every process runs with its compiled bytecode cached, as after an install (here in a temporary
PYTHONPYCACHEPREFIX, so the source tree is left alone, even where PYTHONDONTWRITEBYTECODE is set).

Goal: the command within 1.5x (baseline + the audit's own work). Then the modules that cost the
command most to import (`python -X importtime`, each module's own time; the cumulative time of
each top-level package it loads). The numbers are printed, not asserted.

    python benchmarks/startup.py [PAGE] [--repeat N] [--top N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import cache_bytecode, command

PAGE = Path(__file__).resolve().parent.parent / "fixtures" / "a-ds-grid-clean.html"

#: Timed inside a fresh process once every module the audit uses is imported.
OWN_WORK = """
import sys, time
import auditor.pipeline, auditor.formats.text
from auditor.report import AuditRun
data = open(sys.argv[1], "rb").read()
start = time.perf_counter()
report = auditor.pipeline.audit_bytes(data, sys.argv[1])
auditor.formats.text.TextFormat().render(AuditRun([report]), fail_on="error")
print(time.perf_counter() - start)
"""

#: The same, with the clock started before the audit's own modules (and numpy) are imported: in
#: a process that has only what the baseline imports.
WORK_AND_IMPORTS = """
import sys, time
import bs4, lxml.html
start = time.perf_counter()
import auditor.pipeline, auditor.formats.text
from auditor.report import AuditRun
data = open(sys.argv[1], "rb").read()
report = auditor.pipeline.audit_bytes(data, sys.argv[1])
auditor.formats.text.TextFormat().render(AuditRun([report]), fail_on="error")
print(time.perf_counter() - start)
"""


def wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def import_times(argv: list[str]) -> tuple[list[tuple[int, str]], dict[str, int]]:
    """(each module's own import time in us, by module), (cumulative us of each top-level package
    imported directly by the program or by auditor), from `python -X importtime`."""
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1"}
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, check=False, text=True)
    own: list[tuple[int, str]] = []
    packages: dict[str, int] = {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line or "self [us]" in line:
            continue
        self_us, cumulative, name = line[len("import time:"):].split("|")
        module = name.strip()
        own.append((int(self_us), module))
        top = module.split(".")[0]
        if top != "auditor" and "." not in module:
            packages[top] = max(packages.get(top, 0), int(cumulative))
    return sorted(own, reverse=True), packages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("page", nargs="?", default=str(PAGE))
    parser.add_argument("--repeat", type=int, default=15, help="fresh processes for each figure (default: 15)")
    parser.add_argument("--top", type=int, default=12, help="import offenders to list (default: 12)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rules-auditor-pyc-") as pyc:
        cache_bytecode(pyc)
        run(args)


def run(args: argparse.Namespace) -> None:
    audit = [*command(), "audit", args.page]
    python = sys.executable
    for warm in (audit, [python, "-c", OWN_WORK, args.page]):  # compile, and read the files from disk, once
        subprocess.run(warm, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    measures = {
        "baseline: import bs4, lxml.html": lambda: wall([python, "-c", "import bs4, lxml.html"]),
        "the audit's own work": lambda: float(subprocess.run(
            [python, "-c", OWN_WORK, args.page], capture_output=True, text=True, check=True).stdout),
        "own work with the modules it needs": lambda: float(subprocess.run(
            [python, "-c", WORK_AND_IMPORTS, args.page], capture_output=True, text=True, check=True).stdout),
        "rules-auditor audit PAGE": lambda: wall(audit),
        "import auditor": lambda: wall([python, "-c", "import auditor"]),
    }
    rows: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(args.repeat):  # interleaved, so a burst of other load hits every figure alike
        for name, measure in measures.items():
            rows[name].append(measure())
    print(f"{args.page}; {args.repeat} fresh processes each ({os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.2f}); median, fastest and slowest")
    for name, values in rows.items():
        print(f"  {name:<34} {statistics.median(values) * 1000:6.0f} ms  "
              f"({min(values) * 1000:.0f}-{max(values) * 1000:.0f})")
    for what, pick in (("medians", statistics.median), ("fastest runs", min)):
        floor = pick(rows["baseline: import bs4, lxml.html"]) + pick(rows["the audit's own work"])
        ratio = pick(rows["rules-auditor audit PAGE"]) / floor
        print(f"command / (baseline + own work), {what}: {ratio:.2f}x (goal: at most 1.5x)")

    own, packages = import_times(audit)
    print(f"\nimports of `rules-auditor audit PAGE` (python -X importtime, one run), the {args.top} largest:")
    print("  own time of a module:        " + ", ".join(f"{m} {us / 1000:.1f} ms" for us, m in own[:args.top]))
    biggest = sorted(packages.items(), key=lambda kv: -kv[1])[:args.top]
    print("  packages, with what they load: " + ", ".join(f"{p} {us / 1000:.1f} ms" for p, us in biggest))


if __name__ == "__main__":
    main()
