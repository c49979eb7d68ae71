"""The checks: one module per concern, each registering named checks that yield findings."""

from __future__ import annotations

from dataclasses import replace

from ..report import Finding
from . import contradictions, drawing, language, odds, payouts  # noqa: F401 - importing registers them
from .registry import CHECKS, Check, Context

__all__ = ["CHECKS", "Check", "Context", "run_checks"]


def run_checks(ctx: Context) -> dict[str, list[Finding]]:
    """Findings of every check, by check name (a check with none maps to []); each finding
    names its check."""
    return {c.name: [replace(f, check=c.name) for f in c.run(ctx)] for c in CHECKS}
