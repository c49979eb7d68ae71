"""What a page states: each value with its evidence, and the conflicts between statements."""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Iterable
from typing import Any, Generic, TypeVar

from .document import Evidence

T = TypeVar("T")

#: The fields of SPEC's EXTRACTED, in order, and the extra fields this tool records.
FIELDS = (
    "decks", "naturals_stand", "player_draws_on", "banker_draws_player_stood", "banker_draws",
    "banker_rule_keyed_to_total", "draw_chart_image",
    "banker_commission", "banker_pays_on_6", "banker_three_card_7_push", "tie_pays",
    "tie_payout_wording", "main_bets_push_on_tie", "side_bets", "stated_edges",
    "stated_probabilities",
)
#: The fields that state what replaces the Banker's commission (a winning 6 paid at half, a
#: three-card 7 that pushes): a page that states one takes no commission.
COMMISSION_REPLACEMENTS = ("banker_pays_on_6", "banker_three_card_7_push")


@dataclass(frozen=True)
class Stated(Generic[T]):
    """One statement on the page."""

    value: T
    evidence: Evidence | None
    rank: int = 0
    """How structured its source is: 2 table, 1 list or definition, 0 prose."""
    explicit: bool = True
    """False when only implied (a row that says where the Banker draws implies where it stands)."""


def compares(kept: Any, other: Stated[Any], stated: Iterable[Stated[Any]], agree: Any) -> bool:
    """Whether the prose that states `other` also states `kept` (`agree(a, b)`: two values agree)."""
    here = other.evidence
    return other.rank == 0 and here is not None and any(
        agree(kept, s.value) and s.evidence is not None and (s.evidence.line, s.evidence.path) == (here.line, here.path)
        for s in stated)


@dataclass(frozen=True)
class Conflict:
    """The page states `field` (at `key`) two ways; `kept` is the one the extraction uses."""

    field: str
    key: str | None
    kept: Stated[Any]
    other: Stated[Any]
    support: int = 1
    """How many parts of the page (paragraphs, lists, tables) state the kept value."""
    compared: bool = False
    """The sentences that state `other` also state the kept value: they set this table's rule
    beside another's ("9 for 1, better than the 8 to 1 elsewhere"), which is no sure sign that
    the page contradicts itself (a table's row or cell that states both ways does)."""

    @property
    def row(self) -> str | None:
        """The drawing rule's row the conflict is in: the Banker total of a `banker_draws` key
        ("3/8": Banker 3, third card 8), the total of a Player rule's ("5")."""
        return self.key.split("/", 1)[0] if self.key else None

    @property
    def card(self) -> str | None:
        """The Player's third card of a `banker_draws` key ("3/8": 8); None elsewhere."""
        return self.key.split("/", 1)[1] if self.key and "/" in self.key else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "field": self.field,
            "key": self.key,
            "kept": _plain(self.kept.value),
            "other": _plain(self.other.value),
            "kept_evidence": self.kept.evidence.to_dict() if self.kept.evidence else None,
            "other_evidence": self.other.evidence.to_dict() if self.other.evidence else None,
        }


@dataclass(frozen=True)
class StatedFigure:
    """An edge, RTP or probability figure as stated: the bet, the figure as written, its kind."""

    bet: str
    text: str
    """The percentage as written, e.g. "98.94%"."""
    kind: str
    """"edge", "rtp" or "probability"."""
    evidence: Evidence | None
    doubt: str | None = None
    """Why the figure's bet or kind is not certain, when it is not."""
    payout_before: int | None = None
    """The "N to 1" its sentence names nearest before it, N of five or more ("at 8 to 1 (14.4%
    there)"): a figure may be that payout's, and not the page's own."""


@dataclass(frozen=True)
class PayoutExample:
    """A worked example: staking `stake` on `bet` and winning gives `amount`, read as `meaning`."""

    bet: str
    stake: float
    amount: float
    meaning: str
    """"profit" (winnings only) or "returned" (stake included)."""
    evidence: Evidence | None


@dataclass(frozen=True)
class Unread:
    """A rule-bearing part of the page that no reading used: what it is about and where."""

    topic: str
    """"drawing", "commission", "tie", "odds", "side_bets" or "decks"."""
    evidence: Evidence


@dataclass
class Extraction:
    """Everything read off one page. `values` holds SPEC's fields (None when not stated)."""

    values: dict[str, Any] = field(default_factory=lambda: dict.fromkeys(FIELDS))
    evidence: dict[str, Evidence | None] = field(default_factory=dict)
    """Evidence for each stated field; for `banker_draws` keyed `banker_draws.3` per row."""
    conflicts: list[Conflict] = field(default_factory=list)
    figures: list[StatedFigure] = field(default_factory=list)
    examples: list[PayoutExample] = field(default_factory=list)
    images: list[Evidence] = field(default_factory=list)
    """Images that look like a drawing chart."""
    problem: str | None = None
    """Why the page could not be read (it is nested too deeply); nothing else is then set."""
    language: str | None = None
    """ISO 639-1 code of the language the page was read in; None when it has no lexicon."""
    detected_language: str | None = None
    """The language the page's text is in, whether or not a lexicon exists for it."""
    uncertain: dict[str, str] = field(default_factory=dict)
    """Field (or `banker_draws.N` row, `stated_edges.BET`, `side_bets.NAME`) -> why its
    reading is not certain, naming where to look."""
    unread: list[Unread] = field(default_factory=list)
    """Rule-bearing parts of the page no reading used (coverage)."""
    sources: dict[str, int] = field(default_factory=dict)
    """Drawing-table cell (`player_draws_on/5`, `banker_draws.3/8`) -> how many independent
    parts of the page state the value kept for it."""
    scripted: str | None = None
    """Why the page looks built by scripts (its rules appear only once they run), or None."""
    rendered: str | None = None
    """The browser the page was rendered in (what was read is the DOM it settled on), or None."""

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def stated_twice(self, field: str, cells: Iterable[int]) -> bool:
        """Whether every one of these cells of a drawing rule (`player_draws_on`, or a Banker
        row `banker_draws.3`) is stated the same way in two independent parts of the page: a
        rule no known game has is then what the page says, not a misreading."""
        cells = list(cells)
        return bool(cells) and all(self.sources.get(f"{field}/{c}", 0) >= 2 for c in cells)

    def to_dict(self) -> dict[str, Any]:
        return {name: _plain(self.values[name]) for name in FIELDS}


def _plain(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
