"""What starting the program loads: the public names work, and a module is imported only by the
command that uses it (checked in a fresh interpreter, by what is in sys.modules)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from .fixture_cases import FIXTURES

PAGE = str(FIXTURES / "a-ds-grid-clean.html")
HEAVY = ("numpy", "jinja2", "jsonschema", "requests", "urllib3", "rich", "warcio", "yaml", "lxml")


def loaded_after(code: str, *modules: str) -> list[str]:
    """Which of `modules` a fresh interpreter has imported once it ran `code`."""
    probe = f"{code}\nimport sys, json\nprint(json.dumps([m for m in {list(modules)!r} if m in sys.modules]))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                          env={**os.environ, "COLUMNS": "80"})
    return json.loads(done.stdout.splitlines()[-1])


def test_import_auditor_loads_none_of_the_heavy_libraries():
    assert loaded_after("import auditor", *HEAVY, "auditor.pipeline", "auditor.formats") == []


def test_the_public_names_are_there_when_asked_for():
    code = ("import auditor\n"
            "assert auditor.load_ruleset('super-6').id == 'super-6'\n"
            "assert auditor.odds(decks=1).to_dict()['total'] == 14_658_134_400\n"
            f"assert auditor.audit({PAGE!r}).status == 'ok'\n"
            f"assert auditor.audit_many([{PAGE!r}]).reports[0].findings == []\n"
            "assert {'Report', 'AuditRun', 'Finding', 'Ruleset', 'RulesetError', 'OddsReport'} <= set(dir(auditor))")
    assert loaded_after(code, "numpy") == ["numpy"]


def test_auditing_a_saved_page_loads_no_fetcher_archive_reader_template_terminal_or_schema_library(tmp_path):
    code = f"from auditor.cli import main\nmain(['audit', {PAGE!r}, '-o', {str(tmp_path / 'r.txt')!r}])"
    assert loaded_after(code, "requests", "urllib3", "warcio", "jinja2", "rich", "jsonschema", "auditor.fetch",
                        "multiprocessing", "auditor.formats.html", "auditor.formats.sarif") == []


def test_auditing_a_page_to_stdout_loads_nothing_only_writing_files_or_misspelt_codes_need():
    code = f"from auditor.cli import main\nmain(['audit', {PAGE!r}])"
    assert loaded_after(code, "tempfile", "secrets", "difflib", "importlib.resources", "zipfile") == []


def test_a_format_is_loaded_when_it_is_asked_for():
    code = "from auditor import formats\nnames = sorted(formats.FORMATS)"
    assert loaded_after(code, "jinja2", "auditor.formats.html") == []
    assert loaded_after(code + "\nformats.get('html')", "jinja2", "auditor.formats.html") == \
        ["jinja2", "auditor.formats.html"]


def test_the_command_keeps_blas_to_one_thread_unless_told_otherwise():
    code = "import os, sys\nfrom auditor.cli import main\nmain(['rulesets'])\nprint(os.environ['OPENBLAS_NUM_THREADS'])"
    for env, expected in (({}, "1"), ({"OPENBLAS_NUM_THREADS": "4"}, "4")):
        base = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                              env={**base, **env})
        assert done.stdout.splitlines()[-1] == expected
    assert loaded_after("import auditor.cli", "numpy") == []  # so the setting is made before numpy reads it
