"""Benchmark: extraction against a bare BeautifulSoup(html, "lxml") parse of the same bytes.

For every fixture page, in this process: the time to extract everything the page states
(decode, parse, read the drawing rules, payouts and odds), against the time BeautifulSoup
takes just to parse it. Goal: extraction costs at most 2x the bare parse.

    python benchmarks/extract.py
"""

from __future__ import annotations

import time
from pathlib import Path

from bs4 import BeautifulSoup

from auditor.extract import clauses, document, extract, figures, numbers, payouts, vocabulary

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def clear_caches() -> None:
    """Forget what earlier runs memoised, so every run reads the pages afresh."""
    for fn in (numbers.normalize, numbers.values_in, numbers.words_to_digits, vocabulary.bets_in,
               vocabulary.ratios_in, payouts._assigned, clauses.read_sentence, clauses.actions,
               document.sentences, figures._kind):
        fn.cache_clear()


def best_of(fn, pages, repeat=5):  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeat):
        clear_caches()
        start = time.perf_counter()
        for data in pages:
            fn(data)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    pages = [p.read_bytes() for p in sorted(FIXTURES.glob("*.html"))]
    size = sum(len(p) for p in pages)
    extract(pages[0])  # warm up imports and caches
    bare = best_of(lambda data: BeautifulSoup(data, "lxml"), pages)
    ours = best_of(extract, pages)
    print(f"{len(pages)} fixture pages, {size / 1024:.0f} KiB")
    print(f"bare BeautifulSoup(html, 'lxml') parse: {bare * 1000:.1f} ms ({bare / len(pages) * 1000:.2f} ms a page)")
    print(f"extraction:                            {ours * 1000:.1f} ms ({ours / len(pages) * 1000:.2f} ms a page)")
    print(f"ratio extraction / bare parse: {ours / bare:.2f}x (goal: at most 2x)")


if __name__ == "__main__":
    main()
