"""Benchmark: extraction against a bare BeautifulSoup(html, "lxml") parse of the same bytes.

For every fixture page, in this process: the time to extract everything the page states
(decode, parse, read the drawing rules, payouts and odds), against the time BeautifulSoup
takes just to parse it. Goal: extraction costs at most 2x the bare parse.

    python benchmarks/extract.py
"""

from __future__ import annotations

import gc
import importlib
import pkgutil
import time
from pathlib import Path

from bs4 import BeautifulSoup

import auditor.extract as extraction
from auditor.extract import canonical, extract, language, lexicon

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _memos() -> list:  # type: ignore[type-arg]
    """Every memo the extractor keeps over page text, found in its modules (so that one added
    later is cleared too); not the lexicons, the canonical vocabulary, their compiled patterns
    and the language detector's profiles, which a process loads once, as it does its imports."""
    loaded = {lexicon.languages, lexicon.lexicon, lexicon._compiled, lexicon._word_order,
              canonical._vocabulary, canonical.pattern, language._factory}
    found = []
    for info in pkgutil.iter_modules(extraction.__path__):
        module = importlib.import_module(f"{extraction.__name__}.{info.name}")
        for fn in vars(module).values():
            if hasattr(fn, "cache_clear") and getattr(fn, "__module__", None) == module.__name__ \
                    and fn not in loaded:
                found.append(fn)
    return found


def clear_caches() -> None:
    """Forget what earlier runs memoised, so every run reads the pages afresh."""
    for fn in MEMOS:
        fn.cache_clear()


MEMOS = _memos()


def once(fn, pages) -> float:  # type: ignore[no-untyped-def]
    """One timed pass over the pages, from the same starting state: no memo, and no garbage
    left by the run before (a bare parse leaves cyclic trees, whose collection would otherwise
    be charged to whichever run happens to trigger it)."""
    clear_caches()
    gc.collect()
    start = time.perf_counter()
    for data in pages:
        fn(data)
    return time.perf_counter() - start


def best_of(fns, pages, repeat=7):  # type: ignore[no-untyped-def]
    """The best time of each function, their runs interleaved so that drift in the machine's
    speed falls on all of them alike."""
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            best[i] = min(best[i], once(fn, pages))
    return best


def main() -> None:
    pages = [p.read_bytes() for p in sorted(FIXTURES.glob("*.html"))]
    size = sum(len(p) for p in pages)
    extract(pages[0])  # warm up imports and caches
    bare, ours = best_of([lambda data: BeautifulSoup(data, "lxml"), extract], pages)
    print(f"{len(pages)} fixture pages, {size / 1024:.0f} KiB")
    print(f"bare BeautifulSoup(html, 'lxml') parse: {bare * 1000:.1f} ms ({bare / len(pages) * 1000:.2f} ms a page)")
    print(f"extraction:                            {ours * 1000:.1f} ms ({ours / len(pages) * 1000:.2f} ms a page)")
    print(f"ratio extraction / bare parse: {ours / bare:.2f}x (goal: at most 2x)")


if __name__ == "__main__":
    main()
