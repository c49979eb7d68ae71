"""Score the auditor on folders of pages with expected files (a blind round, or fixtures/):
the figures each blind round reports, and that tests/test_blind_rounds.py holds floors for.

    python -m tests.scoring DIR [DIR...] [-v]

Prints, over all pages: fields right; fields not marked uncertain that are right; certain
error findings that are right; must-report findings found (certain or review); pages with a
review finding; clean pages failed; the language told right. `-v` lists every miss.

A writer who leaves whether a stated edge diverges to the engine (an expected file that says
"depends on engine") is taken at the engine's word for `edge-divergent`.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import yaml

from auditor.codes import get
from auditor.pipeline import audit_bytes


def score(dirs: list[Path], verbose: bool = False) -> Counter:
    """The counts behind the figures, over every page with an expected file in `dirs`."""
    pages = sorted(p for d in dirs for p in d.glob("*.html") if _expected_path(p).exists())
    t: Counter = Counter()
    for page in pages:
        raw = _expected_path(page).read_text(encoding="utf-8")
        want = yaml.safe_load(raw)
        report = audit_bytes(page.read_bytes(), page.name)
        got = report.extracted or {}
        misses = []
        for name, value in (want.get("extracted") or {}).items():
            if name not in got:
                continue
            right = _same(got[name], value)
            t["fields"] += 1
            t["fields_right"] += right
            if name not in report.uncertain:
                t["sure_fields"] += 1
                t["sure_right"] += right
            if not right:
                misses.append(f"  field {name}: got {got[name]!r}, want {value!r}"
                              + (" (uncertain)" if name in report.uncertain else ""))
        expected = Counter(want.get("findings") or []) + Counter(want.get("review") or [])
        everything = Counter(f.code for f in report.findings)
        if "depends on engine" in raw:
            expected["edge-divergent"] = everything["edge-divergent"]
            expected += Counter()  # drop zero counts
        certain_errors = Counter(f.code for f in report.findings if f.certain and get(f.code).severity == "error")
        t["certain_errors"] += sum(certain_errors.values())
        t["certain_errors_right"] += sum((certain_errors & expected).values())
        t["must"] += sum(expected.values())
        t["must_found"] += sum((expected & everything).values())
        reviews = [f for f in report.findings if not f.certain]
        t["pages"] += 1
        t["pages_review"] += bool(reviews)
        if want.get("language"):
            t["languages"] += 1
            t["language_right"] += report.language == want["language"] or (
                report.language is None and any(f.code == "language-unsupported" for f in report.findings))
            if report.language != want["language"]:
                misses.append(f"  language: got {report.language!r}, want {want['language']!r}")
        clean = not [c for c in expected if get(c).severity == "error"]
        t["clean_pages"] += clean
        t["clean_failed"] += clean and bool(certain_errors)
        misses += [f"  wrong certain error: {code}" for code in certain_errors - expected]
        misses += [f"  missed: {code}" for code in expected - everything]
        misses += [f"  review {f.code}: {f.doubt}" for f in reviews]
        if verbose and misses:
            print(page.name)
            print("\n".join(misses))
    return t


def summary(t: Counter) -> str:
    def pct(a: str, b: str) -> str:
        return f"{t[a]}/{t[b]} ({100 * t[a] / t[b]:.1f}%)" if t[b] else "n/a"
    return "\n".join([
        f"pages: {t['pages']}",
        f"fields right: {pct('fields_right', 'fields')}",
        f"fields not marked uncertain that are right: {pct('sure_right', 'sure_fields')}",
        f"certain error findings that are right: {pct('certain_errors_right', 'certain_errors')}",
        f"must-report findings found (certain or review): {pct('must_found', 'must')}",
        f"pages with a review finding: {pct('pages_review', 'pages')}",
        f"clean pages failed (a wrong certain error): {t['clean_failed']}/{t['clean_pages']}",
        f"language right: {pct('language_right', 'languages')}",
    ])


def _expected_path(page: Path) -> Path:
    return page.with_name(page.stem + ".expected.yaml")


def _same(a: object, b: object) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return {str(k): v for k, v in a.items()} == {str(k): v for k, v in b.items()}
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and abs(float(a) - float(b)) < 1e-9  # type: ignore[arg-type]
    return a == b


if __name__ == "__main__":
    args = sys.argv[1:]
    print(summary(score([Path(a) for a in args if a != "-v"], "-v" in args)))
