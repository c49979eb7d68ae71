"""Languages as data: one lexicon file per language (`lexicons/XX.yaml`), one reader for all.

As dateparser does, a page in another language is first rewritten into the canonical words
the reader knows ("Die Bank zieht bei 0 bis 2" -> "the Banker draws on 0 to 2"); the readers
in `clauses`, `drawing`, `payouts`, `figures` and the rest then read it whatever its language.
The canonical vocabulary lives in one data file, `canonical.yaml` (loaded by `canonical`):
the readers build their patterns from its named entries and spell no word themselves. Every
lexicon, English's too, maps a page's words into that vocabulary: phrases (whole words,
case-insensitive, longest first) to canonical phrases, by concept; it may also map the
single-letter symbols of drawing grids, and say that the language writes decimal commas
("1,06 %"). The canonical words are English ones, so English's lexicon is the identity: it
holds the symbols and the few phrases the reader does not know as they are.

Adding a language is adding its file here and its example corpus in `tests/extract/corpus/`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path

import yaml

from .. import lazy_re
from . import canonical
from .document import Document

LEXICONS = Path(__file__).resolve().parent / "lexicons"

#: The concepts a lexicon's `words` are grouped by. Every lexicon names the ones it needs;
#: the reader sees only the canonical phrases they map to.
CONCEPTS = (
    "hands", "third_card", "draw", "stand", "conditions", "numbers", "ranges", "natural",
    "payout", "commission", "tie", "settlement", "edge", "rtp", "probability", "decks", "side_bets",
    "games", "phrases",
)


class LexiconError(ValueError):
    """A lexicon file that is not as this module expects."""


@dataclass(frozen=True)
class Lexicon:
    language: str
    name: str
    words: dict[str, str]
    """Local phrase (a regular expression without capturing groups) -> canonical phrase."""
    numbers: dict[str, str]
    """Number words -> digits, rewritten first, so that phrases can look ahead for a digit."""
    symbols: dict[str, str]
    """A grid cell that holds only this symbol -> the canonical symbol ("Z" -> "D")."""
    decimal_comma: bool
    verb_first: tuple[str, ...] = ()
    """Verbs that open a condition when a clause starts with them and a hand follows
    ("Bliver Spilleren stående, ..." is "if the Player stands, ...")."""
    verb_second: bool = False
    """Whether the verb comes before its subject after an opening phrase ("Mit 3 Punkten zieht
    sie", "..., trækker Bankiren"): the reader is given subject and verb in its own order."""
    hands: tuple[str, ...] = ()
    """The language's phrases for the hands (the `hands` concept's keys)."""
    articles: tuple[str, ...] = ()
    """Articles that may stand before a hand in a clause that opens with its verb ("der")."""
    separable: tuple[tuple[str, str], ...] = ()
    """Verbs whose particle stands after their subject ("bleibt der Spieler stehen", "bliver
    Spilleren stående"): the reader is given the subject first and the verb whole ("der Spieler
    bleibt stehen"), for the lexicon's words to map."""

    @property
    def identity(self) -> bool:
        """Whether the reader can read the language's text as it is."""
        return not self.words and not self.numbers and not self.decimal_comma

    def translate(self, text: str) -> str:
        return _translate(self.language, text) if text else text


@cache
def languages() -> tuple[str, ...]:
    """The languages there is a lexicon for."""
    return tuple(sorted(p.stem for p in LEXICONS.glob("*.yaml")))


@cache
def lexicon(language: str) -> Lexicon:
    path = LEXICONS / f"{language}.yaml"
    if not path.is_file():
        raise LexiconError(f"no lexicon for language {language!r}")
    # Every scalar a string: "no", "on" and "null" are words here, not booleans or nothing.
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CBaseLoader", yaml.BaseLoader)) or {}
    where = path.name
    if data.get("language") != language:
        raise LexiconError(f"{where}: 'language' must be {language!r}")
    words: dict[str, str] = {}
    numbers: dict[str, str] = {}
    for concept, entries in (data.get("words") or {}).items():
        if concept not in CONCEPTS:
            raise LexiconError(f"{where}: words.{concept}: unknown concept (one of {', '.join(CONCEPTS)})")
        for local, canonical in (entries or {}).items():
            if not isinstance(canonical, str):
                raise LexiconError(f"{where}: words.{concept}.{local}: a phrase must map to a phrase")
            try:
                if re.compile(local).groups:
                    raise LexiconError(f"{where}: words.{concept}.{local}: no capturing groups (use (?:...))")
            except re.error as err:
                raise LexiconError(f"{where}: words.{concept}.{local}: {err}") from None
            (numbers if concept == "numbers" else words)[local.lower()] = str(canonical)
    hands = tuple(k.lower() for k in ((data.get("words") or {}).get("hands") or {}))
    order = data.get("word_order") or {}
    if not isinstance(order, dict) or set(order) - {"verb_first", "verb_second", "articles", "separable"}:
        raise LexiconError(f"{where}: word_order may hold verb_first, articles and separable (lists) and "
                           f"verb_second (true or false)")
    separable = order.get("separable") or []
    if not isinstance(separable, list) or not all(isinstance(v, str) and len(v.split()) == 2 for v in separable):
        raise LexiconError(f"{where}: word_order.separable must be a list of \"verb particle\" phrases")
    articles = order.get("articles") or []
    if not isinstance(articles, list):
        raise LexiconError(f"{where}: word_order.articles must be a list of words")
    verb_first = order.get("verb_first") or []
    if not isinstance(verb_first, list):
        raise LexiconError(f"{where}: word_order.verb_first must be a list of verbs")
    if order.get("verb_second", "false") not in ("true", "false"):
        raise LexiconError(f"{where}: word_order.verb_second must be true or false")
    if numbers:  # number words are rewritten first: a phrase that holds one is matched with its digit
        number = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, sorted(numbers, key=len, reverse=True))) + r")(?!\w)")
        words = {number.sub(lambda m: numbers[m.group(1)], k): v for k, v in words.items()}
    symbols = {str(k): str(v) for k, v in (data.get("symbols") or {}).items()}
    decimal_comma = data.get("decimal_comma", "false")
    if decimal_comma not in ("true", "false"):
        raise LexiconError(f"{where}: decimal_comma must be true or false")
    return Lexicon(language, str(data.get("name") or language), words, numbers, symbols, decimal_comma == "true",
                   tuple(str(v).lower() for v in verb_first), order.get("verb_second") == "true", hands,
                   tuple(str(a).lower() for a in articles),
                   tuple(tuple(v.lower().split()) for v in separable))  # type: ignore[misc]


@cache
def _compiled(language: str, part: str) -> tuple[re.Pattern[str] | None, tuple[str, ...]]:
    """One alternation of every phrase of `part` ("numbers" or "words"), longest first, and
    the canonical phrase of each group."""
    table: dict[str, str] = getattr(lexicon(language), part)
    if not table:
        return None, ()
    keys = sorted(table, key=lambda k: (-len(k), k))
    kept = _kept_names(table)
    # an elided word ("l'", "nell'") runs into the word after it: "nell'EZ" is "in the EZ"
    parts = [rf"(?<!\w)({k[:-1]}['’])" if k.endswith("'") else rf"(?<!\w)({k})(?!\w){_not_into(k, kept)}"
             for k in keys]
    return re.compile("|".join(parts), re.IGNORECASE), tuple(table[k] for k in keys)


_PLAIN_WORDS = re.compile(r"[^\W\d_]+(?: [^\W\d_]+)+")


def _kept_names(table: dict[str, str]) -> tuple[str, ...]:
    """The names of several words a lexicon keeps as they are ("punto banco": "punto banco"):
    a game's name, whose words are no hands."""
    return tuple(k for k, v in table.items() if k == v.lower() and _PLAIN_WORDS.fullmatch(k))


def _not_into(key: str, names: tuple[str, ...]) -> str:
    """A look-ahead that keeps `key` from taking the first words of a kept name ("del punto"
    must not take "Punto" out of "del Punto Banco")."""
    ahead = []
    for name in names:
        words = name.split()
        for i in range(1, len(words)):
            head = " ".join(words[:i])
            if key != name and (key == head or key.endswith(" " + head)):
                ahead.append(r"\s+" + r"\s+".join(map(re.escape, words[i:])) + r"(?!\w)")
    return f"(?!{'|'.join(ahead)})" if ahead else ""


# "1,06 %", "98,94%", "0,95 zu 1": a decimal comma; "0, 1, 2" and "1,2,3" are lists.
# An amount of money too: "20,00 €", "€ 20,00", "R$ 50,00".
_DECIMAL_COMMA = lazy_re.compile(r"(?<![\d,.])(\d{1,3}),(\d{1,4})(?![\d,])(?=\s*(?:%|\S*\s*(?:to|for|:)\s*1\b|pro|per"
                                 r"|[€£$]|(?:kr|eur|euros?|sek|dkk)\b))"
                                 r"|(?<![\d,.])0,(\d{1,4})(?![\d,])"
                                 r"|(?:(?<=[€£$])|(?<=[€£$]\s))(\d{1,3}),(\d{2})(?![\d,])")


def _hand(lex: Lexicon) -> str:
    """A hand in the language's words, or by its English name, as pages also write them, after
    an article where the language has them ("der Spieler")."""
    names = canonical.fragment("hand_names")
    named = re.compile(rf"(?:the )?(?:{names})(?:'s)?(?: hand)?")
    local = {k for k, v in lex.words.items() if named.fullmatch(v.lower())}  # every phrase for a hand
    hands = "|".join(sorted({*lex.hands, *local, *names.split("|")}, key=len, reverse=True))
    articles = "|".join(lex.articles)
    return rf"(?:(?:{articles})\s+)?(?:{hands})" if articles else f"(?:{hands})"


@cache
def _word_order(language: str) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None, re.Pattern[str] | None]:
    """A clause that opens with a verb and then a hand (a condition, in the language's own
    words); a separable verb split by its subject; and a canonical verb followed by its subject
    (once rewritten)."""
    lex = lexicon(language)
    first = split = None
    if lex.verb_first and lex.hands:
        verbs = "|".join(sorted(lex.verb_first, key=len, reverse=True))
        hand = _hand(lex)
        # (two hands joined by a word: "Står Spelaren eller Banken"; not a verb between them,
        # "Står Spelaren drar Banken": the condition's subject, then the main clause's verb)
        first = re.compile(rf"(?:^|(?<=[.!?:;•\n)])\s*)(?P<verb>{verbs})\s+"
                           rf"(?P<hand>{hand}(?:\s+(?!(?:{verbs})\b)\w+\s+{hand})?)(?!\w)", re.IGNORECASE)
    if lex.separable and lex.hands:
        hand = _hand(lex)
        verbs = "|".join(f"(?P<v{i}>{v})\\s+(?P<hand{i}>{hand})\\s+(?P<p{i}>{p})"
                         for i, (v, p) in enumerate(lex.separable))
        split = re.compile(rf"(?<!\w)(?:{verbs})(?!\w)", re.IGNORECASE)
    second = canonical.pattern("verb_before_subject", re.IGNORECASE) if lex.verb_second else None
    return first, split, second


def _joined(m: re.Match[str]) -> str:
    """"bliver Spilleren stående" -> "Spilleren bliver stående"."""
    i = next(k[1:] for k, v in m.groupdict().items() if v is not None and k[0] == "v")
    return f"{m.group('hand' + i)} {m.group('v' + i)} {m.group('p' + i)}"




@lru_cache(maxsize=32768)
def _translate(language: str, text: str) -> str:
    out = text
    first, split, second = _word_order(language)
    if first is not None:
        opens = canonical.fragment("condition_word")  # "Bliver Spilleren stående, ..." -> "If the player ..."
        out = first.sub(lambda m: f"{m.group(0)[:m.start('verb') - m.start()]}"
                                  f"{opens.capitalize() if m.group('verb')[:1].isupper() else opens} "
                                  f"{m.group('hand')} {m.group('verb').lower()}", out)
    if split is not None:
        out = split.sub(_joined, out)
    for part in ("numbers", "words"):
        out = _rewrite(language, part, out)
    if second is not None:
        out = second.sub(lambda m: f"{m.group('subject')} {m.group('verb')}", out)
    if lexicon(language).decimal_comma and "," in out:
        out = _DECIMAL_COMMA.sub(_decimal_point, out)
    return out


def _decimal_point(m: re.Match[str]) -> str:
    """A _DECIMAL_COMMA match written with a point: "1,06" -> "1.06", ",5" after "0" -> "0.5"."""
    whole, fraction = (m.group(1), m.group(2)) if m.group(1) else ("0", m.group(3)) if m.group(3) else m.group(4, 5)
    return f"{whole}.{fraction}"


def _rewrite(language: str, part: str, text: str) -> str:
    pattern, canonical = _compiled(language, part)
    if pattern is None:
        return text

    def sub(m: re.Match[str]) -> str:
        word = canonical[m.lastindex - 1]  # type: ignore[operator]
        if m.group(0)[-1:] in "'’" and text[m.end():m.end() + 1].isalnum():
            word += " "  # (an elided word's)
        before = text[max(0, m.start() - 4):m.start()].rstrip()
        starts = not before or before[-1] in ".!?:;\n•·-*(|"
        return word[:1].upper() + word[1:] if starts and m.group(0)[:1].isupper() else word

    return pattern.sub(sub, text)


def translate_document(doc: Document, language: str) -> Document:
    """The document with every text the readers see in canonical words (evidence keeps the
    page's own text)."""
    lex = lexicon(language)
    if lex.identity:
        return doc
    t = lex.translate
    blocks = [replace(b, text=t(b.text), context=tuple(map(t, b.context)), labels=tuple(map(t, b.labels)),
                      source_text=b.text) for b in doc.blocks]
    tables = [replace(tb, rows=[[replace(c, text=t(c.text), source_text=c.text) for c in row] for row in tb.rows],
                      context=tuple(map(t, tb.context)), intro=t(tb.intro)) for tb in doc.tables]
    images = [replace(i, alt=t(i.alt), around=t(i.around)) for i in doc.images]
    return Document(blocks, tables, images, doc.styles, doc.problem)


def symbols_in_cells(doc: Document, language: str | None) -> Document:
    """Grid cells that hold only one of the language's symbols ("Z", "S"), as the canonical
    symbol. Run after a page's own legend is spelled out: the page's word comes first."""
    symbols = lexicon(language).symbols if language else {}
    if not symbols:
        return doc
    for table in doc.tables:
        for row in table.rows:
            for cell in row:
                symbol = symbols.get(cell.text.strip())
                if symbol is not None:
                    cell.text = symbol
    return doc


__all__ = ["CONCEPTS", "LEXICONS", "Lexicon", "LexiconError", "languages", "lexicon", "symbols_in_cells",
           "translate_document"]
