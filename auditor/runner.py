"""Auditing many sources: in order, optionally in several processes, one failure never
stopping the rest."""

from __future__ import annotations

import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .pipeline import audit_bytes, prepare, unreadable
from .report import Report
from .sources import Source, pages

if TYPE_CHECKING:
    import concurrent.futures as cf


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


#: From this many sources on, a batch is worth starting processes for (`default_jobs`).
MANY_SOURCES = 8


def default_jobs(count: int) -> int:
    """Processes for `count` sources when none are asked for: one for each core this process may
    run on once there are `MANY_SOURCES` or more, else 1 (starting workers costs more than a
    few pages take)."""
    return usable_cores() if count >= MANY_SOURCES else 1


def usable_cores() -> int:
    """The cores this process may run on (its affinity mask, where the system has one)."""
    if hasattr(os, "process_cpu_count"):  # Python 3.13+
        cores = os.process_cpu_count()
    elif hasattr(os, "sched_getaffinity"):
        cores = len(os.sched_getaffinity(0))
    else:
        cores = os.cpu_count()
    return max(1, cores or 1)


def audit_all(sources: list[Source], ruleset: str | Path | None = None, jobs: int = 1,
              fetch_options: Any = None, progress: Callable[[int, Source, list[Report]], None] | None = None,
              keep_fetched: bool = False) -> Iterator[Report]:
    """Reports in the order of `sources`. With `jobs` > 1, sources are audited in that many
    processes, in chunks of a few sources, at most a few chunks ahead of the one being written,
    so memory stays flat. `keep_fetched`: see `audit_source`."""
    rules = str(ruleset) if ruleset is not None else None
    if jobs <= 1 or len(sources) <= 1:
        for i, source in enumerate(sources):
            reports = audit_source(source, rules, fetch_options, keep_fetched)
            if progress:
                progress(i, source, reports)
            yield from reports
        return
    try:  # once, here: forked workers inherit the tables instead of each building them
        prepare(rules)
    except Exception:  # noqa: BLE001, S110 - only a head start: each audit meets the same problem and reports it
        pass
    import concurrent.futures as cf  # here: a run of one process needs neither it nor multiprocessing
    import gc

    gc.freeze()  # the prepared tables: forked workers' collectors leave them (and their shared pages) alone

    chunks = _chunks(sources, jobs)
    with cf.ProcessPoolExecutor(max_workers=min(jobs, len(chunks)), mp_context=_start_method(),
                                initializer=_ignore_interrupts) as pool:
        window: deque[tuple[list[Source], cf.Future[list[list[Report]]]]] = deque()
        done = 0
        try:
            for chunk in chunks:
                window.append((chunk, _submit(pool, chunk, rules, fetch_options, keep_fetched)))
                if len(window) >= jobs * _AHEAD:
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


#: Chunks in flight per process: enough that no worker waits on the parent, few enough that
#: a slow page ahead in the order holds back little.
_AHEAD = 4
#: The most sources in one chunk: sending a page to a worker and its reports back costs far less
#: than auditing it, but not nothing; bigger chunks would leave one worker idle at the end.
_CHUNK = 16


def _chunks(sources: list[Source], jobs: int) -> list[list[Source]]:
    """Sources in order, cut into chunks: up to `_CHUNK` sources while many remain, fewer and
    fewer towards the end (1 each for a few), so that the workers finish together."""
    chunks = []
    start = 0
    while start < len(sources):
        size = max(1, min(_CHUNK, (len(sources) - start) // (jobs * _AHEAD * 2)))
        chunks.append(sources[start:start + size])
        start += size
    return chunks


def _submit(pool: cf.ProcessPoolExecutor, chunk: list[Source], *args: Any) -> cf.Future[list[list[Report]]]:
    """A chunk sent to a worker; one that reads standard input is audited here, in the parent,
    as a worker's standard input is not the parent's. Once a worker has died, the chunks not yet
    sent fail as those it held did."""
    import concurrent.futures as cf

    done: cf.Future[list[list[Report]]] = cf.Future()
    if any(source.kind == "stdin" for source in chunk):
        done.set_result(_audit_chunk(chunk, *args))
        return done
    try:
        return pool.submit(_audit_chunk, chunk, *args)
    except cf.BrokenExecutor as err:
        done.set_exception(err)
        return done


def _audit_chunk(chunk: list[Source], ruleset: str | None, fetch_options: Any,
                 keep_fetched: bool) -> list[list[Report]]:
    """In a worker: each source of a chunk, audited (see `audit_source`)."""
    return [audit_source(source, ruleset, fetch_options, keep_fetched) for source in chunk]


def _start_method() -> Any:
    """Fork where it is safe (Linux): workers start at once and share the parent's prepared
    tables and imported modules. Elsewhere the platform's default (spawn on macOS and Windows)."""
    if sys.platform.startswith("linux"):
        import multiprocessing

        return multiprocessing.get_context("fork")
    return None


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C reaches the whole process group, but only the parent acts on it (it
    cancels what is queued, ends the workers and leaves with one message). A worker the parent
    ends takes its browser with it, at once, rather than leaving it to notice the pipe close."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _end_worker)


def _end_worker(signum: int, frame: object) -> None:
    browser = sys.modules.get("auditor.render._browser")
    if browser is not None:
        browser.kill_session()
    os._exit(128 + signum)


def _drain_one(window: deque, done: int, progress: Any) -> Iterator[Report]:  # type: ignore[type-arg]
    chunk, future = window.popleft()
    try:
        results = future.result()
    except Exception as err:  # noqa: BLE001 - a worker that died
        results = [[unreadable(source.name, f"the worker auditing it failed: {err.__class__.__name__}")]
                   for source in chunk]
    for source, reports in zip(chunk, results):
        if progress:
            progress(done, source, reports)
        done += 1
        yield from reports
    return done
