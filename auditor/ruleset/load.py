"""Finding, reading, validating and resolving ruleset files.

Every ruleset is validated against the schema, except a bundled one whose text is exactly as it
was when it was last validated: `VALIDATED`, beside the bundled files, records the SHA-256 of
each (and of the schema) from that validation, so that starting the program need not load
jsonschema. A bundled file that differs from its record, or a record made for another schema,
is validated like any other file (`tests/ruleset/test_validated.py` keeps the record current).
"""

from __future__ import annotations

import hashlib
import json
import math
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import jsonschema

from ..engine import CardsDealt, DragonBonus, DrawingRules, HandWin, Pair, Payouts, SideBet
from .model import ExpectedEdges, Ruleset
from .yaml_loader import StrictYamlError, load_yaml

_PACKAGE_DIR = Path(__file__).resolve().parent.parent
_SCHEMA = Path(__file__).resolve().parent / "schema.json"
#: Where the bundled rulesets live: inside an installed wheel, or at the repository root.
_BUNDLED_DIRS = (_PACKAGE_DIR / "bundled_rulesets", _PACKAGE_DIR.parent / "rulesets")


class RulesetError(ValueError):
    """A ruleset that cannot be found, read or validated. The message names the file."""


def bundled_dir() -> Path:
    for d in _BUNDLED_DIRS:
        if d.is_dir():
            return d
    raise RulesetError("the bundled rulesets directory is missing from this installation")


def bundled_ids() -> list[str]:
    return sorted(p.stem for p in bundled_dir().glob("*.yaml"))


#: The record of the bundled rulesets as last validated: "SHA-256  file name" lines, one for
#: the schema (schema.json) and one for each ruleset file.
VALIDATED = "validated.sha256"


@cache
def _schema_text() -> str:
    return _SCHEMA.read_text("utf-8")


@cache
def _schema() -> dict[str, Any]:
    return json.loads(_schema_text())  # type: ignore[no-any-return]


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def bundled_manifest() -> str:
    """What `VALIDATED` must say for the bundled rulesets as they are now: each is validated
    here, on its own and resolved, whatever the record says (RulesetError if one is invalid)."""
    folder = bundled_dir().resolve()
    lines = [f"{_sha256(_schema_text())}  schema.json"]
    for path in sorted(folder.glob("*.yaml")):
        data, _ = _merged(path, (), trust_record=False)
        _validate(data, path, after_extends=True)
        _build(data, path)
        lines.append(f"{_sha256(path.read_text(encoding='utf-8'))}  {path.name}")
    return "\n".join(lines) + "\n"


@cache
def _record(folder: Path) -> dict[str, str]:
    """`VALIDATED` in `folder`, by file name; empty when there is none or it was made for
    another schema."""
    try:
        lines = (folder / VALIDATED).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return {}
    digests = {name: digest for digest, _, name in (line.partition("  ") for line in lines)}
    return digests if digests.get("schema.json") == _sha256(_schema_text()) else {}


def _as_validated(path: Path, text: str) -> bool:
    """Whether `text` is the bundled ruleset file `path` exactly as it was last validated."""
    try:
        folder = bundled_dir().resolve()
    except RulesetError:
        return False
    return path.parent == folder and _record(folder).get(path.name) == _sha256(text)


def load_ruleset(id_or_path: str | Path) -> Ruleset:
    """A ruleset by bundled id (`punto-banco`) or by path to a YAML file."""
    return _load_resolved(_locate(id_or_path))


def load_all() -> list[Ruleset]:
    return [load_ruleset(i) for i in bundled_ids()]


def _locate(id_or_path: str | Path, near: Path | None = None) -> Path:
    text = str(id_or_path)
    candidate = Path(text)
    if candidate.suffix in (".yaml", ".yml") or candidate.is_file() or "/" in text:
        if not candidate.is_file():
            raise RulesetError(f"{text}: no such ruleset file")
        return candidate.resolve()
    for folder in ([near] if near else []) + [bundled_dir()]:
        path = folder / f"{text}.yaml"
        if path.is_file():
            return path.resolve()
    known = ", ".join(bundled_ids())
    raise RulesetError(f"unknown ruleset {text!r} (known: {known}; or give a path to a .yaml file)")


@cache
def _load_resolved(path: Path) -> Ruleset:
    data, as_validated = _merged(path, ())
    if not as_validated:
        _validate(data, path, after_extends=True)
    return _build(data, path)


def _read(path: Path, trust_record: bool = True) -> tuple[dict[str, Any], bool]:
    """The file's data, and whether it is a bundled file as last validated (else it has just
    been validated)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise RulesetError(f"{path}: cannot read: {err}") from None
    as_validated = trust_record and _as_validated(path, text)
    try:
        data = load_yaml(text)
        data = _string_keys(data)
        if not as_validated:
            _validate(data, path, after_extends=False)
    except StrictYamlError as err:
        raise RulesetError(f"{path}: {err}") from None
    except RecursionError:
        raise RulesetError(f"{path}: nested too deeply") from None
    return data, as_validated


def _merged(path: Path, chain: tuple[Path, ...], trust_record: bool = True) -> tuple[dict[str, Any], bool]:
    """The file's data merged over what it extends, and whether every file of the chain is a
    bundled file as last validated."""
    if path in chain:
        cycle = " -> ".join(p.stem for p in (*chain, path))
        raise RulesetError(f"{chain[0]}: extends: a cycle ({cycle})")
    data, as_validated = _read(path, trust_record)
    parent_id = data.get("extends")
    if parent_id is None:
        return data, as_validated
    try:
        parent_path = _locate(parent_id, near=path.parent)
    except RulesetError as err:
        raise RulesetError(f"{path}: extends: {err}") from None
    parent, parent_as_validated = _merged(parent_path, (*chain, path), trust_record)
    parent.pop("expected_edges", None)  # each ruleset declares its own edges
    merged = _deep_merge(parent, data)
    merged["side_bets"] = {k: v for k, v in merged.get("side_bets", {}).items() if v is not None}
    return merged, as_validated and parent_as_validated


def _deep_merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def _string_keys(data: Any) -> Any:
    """YAML lets `3:` be an int key; rulesets key by strings so the schema can check them."""
    if isinstance(data, dict):
        return {str(k) if isinstance(k, int) and not isinstance(k, bool) else k: _string_keys(v)
                for k, v in data.items()}
    if isinstance(data, list):
        return [_string_keys(v) for v in data]
    return data


_REQUIRED_RESOLVED = ("name", "decks", "drawing", "payouts")
_REQUIRED_DRAWING = ("naturals", "player_draws", "banker_draws_player_stood", "banker_draws")
_REQUIRED_PAYOUTS = ("banker_commission", "tie_pays")


def _validate(data: Any, path: Path, *, after_extends: bool) -> None:
    if not isinstance(data, dict):
        raise RulesetError(f"{path}: a ruleset must be a mapping of keys to values")
    import jsonschema  # here: only a ruleset not known valid needs it

    validator = jsonschema.Draft202012Validator(_schema())
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is not None:
        where = ".".join(str(p) for p in error.absolute_path) or "(top level)"
        raise RulesetError(f"{path}: {where}: {_describe(error)}")
    bad = _not_finite(data)
    if bad is not None:
        where, value = bad
        raise RulesetError(f"{path}: {where or '(top level)'}: {value!r} is not a finite number")
    if after_extends:
        for key in _REQUIRED_RESOLVED:
            if key not in data:
                raise RulesetError(f"{path}: {key}: required (here or in the ruleset it extends)")
        for section, keys in (("drawing", _REQUIRED_DRAWING), ("payouts", _REQUIRED_PAYOUTS)):
            for key in keys:
                if key not in data[section]:
                    raise RulesetError(f"{path}: {section}.{key}: required")


def _not_finite(data: Any, where: str = "") -> tuple[str, float] | None:
    """The first NaN or infinity (YAML's .nan, .inf) in the data, with its key path."""
    if isinstance(data, float) and not math.isfinite(data):
        return where, data
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        found = _not_finite(value, f"{where}.{key}" if where else str(key))
        if found is not None:
            return found
    return None


def _describe(error: jsonschema.exceptions.ValidationError) -> str:
    if error.validator == "additionalProperties":
        return f"unknown key ({error.message.split('(')[-1].rstrip(')')})"
    if "propertyNames" in error.relative_schema_path:
        expected = error.schema.get("description") or f"a key matching {error.schema.get('pattern')}"
        return f"{error.instance!r} is not an allowed key (expected {expected})"
    if error.validator in ("minimum", "maximum"):
        return f"{error.instance!r} is out of range ({error.validator} {error.validator_value})"
    return error.message


def _fraction(x: float | int) -> Fraction:
    return Fraction(str(x))


def _side_bet(spec: dict[str, Any]) -> SideBet:
    pays = _fraction(spec.get("pays", 0))
    kind = spec["kind"]
    if kind == "pair":
        return Pair(hand=spec["hand"], pays=pays, suited=bool(spec.get("suited", False)))
    if kind == "hand_win":
        return HandWin(hand=spec["hand"], total=spec["total"], pays=pays, cards=spec.get("cards"))
    if kind == "cards_dealt":
        return CardsDealt(cards=frozenset(spec["cards"]), pays=pays)
    return DragonBonus(
        hand=spec["hand"],
        margins={int(k): _fraction(v) for k, v in spec["margins"].items()},
        natural_win=_fraction(spec.get("natural_win", 1)),
    )


def _build(data: dict[str, Any], path: Path) -> Ruleset:
    drawing = data["drawing"]
    payouts = data["payouts"]
    on_6 = payouts.get("banker_pays_on_6")
    return Ruleset(
        id=data["id"],
        name=data["name"],
        path=path,
        decks=data["decks"],
        extends=data.get("extends"),
        drawing=DrawingRules.build(
            naturals=drawing["naturals"],
            player_draws=drawing["player_draws"],
            banker_draws_player_stood=drawing["banker_draws_player_stood"],
            banker_draws={int(k): v for k, v in drawing["banker_draws"].items()},
        ),
        payouts=Payouts(
            banker_commission=_fraction(payouts["banker_commission"]),
            banker_pays_on_6=None if on_6 is None else _fraction(on_6),
            banker_three_card_7_push=bool(payouts.get("banker_three_card_7_push", False)),
            tie_pays=_fraction(payouts["tie_pays"]),
            main_bets_push_on_tie=bool(payouts.get("main_bets_push_on_tie", True)),
        ),
        side_bets={name: _side_bet(spec) for name, spec in data.get("side_bets", {}).items()},
        expected_edges=tuple(
            ExpectedEdges(decks=e["decks"], source=e["source"], edges=dict(e["edges"]))
            for e in data.get("expected_edges", [])
        ),
    )
