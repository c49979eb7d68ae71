"""The JSON Schema (draft 2020-12) of `--format json`, shipped with the package, and a validator.

    >>> from auditor.schema import validate_report
    >>> validate_report(json.loads(text))   # raises ReportSchemaError naming every problem
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import jsonschema

SCHEMA_FILE = "report.schema.json"


class ReportSchemaError(ValueError):
    """The data is not a valid report; `problems` lists each as "at PATH: what is wrong"."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(f"not a valid rules-auditor report: {problems[0]}{more}")


@cache
def report_schema() -> dict[str, Any]:
    """The schema itself, as loaded from the package."""
    text = (resources.files(__name__) / SCHEMA_FILE).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator() -> jsonschema.Draft202012Validator:
    schema = report_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


def report_problems(data: Any) -> list[str]:
    """Every way `data` (a parsed `--format json` document) departs from the schema, in document
    order; empty when it is valid."""
    errors = sorted(_validator().iter_errors(data), key=lambda e: [(0, p, "") if isinstance(p, int) else (1, 0, str(p))
                                                                   for p in e.absolute_path])
    return [f"at {_where(e.absolute_path)}: {e.message}" for e in errors]


def validate_report(data: Any) -> None:
    """Raise ReportSchemaError unless `data` is a valid `--format json` document."""
    problems = report_problems(data)
    if problems:
        raise ReportSchemaError(problems)


def _where(path: Any) -> str:
    parts = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
    return "$" + parts


__all__ = ["ReportSchemaError", "report_problems", "report_schema", "validate_report"]
