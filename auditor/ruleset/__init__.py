"""Rulesets: YAML data, validated against the shipped schema, resolved through `extends`."""

from .check import EdgeCheck, check_ruleset
from .load import RulesetError, bundled_ids, load_all, load_ruleset
from .model import ExpectedEdges, Ruleset

__all__ = [
    "EdgeCheck",
    "ExpectedEdges",
    "Ruleset",
    "RulesetError",
    "bundled_ids",
    "check_ruleset",
    "load_all",
    "load_ruleset",
]
