"""The record of the bundled rulesets as last validated (rulesets/validated.sha256): current,
trusted only for the exact text it records, and never for another schema."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from auditor import RulesetError, load_ruleset
from auditor.ruleset import load

RECORD = load.bundled_dir() / load.VALIDATED


@pytest.fixture
def fresh(monkeypatch):
    """Forget what was loaded and read, before and after the test."""
    def clear() -> None:
        load._load_resolved.cache_clear()
        load._record.cache_clear()
    clear()
    yield monkeypatch
    clear()


@pytest.fixture
def copied(tmp_path, fresh):
    """A copy of the bundled rulesets and their record, standing in for the bundled ones."""
    folder = tmp_path / "rulesets"
    shutil.copytree(load.bundled_dir(), folder)
    fresh.setattr(load, "bundled_dir", lambda: folder)
    return folder


def test_the_record_is_current():
    """Every bundled ruleset is validated here; the record must say so for the files as they
    are. After changing a ruleset or the schema: UPDATE_GOLDEN=1 pytest tests/ruleset"""
    text = load.bundled_manifest()
    if os.environ.get("UPDATE_GOLDEN"):
        RECORD.write_text(text, encoding="utf-8", newline="")
    assert RECORD.read_text(encoding="utf-8") == text, \
        f"{RECORD} is out of date: run UPDATE_GOLDEN=1 pytest tests/ruleset and review it"


def test_bundled_rulesets_as_recorded_load_without_jsonschema():
    code = ("import sys\nfrom auditor.ruleset import load_all\n"
            "assert len(load_all()) == 4\nprint('jsonschema' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_a_bundled_file_changed_since_it_was_recorded_is_validated(copied):
    path = copied / "super-6.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "colour: green\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"super-6\.yaml: \(top level\): unknown key"):
        load_ruleset("super-6")
    assert load_ruleset("punto-banco").id == "punto-banco"


def test_a_variant_of_a_changed_parent_is_validated_resolved(copied):
    """punto-banco loses its Tie payout: each file alone is valid, but a variant resolved over it
    lacks a required key, and says so."""
    path = copied / "punto-banco.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text("\n".join(line for line in text.splitlines() if "tie_pays" not in line) + "\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"payouts\.tie_pays: required"):
        load_ruleset("super-6")


def test_a_record_made_for_another_schema_is_not_trusted(copied, monkeypatch):
    record = copied / load.VALIDATED
    record.write_text(record.read_text(encoding="utf-8").replace("  schema.json", "x  schema.json"),
                      encoding="utf-8")
    validated = []
    real = load._validate
    monkeypatch.setattr(load, "_validate", lambda data, path, **kw: validated.append(path.name) or real(data, path, **kw))
    load_ruleset("ez-baccarat")
    assert validated == ["ez-baccarat.yaml", "punto-banco.yaml", "ez-baccarat.yaml"]


def test_a_file_elsewhere_is_validated_even_with_a_bundled_files_text(tmp_path, fresh):
    mine = tmp_path / "punto-banco.yaml"
    shutil.copyfile(load.bundled_dir() / "punto-banco.yaml", mine)
    validated = []
    real = load._validate
    fresh.setattr(load, "_validate", lambda data, path, **kw: validated.append(path) or real(data, path, **kw))
    assert load_ruleset(str(mine)).id == "punto-banco"
    assert validated == [mine.resolve(), mine.resolve()]
