"""Collecting statements of one field from many places, and choosing between them."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from .document import Evidence
from .model import Conflict, Stated, compares


class Statements:
    """Values stated for named fields; the most structured source wins, first come first."""

    def __init__(self) -> None:
        self._by_field: dict[str, list[Stated[Any]]] = defaultdict(list)

    def add(self, field: str, value: Any, evidence: Evidence | None, rank: int) -> None:
        self._by_field[field].append(Stated(value, evidence, rank))

    def fields(self) -> list[str]:
        return list(self._by_field)

    def resolve(self, field: str, *, same: Any = None, prefer: Any = None) -> tuple[Stated[Any] | None, list[Conflict]]:
        """The kept statement and the conflicts with it. `same(a, b)` says when two values agree;
        `prefer(value)`, which of the statements of the highest rank comes first."""
        stated = sorted(self._by_field.get(field, []), key=lambda s: (-s.rank, not prefer(s.value) if prefer else 0))
        if not stated:
            return None, []
        kept = stated[0]
        agree = same or (lambda a, b: a == b)
        seen: list[Any] = []
        conflicts = []
        for other in stated[1:]:
            if not agree(kept.value, other.value) and not any(agree(v, other.value) for v in seen):
                seen.append(other.value)
                key = field.split(".", 1)[1] if "." in field else None
                compared = compares(kept.value, other, stated, agree)
                support = len({(s.evidence.line, s.evidence.path) for s in stated
                               if s.evidence is not None and agree(kept.value, s.value)})
                conflicts.append(Conflict(field.split(".", 1)[0], key, kept, other, support=support,
                                          compared=compared))
        return kept, conflicts
