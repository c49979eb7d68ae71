"""The page states one rule two ways."""

from __future__ import annotations

from collections.abc import Iterator

from ..report import Finding
from .registry import Context, check

_RTS = {"banker_draws": "3A", "player_draws_on": "3A", "banker_draws_player_stood": "3A", "naturals_stand": "3A",
        "decks": "3C", "stated_edges": "3C", "stated_probabilities": "3C"}


@check("contradictions", "contradiction")
def contradictions(ctx: Context) -> Iterator[Finding]:
    """No rule may be stated with two different values."""
    groups: dict[tuple[str, str | None], list] = {}
    for conflict in ctx.extraction.conflicts:
        key = conflict.row if conflict.field == "banker_draws" else conflict.key
        groups.setdefault((conflict.field, key), []).append(conflict)
    for (field, key), conflicts in groups.items():
        first = conflicts[0]
        what = f"{field} (Banker {key})" if field == "banker_draws" else field if key is None else f"{field}.{key}"
        where = first.other.evidence.text if first.other.evidence else "elsewhere"
        if field == "banker_draws":
            cells = ", ".join(sorted({c.card for c in conflicts if c.card is not None}, key=int))
            kept = "draw" if first.kept.value else "stand"
            message = (f"The page states Banker {key} two ways: where the Player's third card is {cells}, one "
                       f"statement has the Banker {kept}, another the opposite (\"{where[:120]}\").")
        else:
            message = (f"The page states {what} as {first.kept.value!r} and also as {first.other.value!r} "
                       f"(\"{where[:120]}\"); the more structured statement, {first.kept.value!r}, is used.")
        yield Finding("contradiction", message, expected=None,
                      found=[first.kept.value, first.other.value],
                      evidence=first.kept.evidence, rts=_RTS.get(field, "3D"),
                      rests_on=(field, f"conflict.{field}") if key is None else (f"{field}.{key}", f"conflict.{field}.{key}"))

