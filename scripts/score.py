"""Score the auditor on a folder of pages with expected files (a blind round, or fixtures/).

    python scripts/score.py DIR [DIR...] [-v]

Prints, over all pages: fields right; fields not marked uncertain that are right; certain
error findings that are right; must-report findings found (certain or review); pages with a
review finding; the language told right. `-v` lists every miss.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import yaml

from auditor.codes import get
from auditor.pipeline import audit_bytes


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    dirs = [Path(a) for a in argv if a != "-v"]
    pages = sorted(p for d in dirs for p in d.glob("*.html") if p.with_suffix(".expected.yaml").exists()
                   or p.with_name(p.stem + ".expected.yaml").exists())
    t = Counter()
    for page in pages:
        want = yaml.safe_load(page.with_name(page.stem + ".expected.yaml").read_text(encoding="utf-8"))
        report = audit_bytes(page.read_bytes(), page.name)
        got = report.extracted or {}
        misses = []
        for name, value in (want.get("extracted") or {}).items():
            if name not in got:
                continue
            t["fields"] += 1
            right = _same(got[name], value)
            t["fields_right"] += right
            if name not in report.uncertain:
                t["sure_fields"] += 1
                t["sure_right"] += right
            if not right:
                misses.append(f"  field {name}: got {got[name]!r}, want {value!r}"
                              + (" (uncertain)" if name in report.uncertain else ""))
        expected = Counter(want.get("findings") or []) + Counter(want.get("review") or [])
        engine_decides = "depends on engine" in page.with_name(page.stem + ".expected.yaml").read_text(encoding="utf-8")
        certain_errors = Counter(f.code for f in report.findings if f.certain and get(f.code).severity == "error")
        everything = Counter(f.code for f in report.findings)
        if engine_decides:  # the writer left whether a stated edge diverges to the engine
            expected["edge-divergent"] = everything["edge-divergent"]
            expected += Counter()
        right_errors = certain_errors & expected
        t["certain_errors"] += sum(certain_errors.values())
        t["certain_errors_right"] += sum(right_errors.values())
        t["must"] += sum(expected.values())
        t["must_found"] += sum((expected & everything).values())
        reviews = [f for f in report.findings if not f.certain]
        t["pages"] += 1
        t["pages_review"] += bool(reviews)
        lang = want.get("language")
        if lang:
            t["languages"] += 1
            t["language_right"] += report.language == lang or (report.language is None and False)
            if report.language != lang:
                misses.append(f"  language: got {report.language!r}, want {lang!r}")
        clean = not [c for c in expected if get(c).severity == "error"]
        t["clean_pages"] += clean
        t["clean_failed"] += clean and bool(certain_errors)
        for code in (certain_errors - expected):
            misses.append(f"  wrong certain error: {code}")
        for code in (expected - everything):
            misses.append(f"  missed: {code}")
        for f in reviews:
            misses.append(f"  review {f.code}: {f.doubt}")
        if verbose and misses:
            print(page.name)
            print("\n".join(misses))
    def pct(a: str, b: str) -> str:
        return f"{t[a]}/{t[b]} ({100 * t[a] / t[b]:.1f}%)" if t[b] else "n/a"
    print(f"pages: {t['pages']}")
    print(f"fields right: {pct('fields_right', 'fields')}")
    print(f"fields not marked uncertain that are right: {pct('sure_right', 'sure_fields')}")
    print(f"certain error findings that are right: {pct('certain_errors_right', 'certain_errors')}")
    print(f"must-report findings found (certain or review): {pct('must_found', 'must')}")
    print(f"pages with a review finding: {pct('pages_review', 'pages')}")
    print(f"clean pages failed (a wrong certain error): {t['clean_failed']}/{t['clean_pages']}")
    print(f"language right: {pct('language_right', 'languages')}")
    return 0


def _same(a, b) -> bool:  # type: ignore[no-untyped-def]
    if isinstance(a, dict) and isinstance(b, dict):
        return {str(k): v for k, v in a.items()} == {str(k): v for k, v in b.items()} if a and b else a == b
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and abs(float(a) - float(b)) < 1e-9
    return a == b


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
