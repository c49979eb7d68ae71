"""Batches: how many processes by default, chunks that keep the order, and a worker that dies
or a ruleset that cannot be loaded costing only the reports it touches."""

from __future__ import annotations

import io
import os
import sys

import pytest

from auditor import runner
from auditor.cli import main
from auditor.sources import Source, expand

from .fixture_cases import FIXTURES

FILES = expand([str(FIXTURES)])


@pytest.mark.parametrize(("count", "jobs"), [(1, 1), (7, 1), (8, 6), (2000, 6)])
def test_one_process_for_a_few_sources_one_per_core_for_many(monkeypatch, count, jobs):
    monkeypatch.setattr(runner, "usable_cores", lambda: 6)
    assert runner.default_jobs(count) == jobs


def test_the_cores_are_those_this_process_may_run_on(monkeypatch):
    monkeypatch.delattr(os, "process_cpu_count", raising=False)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 3, 5}, raising=False)
    assert runner.usable_cores() == 3
    monkeypatch.setattr(os, "process_cpu_count", lambda: None, raising=False)
    assert runner.usable_cores() == 1


@pytest.mark.parametrize(("argv", "jobs"), [([str(FIXTURES)], 5), ([str(FILES[0].name)], 1),
                                            ([str(FIXTURES), "--jobs", "1"], 1), ([str(FILES[0].name), "--jobs", "3"], 3)])
def test_the_command_uses_the_default_unless_told(monkeypatch, capsys, argv, jobs):
    asked = []

    def audit_all(sources, ruleset, jobs, *args, **kwargs):
        asked.append(jobs)
        return iter(())

    monkeypatch.setattr(runner, "usable_cores", lambda: 5)
    monkeypatch.setattr(runner, "audit_all", audit_all)
    monkeypatch.chdir(FIXTURES)
    main(["audit", *argv, "--format", "json"])
    capsys.readouterr()
    assert asked == [jobs]


@pytest.mark.parametrize("count", [1, 2, 31, 32, 129, 2000])
def test_chunks_hold_every_source_once_in_order(count):
    sources = [Source(f"p{i}.html", "file") for i in range(count)]
    chunks = runner._chunks(sources, 2)
    assert [s for chunk in chunks for s in chunk] == sources
    assert all(1 <= len(c) <= runner._CHUNK for c in chunks)
    assert len(chunks) >= min(count, 2 * runner._AHEAD)  # enough to keep both workers busy


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the workers inherit the patch only when forked")
def test_a_worker_that_dies_costs_the_reports_of_its_chunk_not_the_batch(monkeypatch):
    monkeypatch.setattr(runner, "_audit_chunk", lambda *args: os._exit(1))
    reports = list(runner.audit_all(FILES[:40], None, 2))
    assert [r.source for r in reports] == [s.name for s in FILES[:40]]
    assert all(r.status == "error" and "the worker auditing it failed" in r.findings[0].message for r in reports)


def test_a_ruleset_that_cannot_load_is_reported_alike_with_one_job_and_two():
    one, two = (list(runner.audit_all(FILES[:3], "no-such-ruleset", jobs)) for jobs in (1, 2))
    assert [r.to_dict() for r in one] == [r.to_dict() for r in two]
    assert all(r.status == "error" and "no-such-ruleset" in r.findings[0].message for r in one)


def test_standard_input_is_read_by_the_parent_in_a_batch(monkeypatch):
    page = io.BytesIO(FIXTURES.joinpath("a-ds-grid-clean.html").read_bytes())
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(page))
    sources = [*FILES[:4], Source("-", "stdin"), *FILES[4:9]]
    reports = list(runner.audit_all(sources, None, 2))
    assert [r.source for r in reports] == [s.name for s in sources]
    assert reports[4].status == "ok" and reports[4].findings == []
