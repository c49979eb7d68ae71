"""Auditing many sources: in order, optionally in several processes, one failure never
stopping the rest."""

from __future__ import annotations

import concurrent.futures as cf
import signal
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .pipeline import audit_bytes, unreadable
from .report import Report
from .sources import Source, pages


def audit_source(source: Source, ruleset: str | None, fetch_options: Any = None,
                 keep_fetched: bool = False) -> list[Report]:
    """Every page of one source, audited. Never raises: anything unexpected becomes a report.
    With `keep_fetched`, a URL's report carries the fetch behind it (`Report.fetched`)."""
    reports = []
    try:
        for page in pages(source, fetch_options):
            if page.data is None:
                report = unreadable(page.name, page.problem or "could not be read")
            else:
                try:
                    report = audit_bytes(page.data, page.name, ruleset, page.charset, page.rendered)
                except RecursionError:
                    report = unreadable(page.name, "the page is nested too deeply to read")
                except MemoryError:
                    report = unreadable(page.name, "the page is too large to read")
            report.capture = page.capture
            if keep_fetched:
                report.fetched = page.fetched
            reports.append(report)
    except Exception as err:  # noqa: BLE001 - one bad source must not stop a batch
        reports.append(unreadable(source.name, f"internal error while auditing: {err.__class__.__name__}: {err}"))
    return reports


def audit_all(sources: list[Source], ruleset: str | Path | None = None, jobs: int = 1,
              fetch_options: Any = None, progress: Callable[[int, Source, list[Report]], None] | None = None,
              keep_fetched: bool = False) -> Iterator[Report]:
    """Reports in the order of `sources`. With `jobs` > 1, sources are audited in that many
    processes, at most a few ahead of the one being written, so memory stays flat.
    `keep_fetched`: see `audit_source`."""
    rules = str(ruleset) if ruleset is not None else None
    if jobs <= 1 or len(sources) <= 1:
        for i, source in enumerate(sources):
            reports = audit_source(source, rules, fetch_options, keep_fetched)
            if progress:
                progress(i, source, reports)
            yield from reports
        return
    with cf.ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts) as pool:
        window: deque[tuple[Source, cf.Future[list[Report]]]] = deque()
        todo = iter(sources)
        done = 0
        try:
            for source in todo:
                window.append((source, pool.submit(audit_source, source, rules, fetch_options, keep_fetched)))
                if len(window) >= jobs * 4:
                    done = yield from _drain_one(window, done, progress)
            while window:
                done = yield from _drain_one(window, done, progress)
        except BaseException:
            _end_workers(pool)  # before shutdown, which forgets them
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _end_workers(pool: cf.ProcessPoolExecutor) -> None:
    """Stop the workers at once (Ctrl-C): one may be waiting on a page that never settles in a
    browser, which only its render timeout would end. A browser dies with its worker."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):  # no public way to reach them
        try:
            process.terminate()
        except (OSError, AttributeError):
            pass


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C reaches the whole process group, but only the parent acts on it (it
    cancels what is queued, ends the workers and leaves with one message)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _drain_one(window: deque, done: int, progress: Any) -> Iterator[Report]:  # type: ignore[type-arg]
    source, future = window.popleft()
    try:
        reports = future.result()
    except Exception as err:  # noqa: BLE001 - a worker that died
        reports = [unreadable(source.name, f"the worker auditing it failed: {err.__class__.__name__}")]
    if progress:
        progress(done, source, reports)
    yield from reports
    return done + 1
