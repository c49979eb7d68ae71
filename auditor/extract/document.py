"""A page as the extractor reads it: text blocks with their context, tables as grids, images.

Everything keeps its evidence: the text, the source line and an XPath. Scripts, styles and
page furniture (navigation, cookie banners, promotions) are left out before anything is read.
"""

from __future__ import annotations

import re
from functools import lru_cache
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from collections.abc import Callable
from typing import Any

Element = Any  # an lxml.etree element

import lxml.etree

from .. import lazy_re
from . import canonical, literals
from .layout import rebuild

BLOCK_TAGS = frozenset(
    "p li dd dt td th h1 h2 h3 h4 h5 h6 caption blockquote pre div section article main "
    "summary details figcaption header dl ul ol table tr tbody thead tfoot body html aside "
    "figure address center form fieldset legend nav footer label option".split()
)
_CELL_TAGS = frozenset("div span b strong em i label small dt dd li".split())
INLINE_TAGS = frozenset(
    "a span b strong i em small sup sub u mark abbr code kbd s time font cite q br img bdi bdo data dfn "
    "var wbr ins del tt big strike nobr".split()
)


def _is_block(el: Element) -> bool:
    """Known block elements, and any other element that holds elements of its own (a custom
    element such as <amp-accordion> or <rules-row> laid out as a block)."""
    tag = el.tag
    if tag in BLOCK_TAGS:
        return True
    if tag in INLINE_TAGS:
        return False
    return len(el) > 0 or "-" in tag


HEADINGS = frozenset("h1 h2 h3 h4 h5 h6".split())
_DROP_TAGS = ("script", "style", "noscript", "template", "svg", "math", "iframe", "object",
              "embed", "head", "select", "button", "input", "textarea", "canvas", "video", "audio")
_FURNITURE_TAGS = frozenset("nav footer".split())  # not <form>: ASP.NET wraps whole pages in one
_CONTENT_TAGS = frozenset("main article body html".split())  # never furniture by their class names
_FURNITURE_ROLES = frozenset("navigation contentinfo search menu menubar banner".split())
_FURNITURE_WORDS = lazy_re.compile(
    r"(?:^|[\s_-])(cookies?|consent|gdpr|promos?|promotions?|newsletter|breadcrumbs?|navbar|"
    r"sidebar|banner|jackpot|ticker|login|signup|register|bonus|offers?|cashback)(?:$|[\s_-])(?<!with-sidebar)(?<!has-sidebar)"
    # page-level navigation and footers, not a card's footer or a tab menu inside the rules
    r"|(?:^|\s)(?:(?:site|page|global|main|top|bottom)[_-]?)?(?:nav|menu|footer)(?:$|\s)",
    re.IGNORECASE,
)
_SPACE = lazy_re.compile(r"\s+")
MAX_NODES = 200_000
MAX_BLOCKS = 5_000
"""A rules page has a few hundred blocks; past this the rest of a huge page is not read."""
MAX_BLOCK_CHARS = 20_000
MAX_DEPTH = 512
"""Deeper nesting makes a page unreadable (status "error"), rather than read in part: the parser
gives up past 2048 levels and drops the rest, and the reader recurses once per level."""
_TOO_DEEP = lxml.etree.XPath("boolean(" + "/*" * (MAX_DEPTH + 1) + ")")
MAX_ROWS = 2_000
MAX_COLUMNS = 100
"""A table is read up to this many rows and columns (a drawing chart has 9 rows and 12 columns):
spans and huge tables cannot blow up. A table's cells count against MAX_NODES."""


@dataclass(frozen=True)
class Evidence:
    """Where something was read: its text, line in the source, and XPath."""

    text: str
    line: int | None
    path: str | None

    def to_dict(self) -> dict[str, object]:
        return {"text": self.text, "line": self.line, "path": self.path}

    def quoting(self, text: str) -> Evidence:
        """The same place, quoting `text` (a sentence of it, or a row's cells)."""
        return Evidence(text[:500], self.line, self.path)

    def where(self) -> str:
        """" (line 42, /html/body/table[2])", or "" when neither is known."""
        parts = ([f"line {self.line}"] if self.line else []) + ([self.path] if self.path else [])
        return f" ({', '.join(parts)})" if parts else ""


@dataclass
class Cell:
    text: str
    classes: tuple[str, ...]
    style: str
    header: bool
    element: Element = field(repr=False)
    source_text: str | None = None
    """The page's own words, when `text` is their rewriting in the reader's words."""


@dataclass
class Table:
    """A grid of cells, from a <table> or from <div>s laid out as one; spans are expanded."""

    rows: list[list[Cell]]
    evidence: Evidence
    element: Element = field(repr=False)
    context: tuple[str, ...] = ()
    intro: str = ""
    """The sentence that introduces it, when the text before it ends with a colon."""


@dataclass
class Block:
    """A unit of text: a paragraph, list item, cell or table row, with the labels around it
    (headings above it, the term a definition belongs to, the question an answer answers)."""

    text: str
    context: tuple[str, ...]
    """Headings above it, outermost first."""
    evidence: Evidence
    rank: int = 1
    labels: tuple[str, ...] = ()
    """What it answers or belongs to: a definition's term, a question, a parent list item."""
    table: int | None = None
    """For a table row, the index of its table in `Document.tables`."""
    row: int | None = None
    """For a table row, its index in its table's rows."""
    source_text: str | None = None
    """The page's own words, when `text` is their rewriting in the reader's words (a page in
    another language): evidence quotes these."""
    """How structured its source is: 2 table, 1 list or definition, 0 prose."""


@dataclass
class Image:
    alt: str
    src: str
    evidence: Evidence
    around: str = ""
    """Its title, its figure's caption, and the text just before it: what says what it shows."""


@dataclass
class Document:
    blocks: list[Block]
    tables: list[Table]
    images: list[Image]
    styles: str
    """The page's CSS text, for reading colour legends."""
    problem: str | None = None
    """Why the page cannot be read faithfully (nested too deeply), when it cannot."""

    def without_sections(self, unwanted: Callable[[tuple[str, ...]], bool]) -> Document:
        """The document less the blocks and tables under headings `unwanted` rejects (tables keep
        their places, emptied, so that rows still point at theirs)."""
        last: tuple[tuple[str, ...] | None, bool] = (None, False)  # consecutive blocks share their headings
        blocks = []
        for b in self.blocks:
            if b.context is not last[0]:
                last = (b.context, unwanted(b.context))
            if not last[1]:
                blocks.append(b)
        return Document(blocks, [replace(t, rows=[]) if unwanted(t.context) else t for t in self.tables],
                        self.images, self.styles, self.problem)

    def without_sentences(self, unwanted: Callable[[str], bool]) -> Document:
        """The document less the sentences of its blocks that `unwanted` rejects."""
        blocks = []
        for b in self.blocks:
            if b.rank == 2 or not unwanted_in(b.text, unwanted):
                blocks.append(b)
                continue
            kept = " ".join(p for p in sentences(b.text) if not unwanted(p))
            if kept:
                blocks.append(replace(b, text=kept))
        return Document(blocks, self.tables, self.images, self.styles, self.problem)

    def with_own_columns(self, own: Callable[[list[Cell]], int | None]) -> Document:
        """The document with each table that compares games ("Standard | EZ | Super 6 (this
        game)") cut to its labels and the one column `own` picks from its header row as the
        page's game; the rows' blocks follow."""
        tables, cut = list(self.tables), {}
        for i, table in enumerate(self.tables):
            column = own(table.rows[0]) if len(table.rows) >= 2 and len(table.rows[0]) >= 3 else None
            if column:
                cut[i] = [[row[0], row[column]] for row in table.rows if len(row) > column]
                tables[i] = replace(table, rows=cut[i])
        if not cut:
            return self
        blocks: list[Block] = []
        rows_left = {i: iter(rows) for i, rows in cut.items()}
        for b in self.blocks:
            if b.table not in cut:
                blocks.append(b)
                continue
            row = next(rows_left[b.table], None)  # (every row of a compared table has cells: a label)
            text = " | ".join(c.text for c in _dedupe(row) if c.text) if row else ""
            if text:
                blocks.append(replace(b, text=text))
        return Document(blocks, tables, self.images, self.styles, self.problem)

    def without_tables(self, consumed: dict[int, frozenset[int] | None]) -> Document:
        """The document less the given tables' rows (a drawing chart holds no payouts): all of
        a table's (None), or those given (a card of rules whose other rows give the decks or
        the payouts); each table keeps its place, emptied or cut, so that rows still point at
        theirs."""
        def kept(b: Block) -> bool:
            if b.table not in consumed:
                return True
            rows = consumed[b.table]
            return rows is not None and b.row not in rows

        def rows_left(i: int, t: Table) -> list[list[Cell]]:
            if i not in consumed:
                return t.rows
            rows = consumed[i]
            return [] if rows is None else [r for n, r in enumerate(t.rows) if n not in rows]

        return Document([b for b in self.blocks if kept(b)],
                        [replace(t, rows=rows_left(i, t)) for i, t in enumerate(self.tables)],
                        self.images, self.styles)


def said(block: Block, sentence: str) -> Evidence:
    """Evidence for a sentence of `block`, in the page's own words: the sentence; when the reader
    read a rewriting of it, the page's sentence in the same place (the whole block when the
    rewriting does not keep its sentences apart)."""
    if block.source_text is None:
        return block.evidence.quoting(sentence)
    return block.evidence.quoting(_original(block.text, block.source_text, sentence))


@lru_cache(maxsize=4096)
def _original(read: str, written: str, sentence: str) -> str:
    ours, theirs = sentences(read), sentences(written)
    if len(ours) == len(theirs) and sentence in ours:
        return theirs[ours.index(sentence)]
    return written


def row_text(row: list[Cell]) -> str:
    """A table row as evidence quotes it, in the page's own words."""
    return " | ".join(c.source_text if c.source_text is not None else c.text for c in row)


def unwanted_in(text: str, unwanted: Callable[[str], bool]) -> bool:
    return any(unwanted(p) for p in sentences(text))


_BR = "\ue000"  # a <br>, until clean() makes it a line break
_LINES = lazy_re.compile(r" ?\ue000[ \ue000]*")
_SECTION_NUMBER = lazy_re.compile(r"^(?:\d{1,2}(?:\.\d{1,2})*[.)]|[IVX]{1,4}\.)\s*(?=[A-Za-z])")  # "2. Banker hand"
_LEADER = lazy_re.compile(r"[ \t]*\.{4,}[ \t]*")
_GLUED_MARK = lazy_re.compile(r"(?<=[^\W\d_])[¹²³⁴-⁹⁰†‡]+(?!\w)")
_IDENTIFIER_JOIN = lazy_re.compile(r"(?<=[A-Za-z0-9])_(?=[A-Za-z0-9])")
# a paragraph's or item's own number: "2.", "<span>2.</span>Con ...", "7.1 Heeft ...", "e) ..."
_ITEM_NUMBER = lazy_re.compile(r"^(?:\d{1,2}[.)]\s*|\d{1,2}(?:\.\d{1,2})+\.?\s+(?=[A-Z])|\(?[a-z]\)\s*|\(\d{1,2}\)\s*)(?=[^\W\d_])")
_ABBREVIATED = canonical.pattern("abbreviated_word", re.IGNORECASE)
_WRAP_WIDTH = 40  # a line this long that ends in no stop runs on into the next (a list's lines are short)


def _unwrapped(text: str) -> str:
    """Lines of one sentence, wrapped as a PDF's or a narrow column's are, joined: a long line
    that ends in no stop, before a line that goes on in lower case or a bracket ("... of 7 obtained
    with three cards" / "(the Dragon 7): the Banker bet is returned")."""
    lines = text.split("\n")
    out = [lines[0]]
    for line in lines[1:]:
        last = out[-1].rstrip()
        if len(last) >= _WRAP_WIDTH and last[-1:] not in ".!?:;|" and line[:1] in _RUNS_ON:
            out[-1] = f"{last} {line}"
        else:
            out.append(line)
    return "\n".join(out)


_RUNS_ON = frozenset("abcdefghijklmnopqrstuvwxyzàáâãäåçèéêëìíîïñòóôõöùúûüæøœß(«")
_STOP_THEN_SPACE = lazy_re.compile(r"[.!?]\s")  # (a character set first: the engine skips ahead to it)
_SENTENCE_END = lazy_re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9£$€(\"']|[a-z]\)\s)|(?<=\?)\s+(?=[a-z])|\s*\n\s*")  # ("... always. b) With 3 ...", "pay? is the tie ...")


def clean(text: str | None) -> str:
    """Whitespace folded to single spaces; a <br> stays as a line break; dot leaders
    ("TIE ........ 8 for 1") become a colon; a program's identifiers ("DRAGON_7") are words."""
    if not text:
        return ""
    if "...." in text:
        text = _LEADER.sub(": ", text)
    if "_" in text:
        text = _IDENTIFIER_JOIN.sub(" ", text)  # "DRAGON_7", "player_total": a program's words
    if not text.isascii() and ("\u2011" in text or "\u2010" in text):
        text = text.replace("\u2011", "-").replace("\u2010", "-")  # a (non-breaking) hyphen: "6\u2011deck shoe"
    if not text.isascii() and _GLUED_MARK.search(text):
        text = _GLUED_MARK.sub("", text)  # "Unentschieden²", "Bank¹": a word and its footnote's mark
    if text.isprintable() and "  " not in text:  # none of the characters below: the common case
        return text.strip()
    if "  " not in text and "\n" not in text and "\t" not in text and "\r" not in text and "\xa0" not in text \
            and _BR not in text and "\u2028" not in text and "\f" not in text and "\v" not in text:
        return text.strip()
    folded = " ".join(text.split())  # as _SPACE.sub(" ", text).strip(): str.split() and \s take the same spaces
    if _BR in folded:
        folded = _LINES.sub("\n", folded).strip()
    return folded


def asks(sentence: str) -> bool:
    """Whether a sentence is a question: it ends with a question mark, or, as people type in a
    chat, opens as one and ends without a stop ("is the tie 8 to 1")."""
    end = sentence.rstrip()
    return end.endswith("?") or (bool(_ASKING.match(end)) and not end.endswith((".", "!", ":", ";")))


_ASKING = canonical.pattern("question_opening", re.IGNORECASE)


@lru_cache(maxsize=8192)
def sentences(text: str, *, clauses: bool = False) -> list[str]:
    """A block's sentences (and lines); with `clauses`, also cut at semicolons. (Cached: treat
    the list as read-only.)"""
    if "\n" not in text and not _STOP_THEN_SPACE.search(text):
        parts = [text]  # nothing _SENTENCE_END cuts at, nor _ABBREVIATED changes
    else:
        if "\n" in text:
            text = _unwrapped(text)
        if "." in text:
            text = literals.sub(_ABBREVIATED, r"\1", text)
        parts = _SENTENCE_END.split(text)
    if clauses:
        parts = [c for p in parts for c in re.split(r"\s*;\s*(?=[A-Za-z])", p)]
    return [p for p in parts if p and p.strip()]


_LEAD_TERM = lazy_re.compile(r"([^:.!?\d–—]{1,40}?)\s*(?::|\s[–—-]|\.(?=\s+[A-Z]))\s+\S")


def lead_term(text: str) -> tuple[str, ...]:
    """"Tie: you win if both hands ... . Pays 8 to 1.", "Tie – wins if ... . Pays 8 to 1.", "Bet on the Tie. Wins if ... . Pays 8 to
    1.": the term a block opens with (a run-in heading) labels all its sentences, as a
    definition's term does (none, or the term)."""
    head = text[:42]
    if "\n" in head:  # "Tie<br>9 for 1<br>House edge: 14.36%": a card's first line names it
        first = head.split("\n", 1)[0].strip()
        if first and len(first.split()) <= 4 and first[-1] not in ".!?:":
            return (first,)
    m = _LEAD_TERM.match(text) if ":" in head or "." in head or " – " in head or " — " in head or " - " in head else None
    return (m.group(1),) if m and len(m.group(1).split()) <= 4 else ()


def parse(text: str) -> Document:
    """Read `text` (decoded HTML) into a Document. Never raises on malformed input."""
    text = re.sub(r"^\s*<\?xml[^>]*\?>", "", text)
    try:
        root = lxml.etree.fromstring(text, parser=_parser())
    except (lxml.etree.ParserError, ValueError, lxml.etree.XMLSyntaxError):
        return Document([], [], [], "")
    if root is None:
        return Document([], [], [], "")
    if _may_be_too_deep(text) and _TOO_DEEP(root):
        return Document([], [], [], "", problem=f"the page is nested too deeply to read (more than {MAX_DEPTH} "
                                                f"levels of elements)")
    tree = root.getroottree()
    styles = " ".join(s.text or "" for s in root.iter("style"))
    images = [
        Image(clean(img.get("alt")), img.get("src") or "",
              _evidence(tree, img, clean(img.get("alt")) or f"<img src=\"{img.get('src') or ''}\">"),
              _around(img))
        for img in root.iter("img")
        if not _is_furniture(img)
    ]
    _join_superscripts(root)
    lowered = text.lower()  # (the parser writes attribute names in lower case)
    if "aria-label" in lowered:
        _named_icons(root)
    aria = "aria-controls" in lowered or "aria-labelledby" in lowered
    named = _named_panels(root, aria)  # (before the buttons that name them are stripped)
    _strip(root)
    refs = "&#" in text or "&Tab;" in text  # (a character reference may spell any character)
    rebuild(root, styles, inline_absolute=refs or "absolute" in text, tabs=refs or "\t" in text)
    for br in root.iter("br"):  # a line break stays one, in every reading of the text
        br.tail = _BR + (br.tail or "")
    reader = _Reader(tree, grid_styles(styles), named)
    reader.walk(root, ())
    return Document(_rejoined(reader.blocks), reader.tables, images, styles)


_WORD_CHARACTER = lazy_re.compile(r"[^\W_]")


def _named_icons(root: Element) -> None:
    """An icon (role "img") whose glyph is no word reads as the name it is given, as a screen
    reader reads it: a chart cell "<i role="img" aria-label="Draw">&#xe90a;</i>" says "Draw"."""
    for el in root.iter():
        label = el.get("aria-label") if el.get("role") == "img" else None
        if label and not _WORD_CHARACTER.search(text_content(el)):
            for child in list(el):
                el.remove(child)
            el.text = f" {label.strip()} "


def _rejoined(blocks: list[Block]) -> list[Block]:
    """Blocks that are the lines of one sentence, each in an element of its own (a PDF turned
    into HTML: "... the Player draws a third card with a" / "total of 0 to 5."), joined: a
    line that ends in no stop, followed by a line beside it that starts in lower case."""
    out: list[Block] = []
    for b in blocks:
        last = out[-1] if out else None
        if (last is not None and b.rank != 2 and last.rank == b.rank and b.text[:1].islower()
                and last.text[-1:] not in ".!?:;" and last.context == b.context and last.labels == b.labels
                and _beside(last.evidence.path, b.evidence.path)):
            joined = last.text[:-1] + b.text if last.text.endswith("-") else f"{last.text} {b.text}"  # ("dé-" "duction")
            out[-1] = replace(last, text=joined[:MAX_BLOCK_CHARS], evidence=last.evidence.quoting(joined))
            continue
        out.append(b)
    return out


def _beside(a: str | None, b: str | None) -> bool:
    """Whether two elements (by XPath) are lines beside each other: children of one parent, and
    paragraphs or boxes (list items and cells are items of their own, however they end)."""
    if a is None or b is None:
        return False
    (parent_a, last_a), (parent_b, last_b) = a.rsplit("/", 1), b.rsplit("/", 1)
    return parent_a == parent_b and all(x.split("[", 1)[0] in _LINE_TAGS for x in (last_a, last_b))


_LINE_TAGS = frozenset("p div span".split())
_CLAUSE_NUMBER = canonical.pattern("clause_number", re.IGNORECASE)


def _may_be_too_deep(text: str) -> bool:
    """Whether the tree parsed from `text` may nest deeper than MAX_DEPTH: every element but the
    few the parser implies (html, head, body, a paragraph) opens with a "<" of its own, so a page
    with fewer than half as many "<" as that cannot (a cheap count spares most pages the walk
    down every level)."""
    return text.count("<") >= MAX_DEPTH // 2


def _join_superscripts(root: Element) -> None:
    """A superscript ordinal ending joined to its number ("3<sup>rd</sup>", "3<sup>e</sup>"
    carte): "3rd", not "3 rd"; a footnote mark after a word or a figure dropped ("RTP<sup>1</sup>",
    "98.98%<sup>*</sup>"): "RTP", not "RTP1"."""
    for sup in list(root.iter("sup")):
        text = (sup.text or "").strip()
        previous, parent = sup.getprevious(), sup.getparent()
        before = (previous.tail if previous is not None else parent.text if parent is not None else None) or ""
        if len(sup) or parent is None:
            continue
        if text.isalpha() and len(text) <= 3 and before[-1:].isdigit():
            joined = before + text + (sup.tail or "")
        elif _FOOTNOTE_MARK.match(text) and (before[-1:].isalpha() or before[-1:] in "%)"):
            joined = before + (sup.tail or "")
        else:
            continue
        if previous is not None:
            previous.tail = joined
        else:
            parent.text = joined
        parent.remove(sup)


_FOOTNOTE_MARK = lazy_re.compile(r"^[\[(]?(?:\d{1,2}|[*†‡§]{1,3})[\])]?$")


def _named_panels(root: Element, aria: bool = True) -> dict[str, str]:
    """Id -> what names the element: the button that controls it (aria-controls) or the
    elements it is labelled by (aria-labelledby), as accordions and tabs name their panels.
    (`aria`: whether the page's source names either attribute at all; most do not, and their
    elements are not looked through for them.)"""
    controls = [el for el in root.iter() if isinstance(el.tag, str)
                and (el.get("aria-controls") or el.get("aria-labelledby"))] if aria else []
    named: dict[str, str] = {}
    for n, button in enumerate(root.iter("button")):
        # "<button class=faq__question>What happens on a tie?</button><div class=faq__answer>": a
        # question's button names the panel right after it
        panel = button.getnext()
        if panel is not None and isinstance(panel.tag, str) and panel.tag in ("div", "section", "p", "dd") \
                and not button.get("aria-controls"):
            panel_id = panel.get("id") or f"_named-{n}"
            panel.set("id", panel_id)
            named[panel_id] = clean(text_content(button))
    if not controls:
        return {k: v for k, v in named.items() if v}
    named.update({target: clean(text_content(el)) for el in controls for target in (el.get("aria-controls") or "").split()})
    wanted = {i for el in controls for i in (el.get("aria-labelledby") or "").split()}
    ids = {el.get("id"): el for el in root.iter() if isinstance(el.tag, str) and el.get("id") in wanted} if wanted else {}
    for el in controls:
        by = [ids[i] for i in (el.get("aria-labelledby") or "").split() if i in ids]
        if by and el.get("id") and el.get("id") not in named:
            named[el.get("id")] = clean(" ".join(text_content(b) for b in by))
    return {k: v for k, v in named.items() if v}


_TITLE_CLASS = lazy_re.compile(r"head|title|caption|label|summary|name|(?:^|[-_ ])h(?:d|dr|\d)?(?:$|[-_ ])", re.IGNORECASE)


def _title(el: Element, children: list[Element]) -> tuple[Element, str] | None:
    """A container's first child when it is a short title over the rest (a card's header, a
    panel's name): a leaf with a few words, no full stop, followed by more content.
    (`children`: its element children.)"""
    if len(children) < 2 or (el.text or "").strip() or el.tag in ("dl", "body", "main"):
        return None  # (a list's first term titles only its own; a page's site header titles no card)
    first = children[0]
    if first.tag not in ("div", "span", "strong", "b", "p", "header", "label", "legend", "dt") or \
            _has_block_child(first) or first.tag in HEADINGS or first.find("br") is not None:
        return None  # (lines broken by <br> are a card of their own, no title over the next)
    text = clean(text_content(first))
    if not text or len(text.split()) > 8 or text.endswith((".", "!", "?")):
        return None
    if first.tag in ("div", "span", "p") and not _TITLE_CLASS.search(first.get("class") or "") \
            and not any(c.tag in ("b", "strong") for c in first):
        return None
    return first, text


def _around(img: Element) -> str:
    parts = [img.get("title") or ""]
    for figure in img.iterancestors("figure"):
        caption = figure.find(".//figcaption")
        if caption is not None:
            parts.append(text_content(caption))
        break
    previous = img.getprevious()
    holder = img
    while previous is None and holder.getparent() is not None and len(parts) < 4:
        holder = holder.getparent()
        previous = holder.getprevious()
        if holder.text and holder.text.strip():
            parts.append(holder.text)
            break
    if previous is not None and isinstance(previous.tag, str):
        parts.append(text_content(previous)[-300:])
    return clean(" ".join(parts))


def _parser() -> lxml.etree.HTMLParser:
    # huge_tree: a text node or attribute over 10 MB (an inline script bundle) must not end the
    # parse and silently drop the rest of the page; the input is capped in size anyway, and depth
    # is checked against MAX_DEPTH after parsing.
    return lxml.etree.HTMLParser(remove_comments=True, remove_pis=True, recover=True,
                                 no_network=True, huge_tree=True)


def text_content(el: Element) -> str:
    if not len(el):
        return el.text or ""  # a leaf: its text is all itertext() gives
    return "".join(el.itertext())


def _drop_tree(el: Element) -> None:
    """Remove `el` and what it holds, keeping the text that follows it."""
    parent = el.getparent()
    if parent is None:
        return
    if el.tail:
        previous = el.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + el.tail
        else:
            parent.text = (parent.text or "") + el.tail
    parent.remove(el)


def _strip(root: Element) -> None:
    for el in list(root.iter(*_DROP_TAGS)):
        if el.getparent() is not None:
            _drop_tree(el)  # keeps the text that follows the element
    for el in [el for el in root.iter() if _furniture_node(el)]:  # (by tag and attributes alone)
        if el.getparent() is not None:
            _drop_tree(el)


def _is_furniture(el: Element) -> bool:
    """Whether `el` sits inside page furniture."""
    return any(_furniture_node(a) for a in el.iterancestors())


def _furniture_node(el: Element) -> bool:
    tag = el.tag
    if not isinstance(tag, str):
        return False
    if tag in _FURNITURE_TAGS:
        return True
    role = el.get("role")  # (el.get(): no attribute mapping made for each element)
    if role and role.lower() in _FURNITURE_ROLES:
        return True
    if tag in ("ul", "ol") and _links_away(el):
        return True
    cls, ident = el.get("class"), el.get("id")
    if cls is None and ident is None or tag in _CONTENT_TAGS:
        return False  # (<main class="content-with-sidebar">, <article class="promo-terms">: content)
    names = f"{cls or ''} {ident or ''}"
    return len(names) > 1 and furniture_names(names)


def _links_away(el: Element) -> bool:
    """Whether every item of a list opens with a link to another page: a menu, or teasers for other
    pages ("<a href=/no-commission>No Commission Baccarat</a> – Banker wins on 6 pay half"), whose
    words are about those pages, not this one's rules."""
    items = [child for child in el if child.tag == "li"]
    if len(items) < 2:
        return False
    for item in items:
        if (item.text or "").strip() or not len(item) or item[0].tag != "a":
            return False
        href = (item[0].get("href") or "").strip()
        if not href or href.startswith("#"):
            return False
    return True


@lru_cache(maxsize=4096)
def furniture_names(names: str) -> bool:
    """Whether class names, an id or a tag's attributes name page furniture ("cookie-consent").
    (Cached: a page repeats its class names, and pages of one site share them.)"""
    return bool(_FURNITURE_WORDS.search(names))


_INLINE_TITLE_TAGS = frozenset("span b strong u em i font".split())


def _inline_title(el: Element) -> str | None:
    """The text of an inline element right before `el` that ends a line of a few words, as a post
    styles its headings ("<span style='font-weight: bold'>3) When the Player draws</span><ul>")."""
    before = el.getprevious()
    if before is None or before.tag not in _INLINE_TITLE_TAGS or (before.tail or "").strip():
        return None
    text = clean(text_content(before))
    if not text or len(text.split()) > 8 or text[-1:] in ".!?;,":
        return None
    return _ITEM_NUMBER.sub("", text) if text[:1].isdigit() else text


def _bold_title(el: Element) -> str | None:
    """The text of the paragraph right before `el` when it is all in bold and short: a title."""
    before = el.getprevious()
    if before is None or before.tag not in ("p", "div") or len(before) != 1 or before[0].tag not in ("strong", "b"):
        return None
    if (before.text or "").strip() or (before[0].tail or "").strip():
        return None
    text = clean(text_content(before))
    return text if text and len(text.split()) <= 10 and text[-1] not in ".!?" else None


def _evidence(tree: lxml.etree._ElementTree, el: Element, text: str) -> Evidence:
    try:
        path = tree.getpath(el)
    except (ValueError, TypeError):
        path = None
    return Evidence(text[:500], el.sourceline, path)


class _Reader:
    """Walks the cleaned tree once, collecting blocks and tables."""

    def __init__(self, tree: lxml.etree._ElementTree, grids: GridStyles | None = None,
                 named: dict[str, str] | None = None) -> None:
        self.tree = tree
        self.grids = grids or GridStyles({}, {})
        """What the stylesheet says of CSS grids: columns, and where classes place cells."""
        self.named = named or {}
        """Id -> what names the element: the text of the button that controls it (an accordion's
        panel), or of the elements it is labelled by."""
        self.blocks: list[Block] = []
        self.tables: list[Table] = []
        self.headings: list[tuple[int, str]] = []
        self._heading_texts: tuple[str, ...] = ()
        self.intro: tuple[Any, Any, str] | None = None
        self.intro_items: tuple[Any, Any] | None = None
        """The tag and class of the items an introduction labels (the first one after it)."""
        self.nodes = 0

    def walk(self, el: Element, labels: tuple[str, ...]) -> None:
        self.nodes += 1
        if self.nodes > MAX_NODES or len(self.blocks) >= MAX_BLOCKS:
            return
        tag = el.tag
        if not isinstance(tag, str):
            tag = ""
        if tag in HEADINGS:
            text = _SECTION_NUMBER.sub("", clean(text_content(el)))
            level = int(tag[1])
            self.intro = None
            while self.headings and self.headings[-1][0] >= level:
                self.headings.pop()
            self._heading_texts = tuple(t for _, t in self.headings if t)
            self._add(text, el, labels, rank=0)
            self.headings.append((level, text))
            self._heading_texts = tuple(t for _, t in self.headings if t)
            return
        if tag == "table" and _is_data_table(el):
            self._table(_table_rows(el), el, labels)
            return
        children = [c for c in el if isinstance(c.tag, str)]  # (the tests below share them)
        if tag != "table" and _is_div_grid(el, self.grids, children):
            self._table(_div_rows(el, self.grids), el, labels)
            return
        if tag == "div" and (columns := _line_columns(children)) is not None:
            # a printed leaflet's two columns of lines, side by side: "Banker 3<br>Banker 4" beside
            # "hits on 0-7, stays on 8 or 9<br>hits on 2-7 ...": line by line, rows of a table
            self._table(columns, el, labels)
            return
        if tag in ("div", "li") and (pair := _labelled_row(el, children)) is not None:
            # "<div><div class=lbl>Player stood</div><div>Banker draws on 0-5, ...</div></div>":
            # two block cells, a short label and what it labels, read as one statement
            self._add(f"{pair[0]}: {pair[1]}", el, labels, rank=1)
            return
        label = None
        if tag == "dd":
            dt = el.getprevious()
            while dt is not None and dt.tag != "dt":
                dt = dt.getprevious()
            label = clean(text_content(dt)) if dt is not None else None
        elif tag == "details":
            summary = el.find("summary")
            label = clean(text_content(summary)) if summary is not None else None
        elif self.named and el.get("id") in self.named:
            # an accordion's panel, named by the button that controls it or the element it is
            # labelled by ("<button aria-controls=a8>What happens on a tie?</button><div id=a8>")
            label = self.named[el.get("id")]
        elif tag == "td":  # a layout table: the row's header cell names what the cell holds
            header = next((c for c in el.itersiblings(preceding=True) if c.tag == "th"), None)
            label = clean(text_content(header)) if header is not None else None
        if tag in ("ul", "ol", "dl") and self.blocks and self.blocks[-1].text.rstrip().endswith(":"):
            label = self.blocks[-1].text  # "House edge with 6 decks:" introduces the list
        elif tag in ("ul", "ol", "dl") and (title := _bold_title(el) or _inline_title(el)) is not None:
            label = title  # "<p><strong>Banker, when Player stands</strong></p>" titles the list under it
        child_labels = labels + ((label,) if label else ())
        rank = 1 if tag in ("li", "dd", "dt") else 0
        if tag in ("div", "li", "section", "article", "a") and (card := _figure_card(el)) is not None:
            # "<div><div class=big>8 to 1</div><b>Tie</b><br>Both hands finish level</div>": a
            # figure and what it is for, read as one statement
            self._add(card, el, child_labels, rank)
            return
        title = _title(el, children)
        run = _row_run(el, children) if tag in ("div", "section", "article", "main", "ul", "ol", "body") else []
        own: list[str] = [el.text or ""]
        for child in children if len(children) == len(el) else el:  # (all elements, as a parsed page's are)
            ctag = child.tag
            if not isinstance(ctag, str):
                own.append(child.tail or "")
                continue
            if run and child in run:  # rows laid out alike among other children: a table
                if child is run[0]:
                    self._add(clean(" ".join(own)), el, child_labels, rank)
                    own = []
                    table_labels = child_labels + ((title[1],) if title is not None else ())
                    self._table([[_cell(c, False) for c in _row_cells(r) or ()] for r in run], el,
                                table_labels)
                own.append(child.tail or "")
                continue
            if ctag in BLOCK_TAGS or (ctag not in INLINE_TAGS and (len(child) > 0 or "-" in ctag)):  # _is_block()
                self._add(clean(" ".join(own)), el, child_labels, rank)
                own = []
                inner_labels = child_labels
                if tag == "li":
                    inner_labels = child_labels + tuple(t for t in [clean(" ".join(self._own_text(el)))] if t)
                if title is not None and child is not title[0]:
                    inner_labels = inner_labels + (title[1],)  # a card's header labels its body
                self.walk(child, inner_labels)
                own.append(child.tail or "")
            else:
                own.append(_inline_text(child))
                own.append(child.tail or "")
        self._add(clean(" ".join(own)), el, child_labels, rank)

    def heading_texts(self) -> tuple[str, ...]:
        return self._heading_texts

    @staticmethod
    def _own_text(el: Element) -> list[str]:
        parts = [el.text or ""]
        for child in el:
            if isinstance(child.tag, str) and _is_block(child):
                break
            parts.append(_inline_text(child) + (child.tail or ""))
        return parts

    def _add(self, text: str, el: Element, labels: tuple[str, ...], rank: int) -> None:
        if not text or len(self.blocks) >= MAX_BLOCKS:
            return
        text = text[:MAX_BLOCK_CHARS]
        if rank != 2 and (text[:1].isalnum() or text[:1] == "(") and _ITEM_NUMBER.match(text):
            text = _ITEM_NUMBER.sub("", text)  # (a number, not a total or a card)
        if rank != 2 and "\n" in text:  # (and on each line a <br> starts: "...\n3) When the Player draws")
            text = "\n".join(_ITEM_NUMBER.sub("", line) if line[:1].isdigit() else line for line in text.split("\n"))
        parent = el.getparent() if self.intro is not None or text.rstrip().endswith(":") else None
        if self.intro is not None and self.intro[0] is parent and el is not self.intro[1] and \
                (el.tag, el.get("class")) == (self.intro[1].tag, self.intro[1].get("class")) and \
                (text.rstrip().endswith(":") or text.split()[:2] == self.intro[2].split()[:2]):
            self.intro = None  # an item like the one before ("Banco has 4:", "Banco has 5:"): beside it, not under it
        if self.intro is not None and parent is not None and self.intro[0] is not parent \
                and parent.getprevious() is self.intro[1] and parent.getparent() is self.intro[0] \
                and self.intro[2] not in labels:  # (a list under it has it as its label already)
            self.intro = (parent, self.intro[1], self.intro[2])  # the items are in a box right after it
        if self.intro is not None and self.intro[0] is parent and el is not self.intro[1]:
            # "House edge with 8 decks:" then the rows beside it, as long as they are alike
            kind = (el.tag, el.get("class"))
            if self.intro_items is None:
                self.intro_items = kind
            if kind == self.intro_items:
                labels = (*labels, self.intro[2])
            else:
                self.intro = None
        self.blocks.append(Block(text, self.heading_texts(), _evidence(self.tree, el, text), rank, labels))
        if text.rstrip().endswith(":"):
            self.intro = (parent, el, text)
            self.intro_items = None

    def _table(self, rows: list[list[Cell]], el: Element, labels: tuple[str, ...]) -> None:
        if rows and all(len(row) == 2 and row[0] is not row[1] and _CLAUSE_NUMBER.match(row[0].text) for row in rows):
            # numbered clauses laid out as rows ("4.3.3 | Otherwise, the Player hand shall ..."):
            # a list, each clause a paragraph of its own
            for row in rows:
                self._add(row[1].text, row[1].element, labels, rank=1)
            return
        if self.intro is not None and self.intro[0] is el.getparent() and self.intro_items is None:
            self.intro_items = (el.tag, el.get("class"))  # the introduction introduced this table
        caption = el.find("caption")
        context = self.heading_texts() + labels
        if caption is not None:
            context += (clean(text_content(caption)),)
        if el.get("aria-label"):
            context += (clean(el.get("aria-label")),)
        last = self.blocks[-1].text if self.blocks else ""
        intro = last if last.rstrip().endswith(":") or len(last.split()) <= 12 else ""
        self.nodes += sum(len(row) for row in rows)
        table = Table(rows, _evidence(self.tree, el, ""), el, context, intro)
        self.tables.append(table)
        for index, row in enumerate(rows):
            text = " | ".join(c.text for c in _dedupe(row) if c.text)
            if text and len(self.blocks) < MAX_BLOCKS:
                text = text[:MAX_BLOCK_CHARS]
                self.blocks.append(Block(text, context, _evidence(self.tree, row[0].element.getparent()
                                                                   if row else el, text), rank=2,
                                         table=len(self.tables) - 1, row=index))


def _dedupe(row: list[Cell]) -> Iterator[Cell]:
    seen: set[int] = set()
    for cell in row:
        if id(cell.element) not in seen:
            seen.add(id(cell.element))
            yield cell


def _inline_text(el: Element) -> str:
    if el.tag == "br":
        return ""  # its tail carries the break
    if el.tag == "img":
        return ""
    if not len(el):
        return el.text or ""  # a leaf: its text is all itertext() gives
    return " ".join(el.itertext())


def _is_data_table(el: Element) -> bool:
    """A table of data, not one used for page layout: no tables, headings or lists in its cells
    and at most one paragraph in each (a word processor wraps every cell's text in a <p>)."""
    for cell in el.iter("td", "th"):
        blocks = 0
        for inner in cell.iterdescendants():
            if inner.tag in ("table", "ul", "ol", "dl", "h1", "h2", "h3", "h4", "section"):
                return False
            if inner.tag in ("p", "div"):
                if inner.tag == "div" and not any(True for _ in inner.iterdescendants("div", "p", "table")):
                    continue
                blocks += 1
                if blocks > 1:
                    return False
    return True


def _cell(el: Element, header: bool) -> Cell:
    classes = tuple((el.get("class") or "").split())
    return Cell(clean(_inline_text(el)), classes, el.get("style") or "", header, el)


def _table_rows(table: Element) -> list[list[Cell]]:
    """Rows of a <table> with rowspan and colspan expanded (capped, so a 10,000-column span
    cannot blow up: at most MAX_ROWS rows of MAX_COLUMNS cells)."""
    rows: list[list[Cell]] = []
    pending: dict[int, tuple[Cell, int]] = {}
    nested = next(table.iterdescendants("table"), None) is not None  # (else every row is its own)
    for tr in table.iter("tr"):
        if nested and tr.getparent() is not None and _nearest_table(tr) is not table:
            continue
        row: list[Cell] = []
        col = 0
        cells = [c for c in tr if c.tag in ("td", "th")]
        queue = deque(cells)
        while (queue or col in pending) and col < MAX_COLUMNS:
            if col in pending:
                cell, left = pending.pop(col)
                row.append(cell)
                if left > 1:
                    pending[col] = (cell, left - 1)
                col += 1
                continue
            td = queue.popleft()
            cell = _cell(td, td.tag == "th")
            span = min(_int(td.get("colspan")), 50) if "colspan" in td.attrib else 1
            down = min(_int(td.get("rowspan")), 200) if "rowspan" in td.attrib else 1
            for _ in range(min(span, MAX_COLUMNS - col)):
                row.append(cell)
                if down > 1:
                    pending[col] = (cell, down - 1)
                col += 1
        if row:
            rows.append(row)
        if len(rows) >= MAX_ROWS:
            break
    return rows


def _nearest_table(el: Element) -> Element | None:
    for a in el.iterancestors("table"):
        return a
    return None


def _int(value: str | None) -> int:
    try:
        return max(1, int(str(value).strip()))
    except (TypeError, ValueError):
        return 1


def _figure_card(el: Element) -> str | None:
    """The text of a short card that holds one short block (a figure) beside inline text, or None."""
    blocks = [c for c in el if isinstance(c.tag, str) and _is_block(c)]
    if len(blocks) != 1 or _has_block_child(blocks[0]):
        return None
    figure = clean(text_content(blocks[0]))
    if blocks[0].tag in HEADINGS:
        # "<div><span>40:1</span><h4>Dragon 7</h4>Wins when ...</div>": what comes before the
        # card's own heading is the card's too; the heading labels all of it
        before = clean(" ".join([el.text or "", *(_inline_text(c) + (c.tail or "") for c in
                                                  reversed(list(blocks[0].itersiblings(preceding=True))))]))
        if before and figure:
            after = clean(" ".join([blocks[0].tail or "", *(_inline_text(c) + (c.tail or "") for c in
                                                             blocks[0].itersiblings())]))
            return f"{figure}: {before} {after}".strip() if len(before) + len(after) <= 300 else None
    if not figure or len(figure.split()) > 5 or not any(ch.isdigit() for ch in figure):
        return None
    return _figure_text(el, blocks[0], figure)


def _figure_text(el: Element, block: Element, figure: str) -> str | None:
    """The card's text with its figure in place, the figure as a label when it comes first."""
    parts = [el.text or ""]
    for child in el:
        if isinstance(child.tag, str):
            parts.append(figure if child is block else _inline_text(child))
        parts.append(child.tail or "")
    text = clean(" ".join(parts))
    rest = text.replace(figure, "", 1).strip()
    if text.startswith(figure) and rest[:1].isupper() and figure[-1:].isalnum():
        text = f"{figure}: {rest}"  # "<div class=tot>3</div>Draws unless ...": the figure labels the text
    return text if rest and len(text) <= 300 else None


def _is_div_grid(el: Element, grids: GridStyles, children: list[Element] | None = None) -> bool:
    """<div>s laid out as a table: role=table/grid; at least three child rows that each hold
    the same number (at least three) of leaf cells; leaf cells in a CSS grid of two or more
    columns; or label/value pairs (<b>0-2</b><span>...)."""
    role = (el.get("role") or "").lower()
    if role in ("table", "grid", "treegrid"):
        return True
    if children is None:
        children = [c for c in el if isinstance(c.tag, str)]
    if _pairs(el, children):
        return True
    if el.tag not in ("div", "section", "ul", "ol") and "-" not in el.tag:
        return False
    if len(children) < 3:
        return False
    if not any(_has_element_children(c) for c in children):
        width = _css_columns(el, grids)
        slots = len(children) if width < 2 else _slots(children, width, grids)
        if _period(children) or (width >= 2 and slots >= 2 * width and slots % width == 0):
            return True  # a CSS grid of leaf cells, with no row elements
    widths = []
    for child in children:
        cells = _row_cells(child)
        if cells is None:
            return False
        widths.append(len(cells))
    return max(widths) - min(widths) <= (1 if min(widths) >= 3 else 0)


def _row_cells(child: Element, cells: list[Element] | None = None) -> list[Element] | None:
    """The cells of an element laid out as a table row (two or more leaf cells and no text
    between them), or None. (`cells`: its element children, when the caller has them.)"""
    if cells is None:
        cells = [c for c in child if isinstance(c.tag, str)]
    if len(cells) < 2 or any((c.tag not in _CELL_TAGS and "-" not in c.tag) or _has_block_child(c) for c in cells):
        return None
    if (child.text or "").strip() or any((c.tail or "").strip(" \n\t|:–-") for c in cells):
        return None  # text between the "cells": a sentence with badges, not a row
    return cells


def _labelled_row(el: Element, children: list[Element]) -> tuple[str, str] | None:
    """A short label and what it labels, in two or three block cells ("Banker | 1 to 1 | less
    5% commission on the win"): the label, and the rest as one phrase."""
    cells = _row_cells(el, children)
    if cells is None or len(cells) not in (2, 3) or not all(_is_block(c) for c in cells):
        return None  # inline cells (<span>s) are one line of text already
    key = clean(text_content(cells[0]))
    values = [clean(text_content(c)) for c in cells[1:]]
    if len(values) == 2 and (
        any(ch.isdigit() for ch in key)
        or not all(any(ch.isdigit() for ch in v) for v in values)
        or any(v.endswith((".", "!", "?")) or len(v.split()) > 8 for v in values)
    ):
        return None  # three alike ("Banker RTP 98.94%" beside "Player RTP ..."), a header row, or sentences
    value = ", ".join(values)
    words = [w for w in key.split() if any(ch.isalpha() for ch in w)]  # (numbers are the label's values: "Banca 0 · 1 · 2")
    if not key or not value or len(words) > 4 or key.endswith((".", "!", "?", ",")):
        return None
    return key, value


def _line_columns(children: list[Element]) -> list[list[Cell]] | None:
    """Two or three boxes side by side whose lines, broken by <br>, pair up: as many lines in
    each (three or more), the first box's lines short labels. Each box is plain lines (its
    text, or its one paragraph's, with nothing but <br> in it), so neither a page's columns of
    prose nor cards of a title, a figure and a note ("<b>Tie</b><br>8 to 1<br><small>...") are
    taken for them."""
    if not 2 <= len(children) <= 3 or any(c.tag != "div" for c in children):
        return None
    columns = []
    for child in children:
        inner = [c for c in child if isinstance(c.tag, str)]
        holder = inner[0] if len(inner) == 1 and inner[0].tag == "p" and not (child.text or "").strip() else child
        if not len(holder) or any(c.tag != "br" for c in holder if isinstance(c.tag, str)):
            return None
        lines = [line for line in clean(text_content(holder)).split("\n") if line.strip()]
        columns.append((child, lines))
    count = len(columns[0][1])
    if count < 3 or any(len(lines) != count for _, lines in columns) \
            or any(len(line.split()) > 4 for line in columns[0][1]):
        return None
    return [[Cell(lines[i].strip(), (), "", False, child) for child, lines in columns] for i in range(count)]


_NOTE_TAGS = frozenset("small sup em i".split())


def _row_run(el: Element, children: list[Element]) -> list[Element]:
    """Three or more consecutive children laid out as rows alike (same class, same width) among
    other children: a title above them, a note below. (`children`: its element children.)"""
    best: list[Element] = []
    run: list[Element] = []
    width = 0  # of the run's rows
    if len(children) < 3:
        return best
    for child in children:
        cells = _row_cells(child)
        if cells is not None and run and child.get("class") == run[0].get("class") and (
                len(cells) == width or len(cells) == width + 1 and cells[-1].tag in _NOTE_TAGS):
            run.append(child)  # (a row may add a note: "<span>Pair</span><strong>11.25%</strong><small>each</small>")
        else:
            run = [child] if cells is not None else []
            width = len(cells) if cells is not None else 0
        if len(run) > len(best):
            best = list(run)
    if len(best) < 3:
        return []
    at = children.index(best[0])
    if at and (cells := _row_cells(children[at - 1])) is not None and len(cells) == len(_row_cells(best[0]) or ()) \
            and set((best[0].get("class") or "").split()) < set((children[at - 1].get("class") or "").split()):
        best.insert(0, children[at - 1])  # "row head" over "row"s: the run's header row
    return best


def _has_element_children(el: Element) -> bool:
    return any(isinstance(c.tag, str) and c.tag not in ("b", "strong", "em", "i", "span", "br", "small", "sup")
               for c in el)


def _flat_rows(cells: list[Element], grids: GridStyles) -> list[list[Cell]]:
    """Cells laid out by CSS with no row elements: the width is the count in
    grid-template-columns (or the number of leading headers)."""
    width = _css_columns(cells[0].getparent(), grids)  # the stylesheet's column count, where it sets one
    if width < 2:
        width = 0
        for c in cells:
            if (c.get("role") or "").lower() != "columnheader":
                break
            width += 1
    if width < 2 and cells[0].get("class") and cells[0].get("class") != cells[-1].get("class"):
        # header cells styled apart: <div class="th">Bet</div><div class="th">Payout</div><div>...
        width = next((i for i, c in enumerate(cells) if c.get("class") != cells[0].get("class")), 0)
    if width < 2:
        width = _period(cells)
    if width < 2:
        return []
    made = [_cell(c, (c.get("role") or "").lower() in ("columnheader", "rowheader")) for c in cells[:width * MAX_ROWS]]
    if any(_placement(c, grids) for c in made):
        return [row[:MAX_COLUMNS] for row in _placed(made, width, grids)[:MAX_ROWS]]
    return [made[i:i + width][:MAX_COLUMNS] for i in range(0, len(made), width)]


_GRID_LINE = lazy_re.compile(r"grid-(column|row)\s*:\s*(?:(\d+)\s*(?:/\s*(?:span\s+(\d+)|(-?\d+)))?|span\s+(\d+))")


def _placement(cell: Cell, grids: GridStyles) -> str:
    """A cell's grid-column and grid-row, inline or from its classes' rules ("" when none)."""
    ruled = [grids.placements[c] for c in cell.classes if c in grids.placements]
    return "; ".join(ruled + [cell.style]) if ruled or "grid-" in cell.style else ""


def _track(placement: str, axis: str, size: int) -> tuple[int | None, int]:
    """(0-based start or None, span) on one axis ("column" or "row") of a placement."""
    start, span = None, 1
    for m in _GRID_LINE.finditer(placement):
        if m.group(1) != axis:
            continue
        start = int(m.group(2)) - 1 if m.group(2) else None
        if m.group(3) or m.group(5):
            span = int(m.group(3) or m.group(5))
        elif m.group(4):
            end = int(m.group(4))
            span = max(1, (end - 1 if end > 0 else size + 1 + end) - (start or 0))
    return start, span


def _slots(cells: list[Element], width: int, grids: GridStyles) -> int:
    """How many places of a CSS grid its leaf cells fill (a cell may span several)."""
    made = [Cell("", tuple((c.get("class") or "").split()), c.get("style") or "", False, c) for c in cells]
    if not any(_placement(c, grids) for c in made):
        return len(cells)
    return sum(len(row) for row in _placed(made, width, grids))


def _placed(cells: list[Cell], width: int, grids: GridStyles) -> list[list[Cell]]:
    """The rows of a CSS grid laid out as a browser's auto-placement does, where cells span
    columns or rows ("grid-column: 2 / span 10": a caption over the card columns, the first left
    empty; "grid-row: span 2": a corner over two header rows): a spanned place repeats its cell,
    as a table's spans are expanded; an empty place is a blank cell."""
    taken: dict[tuple[int, int], Cell] = {}
    row = col = 0
    for cell in cells:
        placement = _placement(cell, grids)
        start, cols = _track(placement, "column", width)
        cols = max(1, min(cols, width))
        rows = max(1, min(_track(placement, "row", MAX_ROWS)[1], MAX_ROWS))
        if start is not None and 0 <= start < width:
            cols = min(cols, width - start)
            if start < col:
                row += 1
            col = start
        while True:
            if col + cols > width:
                row, col = row + 1, (start if start is not None and 0 <= start < width else 0)
                continue
            if any((row + r, col + c) in taken for r in range(rows) for c in range(cols)):
                if start is not None and 0 <= start < width:
                    row += 1
                else:
                    col += 1
                continue
            break
        for r in range(rows):
            for c in range(cols):
                taken[(row + r, col + c)] = cell
        col += cols
        if row > MAX_ROWS:
            break
    if not taken:
        return []
    blank = replace(cells[0], text="", classes=(), style="", header=True, source_text=None)
    last = max(r for r, _ in taken)
    return [[taken.get((r, c), blank) for c in range(width)] for r in range(last + 1)]


_GRID_RULE = lazy_re.compile(r"([^{}]+)\{[^{}]*?grid-template-columns\s*:\s*([^;{}]+)")
_BRACE = lazy_re.compile(r"[{}]")
_LAST_CLASS = lazy_re.compile(r"\.([\w-]+)\s*$")
_GRID_COLUMNS = lazy_re.compile(r"grid-template-columns\s*:\s*([^;]+)")


@dataclass(frozen=True)
class GridStyles:
    """What a page's stylesheet says of its CSS grids."""

    columns: dict[str, int]
    """Class -> how many columns the last rule for it lays a grid out in, in the order of those rules
    (".chart { display: grid; grid-template-columns: 88px repeat(10, 1fr) }" -> 11)."""
    placements: dict[str, str]
    """Class -> the grid-column and grid-row its rule gives a cell (".span10 { grid-column: span 10 }")."""


def grid_styles(styles: str) -> GridStyles:
    columns: dict[str, int] = {}
    placements: dict[str, str] = {}
    if "grid-template-columns" in styles:
        for selectors, value in _grid_rules(styles):
            width = _tracks(value)
            for selector in selectors.split(","):
                m = _LAST_CLASS.search(selector.strip())
                if m and width:
                    columns.pop(m.group(1), None)  # (kept in the order the rules last set them)
                    columns[m.group(1)] = width
    if "grid-column" in styles or "grid-row" in styles:
        for selectors, body in _RULE.findall(styles):
            found = "; ".join(_PLACEMENT.findall(body))
            for selector in selectors.split(",") if found else ():
                m = _LAST_CLASS.search(selector.strip())
                if m:
                    placements[m.group(1)] = found
    return GridStyles(columns, placements)


_RULE = lazy_re.compile(r"([^{}]+)\{([^{}]*)\}")
_PLACEMENT = lazy_re.compile(r"grid-(?:column|row)\s*:\s*[^;{}]+")


def _grid_rules(styles: str) -> list[tuple[str, str]]:
    """`_GRID_RULE.findall(styles)`, tried only where a match can start: where the last one
    ended, or past a brace. (Every position of a run of selector text matches as its first does,
    or fails as it does; findall would try them all, each up to the end of the rule after it.)"""
    found = []
    at = 0
    while at < len(styles):
        m = _GRID_RULE.match(styles, at)
        if m:
            found.append((m.group(1), m.group(2)))
            at = m.end()
            continue
        brace = _BRACE.search(styles, at)
        if brace is None:
            break
        at = brace.end()
    return found


def _tracks(value: str) -> int:
    """The number of columns a grid-template-columns value names; 0 when it depends on the
    width of the screen (auto-fill, auto-fit)."""
    value = re.sub(r"\[[^\]]*\]", " ", value.strip())  # line names
    if "auto-fill" in value or "auto-fit" in value:
        return 0
    count = 0
    while (m := re.search(r"repeat\(\s*(\d+)\s*,([^()]*(?:\([^()]*\)[^()]*)*)\)", value)) is not None:
        count += int(m.group(1)) * _tracks(m.group(2))
        value = value[:m.start()] + " " + value[m.end():]
    value = re.sub(r"\w+\([^()]*\)", "x", value)  # minmax(...), fit-content(...): one track each
    return count + len(value.split())


def _css_columns(el: Element | None, grids: GridStyles) -> int:
    """How many columns an element's inline style or stylesheet lays its CSS grid out in."""
    if el is None:
        return 0
    m = _GRID_COLUMNS.search(el.get("style") or "")
    if m:
        return _tracks(m.group(1))
    classes = (el.get("class") or "").split()
    if not classes:
        return 0
    # of two classes with a rule ("grid grid4"), the later rule wins, as in the cascade
    return next((width for c, width in reversed(grids.columns.items()) if c in classes), 0)


def _period(cells: list[Element]) -> int:
    """The row width of a flat grid whose rows (after a header row) repeat the same pattern of
    cell classes: a row label, then cells classed "cell draw" / "cell stand"; 0 when none."""
    if len(cells) < 12:
        return 0
    kinds = [(c.tag, (c.get("class") or "").split()[:1]) for c in cells]
    for width in range(3, min(len(cells) // 3, MAX_COLUMNS) + 1):
        if len(cells) % width == 0 and kinds[width] != kinds[width + 1] and all(
                kinds[i] == kinds[i - width] for i in range(2 * width, len(cells))):
            return width
    return 0


def _has_block_child(el: Element) -> bool:
    return any(isinstance(c.tag, str) and _is_block(c) for c in el)


def _pairs(el: Element, children: list[Element] | None = None) -> list[list[Element]]:
    """Children that alternate between two kinds of leaf element, at least three pairs.
    (`children`: the element children of `el`, when the caller has them.)"""
    if children is None:
        children = [c for c in el if isinstance(c.tag, str)]
    if len(children) < 6 or len(children) % 2 or (el.text or "").strip():
        return []
    kinds = [(c.tag, c.get("class")) for c in children]
    if kinds[0] == kinds[1] or any(kinds[i] != kinds[i % 2] for i in range(len(kinds))):
        return []
    if any(_has_element_children(c) for c in children):
        return []
    return [children[i:i + 2] for i in range(0, len(children), 2)]


def _own_text(el: Element) -> bool:
    """Whether an element holds text of its own, beside its children's."""
    return bool((el.text or "").strip()) or any((c.tail or "").strip() for c in el)


def _div_rows(el: Element, grids: GridStyles) -> list[list[Cell]]:
    pairs = _pairs(el)
    if pairs:
        return [[_cell(a, True), _cell(b, False)] for a, b in pairs[:MAX_ROWS]]
    children = [c for c in el if isinstance(c.tag, str)]
    # children that hold one element, or text of their own around theirs ("Banker<b>1 to 1</b>
    # <small>less 5% commission</small>": a tile), are the cells themselves
    if children and all(sum(1 for g in c if isinstance(g.tag, str)) < 2 or _own_text(c) for c in children):
        return _flat_rows(children, grids)
    rows = []
    for child in el:
        if not isinstance(child.tag, str):
            continue
        if (child.get("role") or "").lower() == "rowgroup":
            groups = [g for g in child if isinstance(g.tag, str)]
        else:
            groups = [child]
        for row in groups:
            cells = [c for c in row if isinstance(c.tag, str)][:MAX_COLUMNS]
            if not cells:
                continue
            rows.append([_cell(c, (c.get("role") or "").lower() in ("columnheader", "rowheader")
                               or "head" in (c.get("class") or "")) for c in cells])
            if len(rows) >= MAX_ROWS:
                return rows
    return rows
