"""Benchmark: auditing a batch of 2,000 pages, with one process and with two.

The pages are varied copies of the fixtures, written to a temporary directory: each gets a
different operator name and domain, its whitespace reshuffled, and one in three has a stated
percentage nudged (so some findings change too). The batch is audited through
`auditor.runner.audit_all`, as `rules-auditor audit DIR --jobs N` does, with 1 and then 2 jobs;
the same pages are also parsed by a bare `BeautifulSoup(html, "lxml")` in this process.

Printed: pages per second for each run, the speed-up of the second job, the per-page cost of an
audit against the bare parse, and peak memory (maximum resident set of this process and of the
worker processes). Goals: audit at most 3x the bare parse a page, 2 jobs at least 1.7x one job,
peak memory under 200 MB. The numbers are printed, not asserted.

    python benchmarks/batch.py [--pages N]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import sys
import tempfile
import time
from pathlib import Path

from bs4 import BeautifulSoup

from auditor.runner import audit_all
from auditor.sources import expand

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
BRANDS = ["Aurora", "Blue Heron", "Copperfield", "Duchess", "Emerald Isle", "Fortune Bay", "Granite", "Harbour",
          "Ivory Tower", "Jubilee", "Kestrel", "Lantern", "Marquee", "Northgate", "Orchid", "Pemberton"]
_TITLE = re.compile(r"<title>(.*?)</title>", re.IGNORECASE | re.DOTALL)
_DOMAIN = re.compile(r"\b([a-z0-9-]+)\.example\b")
_PERCENT = re.compile(r"(\d+)\.(\d\d)(\s*%)")
_GAP = re.compile(r">\s*<")


def vary(data: bytes, i: int, rng: random.Random) -> bytes:
    """A copy of a page as another operator might publish it."""
    encoding = "utf-16" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else "cp1252" if b"windows-1252" in data[:2048] \
        else "utf-8"
    text = data.decode(encoding, errors="surrogateescape" if encoding == "utf-8" else "strict")
    brand = f"{rng.choice(BRANDS)} {i}"
    text = _TITLE.sub(lambda m: f"<title>Baccarat rules | {brand} Casino</title>", text, count=1)
    text = _DOMAIN.sub(lambda m: f"{brand.lower().replace(' ', '-')}.example", text)
    text = _GAP.sub(lambda m: rng.choice([">\n<", "><", ">\n  <", ">  <", ">\r\n\t<"]), text)
    if i % 3 == 0:
        text = _PERCENT.sub(lambda m: f"{m.group(1)}.{(int(m.group(2)) + 1) % 100:02d}{m.group(3)}", text, count=1)
    return text.encode(encoding, errors="surrogateescape" if encoding == "utf-8" else "strict")


def generate(folder: Path, count: int) -> list[bytes]:
    rng = random.Random(20240601)
    bases = [p.read_bytes() for p in sorted(FIXTURES.glob("*.html"))]
    pages = []
    for i in range(count):
        data = vary(bases[i % len(bases)], i, rng)
        (folder / f"page-{i:05d}.html").write_bytes(data)
        pages.append(data)
    return pages


def timed_audit(folder: Path, jobs: int) -> tuple[float, int]:
    sources = expand([str(folder)])
    start = time.perf_counter()
    reports = 0
    for _ in audit_all(sources, None, jobs):
        reports += 1
    return time.perf_counter() - start, reports


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=2000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rules-auditor-batch-") as tmp:
        folder = Path(tmp)
        pages = generate(folder, args.pages)
        size = sum(len(p) for p in pages)
        print(f"{len(pages)} pages from {len(list(FIXTURES.glob('*.html')))} fixtures, {size / 1024 / 1024:.1f} MiB, "
              f"in {folder} ({os.cpu_count()} CPUs)")

        list(audit_all(expand([str(FIXTURES)]), None, 1))  # warm up imports, rulesets and the engine's cache

        start = time.perf_counter()
        for data in pages:
            BeautifulSoup(data, "lxml")
        bare = time.perf_counter() - start

        one, n1 = timed_audit(folder, 1)
        two, n2 = timed_audit(folder, 2)
        assert n1 == n2 == len(pages), (n1, n2)

    mb = 1024 if sys.platform != "darwin" else 1024 * 1024  # ru_maxrss: KiB on Linux, bytes on macOS
    self_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / mb
    child_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / mb
    n = len(pages)
    print(f"bare BeautifulSoup(html, 'lxml') parse: {bare:6.2f} s  {n / bare:7.1f} pages/s  "
          f"{bare / n * 1000:6.2f} ms a page")
    print(f"audit, 1 job:                          {one:6.2f} s  {n / one:7.1f} pages/s  {one / n * 1000:6.2f} ms a page")
    print(f"audit, 2 jobs:                         {two:6.2f} s  {n / two:7.1f} pages/s  {two / n * 1000:6.2f} ms a page")
    print(f"audit / bare parse, a page: {one / bare:.2f}x (goal: at most 3x)")
    print(f"speed-up of the second job: {one / two:.2f}x (goal: at least 1.7x)")
    print(f"peak memory: {self_peak:.0f} MB this process, {child_peak:.0f} MB the largest worker "
          f"(goal: under 200 MB)")


if __name__ == "__main__":
    main()
