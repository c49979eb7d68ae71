"""The checks: one module per concern, each registering named checks that yield findings."""

from __future__ import annotations

from . import contradictions, drawing, odds, payouts  # noqa: F401 - importing registers them
from .registry import CHECKS, Check, Context

__all__ = ["CHECKS", "Check", "Context", "run_checks"]


def run_checks(ctx: Context) -> dict[str, list]:
    """Findings of every check, by check name (a check with none maps to [])."""
    return {c.name: list(c.run(ctx)) for c in CHECKS}
