"""Benchmark: the command a user runs on a batch, `rules-auditor audit DIR --format json -o FILE
--jobs N`, with one job and with two, each as a fresh process.

The 2,000 pages are varied copies of the fixtures, written to a temporary directory, so that
they do not all repeat the same sentences (the extractor memoises what it read, and identical
copies would make that trivial): each copy gets its own operator name and domain, its
whitespace reshuffled, the sentences of a text run put in another order, lead-in wording
before some sentences ("Please note:", "At our tables,"), a stated percentage nudged in one
page in three, and one to three filler paragraphs of its own (promotions, reference numbers,
dates) that no other page holds.

Other load on the machine shows: each run is printed with the load average before it, and
the speed-up run by run (each pair of runs in turn). Each run is timed from outside (wall clock), after an untimed run of each that compiles the bytecode
(cached as after an install) and reads the pages into the page cache; its CPU time is the user + system time of the
command and its worker processes (`os.wait4`). Printed for each job count: every run's
seconds and CPU seconds, the median and range; then the speed-up of two jobs against one
(goal: at least 1.8x), the CPU time the second job adds, the per-page cost against a bare
`BeautifulSoup(html, "lxml")` parse in this process, and peak memory (largest process). Both
runs must give the same report. The numbers are printed, not asserted.

    python benchmarks/batch.py [--pages N] [--repeat R] [--jobs 1,2]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bs4 import BeautifulSoup
from common import cache_bytecode, command

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
BRANDS = ["Aurora", "Blue Heron", "Copperfield", "Duchess", "Emerald Isle", "Fortune Bay", "Granite", "Harbour",
          "Ivory Tower", "Jubilee", "Kestrel", "Lantern", "Marquee", "Northgate", "Orchid", "Pemberton"]
LEAD_INS = ["Please note: ", "At our tables, ", "As in every casino, ", "For clarity, ", "In this game, ",
            "Remember: ", "Under the house rules, "]
PERKS = ["Club Points", "loyalty stars", "free spins", "reward credits", "tournament tickets", "bonus chips"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
GAMES = ["Gilded Owl", "Midnight Reels", "Lucky Lantern", "Copper Crown", "Velvet Vault", "Harbour Lights"]
_TITLE = re.compile(r"<title>(.*?)</title>", re.IGNORECASE | re.DOTALL)
_DOMAIN = re.compile(r"\b([a-z0-9-]+)\.example\b")
_PERCENT = re.compile(r"(\d+)\.(\d\d)(\s*%)")
_GAP = re.compile(r">\s*<")
_TEXT_RUN = re.compile(r"(?<=>)([^<>]{40,})(?=<)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_BODY_END = re.compile(r"</(main|body)>", re.IGNORECASE)
_ENGLISH = re.compile(r"<html[^>]*\blang=\"en", re.IGNORECASE)


def filler(rng: random.Random, brand: str, english: bool) -> str:
    """A paragraph no other page holds: a promotion in English pages, reference numbers,
    versions and dates in any page (so it reads as no other language)."""
    ref = (f"{brand} · Ref. {rng.randrange(10000, 99999)}-{rng.randrange(10)} · "
           f"{rng.randrange(1, 29):02d}.{rng.randrange(1, 13):02d}.{rng.randrange(2019, 2027)} · "
           f"v{rng.randrange(1, 9)}.{rng.randrange(100)}")
    if not english:
        return f"<p>{ref}</p>"
    return (f"<p>Earn {rng.randrange(1, 40)} {rng.choice(PERKS)} per £{rng.randrange(5, 200)} wagered on "
            f"{rng.choice(DAYS)}s until {rng.randrange(1, 29)} {rng.choice(['May', 'June', 'July'])}; "
            f"{rng.choice(GAMES)} pays up to {rng.randrange(100, 5000)}x the stake this week. "
            f"Withdrawals over £{rng.randrange(500, 20000)} take {rng.randrange(2, 6)} working days. {ref}</p>")


def vary(data: bytes, i: int, rng: random.Random) -> bytes:
    """A copy of a page as another operator might publish it."""
    encoding = "utf-16" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else "cp1252" if b"windows-1252" in data[:2048] \
        else "utf-8"
    errors = "surrogateescape" if encoding == "utf-8" else "strict"
    text = data.decode(encoding, errors=errors)
    english = bool(_ENGLISH.search(text[:4096]))
    brand = f"{rng.choice(BRANDS)} {i}"
    text = _TITLE.sub(lambda m: f"<title>Baccarat rules | {brand} Casino</title>", text, count=1)
    text = _DOMAIN.sub(lambda m: f"{brand.lower().replace(' ', '-')}.example", text)
    text = _GAP.sub(lambda m: rng.choice([">\n<", "><", ">\n  <", ">  <", ">\r\n\t<"]), text)

    def reword(m: re.Match[str]) -> str:
        sentences = _SENTENCE_END.split(m.group(1))
        if len(sentences) > 1 and rng.random() < 0.5:
            rng.shuffle(sentences)
        if english:
            sentences = [rng.choice(LEAD_INS) + s[0].lower() + s[1:] if s[:1].isupper() and rng.random() < 0.3
                         else s for s in sentences]
        return " ".join(sentences)

    text = _TEXT_RUN.sub(reword, text)
    if i % 3 == 0:
        text = _PERCENT.sub(lambda m: f"{m.group(1)}.{(int(m.group(2)) + 1) % 100:02d}{m.group(3)}", text, count=1)
    extra = "".join(filler(rng, brand, english) for _ in range(rng.randrange(1, 4)))
    text, n = _BODY_END.subn(lambda m: extra + m.group(0), text, count=1)
    if not n:
        text += extra
    return text.encode(encoding, errors=errors)


def generate(folder: Path, count: int) -> list[bytes]:
    rng = random.Random(20240601)
    bases = [p.read_bytes() for p in sorted(FIXTURES.glob("*.html"))]
    pages = []
    for i in range(count):
        data = vary(bases[i % len(bases)], i, rng)
        (folder / f"page-{i:05d}.html").write_bytes(data)
        pages.append(data)
    return pages


def run_once(folder: Path, out: Path, jobs: int) -> tuple[float, float, float]:
    """One fresh `audit` process: (wall seconds, CPU seconds of it and its workers, peak MB)."""
    argv = [*command(), "audit", str(folder), "--format", "json", "-o", str(out), "--jobs", str(jobs)]
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} exited {proc.returncode}")
    mb = 1024 if sys.platform != "darwin" else 1024 * 1024  # ru_maxrss: KiB on Linux, bytes on macOS
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / mb


def summary(values: list[float]) -> str:
    return f"median {statistics.median(values):6.2f} (range {min(values):.2f}-{max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each job count (default: 3)")
    parser.add_argument("--jobs", default="1,2", help="job counts to run, the first is the baseline (default: 1,2)")
    args = parser.parse_args()
    counts = [int(j) for j in args.jobs.split(",")]
    with tempfile.TemporaryDirectory(prefix="rules-auditor-batch-") as tmp:
        cache_bytecode(str(Path(tmp) / "pyc"))
        folder = Path(tmp) / "pages"
        folder.mkdir()
        pages = generate(folder, args.pages)
        n = len(pages)
        size = sum(len(p) for p in pages)
        print(f"{n} pages varied from {len(list(FIXTURES.glob('*.html')))} fixtures, {size / 1024 / 1024:.1f} MiB "
              f"({os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}); command: {' '.join(command())}")

        start = time.perf_counter()
        for data in pages:
            BeautifulSoup(data, "lxml")
        bare = time.perf_counter() - start

        for jobs in counts:  # compiles the bytecode (what more jobs import too); reads the pages from disk
            run_once(folder, Path(tmp) / "warm-up.json", jobs)
        walls: dict[int, list[float]] = {j: [] for j in counts}
        cpus: dict[int, list[float]] = {j: [] for j in counts}
        loads: dict[int, list[float]] = {j: [] for j in counts}
        peak = 0.0
        outputs: dict[int, bytes] = {}
        for _ in range(args.repeat):  # interleaved, so a burst of other load hits every job count
            for jobs in counts:
                out = Path(tmp) / f"report-{jobs}.json"
                loads[jobs].append(os.getloadavg()[0])
                wall, cpu, rss = run_once(folder, out, jobs)
                walls[jobs].append(wall)
                cpus[jobs].append(cpu)
                peak = max(peak, rss)
                outputs[jobs] = out.read_bytes()
        same = len(set(outputs.values())) == 1

    for jobs in counts:
        w = walls[jobs]
        print(f"--jobs {jobs}: wall {summary(w)} s, {n / statistics.median(w):6.1f} pages/s; "
              f"CPU {summary(cpus[jobs])} s")
        print("    runs (wall s / CPU s, load average before): "
              + ", ".join(f"{x:.2f}/{c:.2f} ({a:.1f})" for x, c, a in zip(w, cpus[jobs], loads[jobs])))
    base = counts[0]
    for jobs in counts[1:]:
        ups = [a / b for a, b in zip(walls[base], walls[jobs])]
        extra = statistics.median(cpus[jobs]) / statistics.median(cpus[base]) - 1
        print(f"speed-up of --jobs {jobs} against --jobs {base}: median {statistics.median(walls[base]) / statistics.median(walls[jobs]):.2f}x "
              f"(run by run {min(ups):.2f}-{max(ups):.2f}x; goal for 2 jobs: at least 1.8x); "
              f"CPU time {extra:+.0%}")
    one = statistics.median(walls[base])
    print(f"bare BeautifulSoup(html, 'lxml') parse in this process: {bare:.2f} s, {bare / n * 1000:.2f} ms a page; "
          f"audit with --jobs {base}: {one / n * 1000:.2f} ms a page, {one / bare:.2f}x the bare parse")
    print(f"peak memory: {peak:.0f} MB (the largest process of any run; goal: under 200 MB)")
    print("reports of every job count identical: " + ("yes" if same else "NO"))


if __name__ == "__main__":
    main()
