"""Reading a page builds no reference cycles: what `extract` makes is freed by reference counts
alone, which is what lets it pause the cycle collector while it reads (auditor/extract)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from auditor.extract import extract

PAGES = sorted((Path(__file__).resolve().parents[2] / "fixtures").rglob("*.html"))[::20]


@pytest.fixture
def no_collector():
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    yield
    if enabled:
        gc.enable()


def test_reading_the_fixture_pages_leaves_no_cyclic_garbage(no_collector):
    left = {}
    for path in PAGES:
        extract(path.read_bytes())
        found = gc.collect()
        if found:
            left[path.name] = found
    assert left == {}


def test_the_collector_is_as_extraction_found_it():
    gc.enable()
    extract(b"<p>The Banker draws on 0-2.</p>")
    assert gc.isenabled()
    gc.disable()
    try:
        extract(b"<p>The Banker draws on 0-2.</p>")
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_page_that_fails_to_read_restores_the_collector():
    gc.enable()
    extract(b"\xff\xfe\x00\x00 not a page \x00")
    assert gc.isenabled()
