"""Shared test data: the published figures of REFERENCE.md and the bundled rulesets."""

from __future__ import annotations

import pytest

from auditor import load_ruleset
from auditor.ruleset import Ruleset


@pytest.fixture(scope="session")
def standard() -> Ruleset:
    return load_ruleset("punto-banco")
