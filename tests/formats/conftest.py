"""Shared data for the format tests: the hand-built runs of `samples`, the fixtures' run, and a
whole-output comparison against the files in golden/ (UPDATE_GOLDEN=1 rewrites them)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from auditor.report import TOOL, AuditRun

from . import samples

GOLDEN = Path(__file__).resolve().parent / "golden"
TEST_VERSION = "0.0.0+test"


@pytest.fixture(autouse=True)
def fixed_version(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole outputs name the tool's version: pin it so they do not change with each release."""
    monkeypatch.setitem(TOOL, "version", TEST_VERSION)


@pytest.fixture
def sample_run() -> AuditRun:
    return samples.sample_run()


@pytest.fixture
def hostile_run() -> AuditRun:
    return samples.hostile_run()


@pytest.fixture(scope="session")
def fixture_run() -> AuditRun:
    return samples.fixture_run()


@pytest.fixture
def golden():
    """Compare `text` with golden/NAME, or write it there when UPDATE_GOLDEN is set."""
    def compare(name: str, text: str) -> None:
        path = GOLDEN / name
        if os.environ.get("UPDATE_GOLDEN"):
            path.write_text(text, encoding="utf-8", newline="")
        assert path.exists(), f"no golden file {path}: run with UPDATE_GOLDEN=1 and review it"
        assert text == path.read_bytes().decode("utf-8"), f"output differs from {path}"
    return compare
