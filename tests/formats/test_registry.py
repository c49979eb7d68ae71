"""Every format of the contract is registered and reachable from `audit --format`."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from auditor import formats
from auditor.cli import main

FIXTURE = str(Path(__file__).resolve().parents[2] / "fixtures" / "a-wrong-cell-grid.html")


def test_the_six_formats():
    assert set(formats.FORMATS) == {"text", "json", "markdown", "html", "sarif", "junit"}
    for name, fmt in formats.FORMATS.items():
        assert fmt.name == name and fmt.suffix.startswith(".")
    with pytest.raises(KeyError, match="unknown format 'yaml'"):
        formats.get("yaml")


@pytest.mark.parametrize("name", sorted(formats.FORMATS))
def test_audit_writes_each_format(name, tmp_path, capsys):
    out = tmp_path / f"report{formats.get(name).suffix}"
    code = main(["audit", FIXTURE, "--format", name, "-o", str(out)])
    assert code == 1  # the page has errors
    text = out.read_text(encoding="utf-8")
    assert "a-wrong-cell-grid.html" in text
    if name in ("json", "sarif"):
        json.loads(text)
    if name == "junit":
        ET.fromstring(text.encode())
    assert main(["audit", FIXTURE, "--format", name, "--fail-on", "never", "-o", str(out)]) == 0
