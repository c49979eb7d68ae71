"""The bundled fixtures and their expected files, for parametrized tests."""

from __future__ import annotations

from pathlib import Path

import yaml

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def cases() -> list[str]:
    return sorted(p.stem for p in FIXTURES.glob("*.html"))


def page(name: str) -> bytes:
    return (FIXTURES / f"{name}.html").read_bytes()


def expected(name: str) -> dict:
    return yaml.safe_load((FIXTURES / f"{name}.expected.yaml").read_text(encoding="utf-8"))
