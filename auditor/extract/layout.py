"""Layouts that carry their structure in positions rather than in elements: text laid out by
absolute positions (PDF-to-HTML exports) and tables typed out in <pre>. Both are rebuilt as
ordinary paragraphs, headings and tables before the page is read."""

from __future__ import annotations

from collections import Counter
from typing import Any

import lxml.etree

from .. import lazy_re

Element = Any

_LEFT = lazy_re.compile(r"left:\s*(-?\d+(?:\.\d+)?)px")
_TOP = lazy_re.compile(r"top:\s*(-?\d+(?:\.\d+)?)px")
_HEADING = lazy_re.compile(r"^(?:\d+(?:\.\d+)*\.?|[IVXLC]+\.|[A-Z]\.)\s+\S.{0,60}$|^[A-Z0-9 ,'&/-]{3,60}$")
# A tab between words on one line: a typed column, not the source's indentation
_TABBED = lazy_re.compile(r"\S[ ]*\t\s*\S")
_RULE_LINE = lazy_re.compile(r"^[\s\-=_+|:]+$")


# ".x3{left:230px}", ".y12{bottom:765px}", ".t{position:absolute;...}": positions given by class,
# as PDF-to-HTML converters (pdf2htmlEX) write them
_CLASS_RULE = lazy_re.compile(r"\.([A-Za-z_][\w-]*)\s*\{([^{}]*)\}")
_BOTTOM = lazy_re.compile(r"bottom:\s*(-?\d+(?:\.\d+)?)px")


def class_positions(styles: str) -> dict[str, str]:
    """Class name -> the position declarations its CSS rule makes (only classes that make one)."""
    out = {}
    if "left" not in styles and "bottom" not in styles and "top" not in styles:
        return out
    for name, body in _CLASS_RULE.findall(styles):
        if "absolute" in body or _LEFT.search(body) or _TOP.search(body) or _BOTTOM.search(body):
            out[name] = out.get(name, "") + ";" + body
    return out


# Cheap tests, in C, that spare a page the passes below when it has nothing for them (most have
# nothing): the elements an inline style positions absolutely (with no CSS that positions by
# class, only their parents can hold a positioned layout); the text nodes that hold a tab after a
# non-space on their line, or at their start (where a tab in a line's text must be): the XPath
# leaves out nodes of whitespace whose first tab comes after a line break (indentation).
_ABSOLUTE = lxml.etree.XPath("//*[contains(@style, 'absolute')]")
_TAB_TEXTS = lxml.etree.XPath("//text()[contains(., '\t') and (normalize-space(.) or starts-with(translate(., ' ', ''), '\t'))]",
                              smart_strings=False)
_TAB_AFTER_TEXT = lazy_re.compile(r"\S[ ]*\t|^[ ]*\t")


def rebuild(root: Element, styles: str = "", *, inline_absolute: bool = True, tabs: bool = True) -> None:
    """`inline_absolute`, `tabs`: False when the page's source holds no inline style that
    positions absolutely, or no tab (neither the word or the character nor a character
    reference that could spell it), so that the tree is not searched for them."""
    classes = class_positions(styles)
    if any("absolute" in body for body in classes.values()):
        containers = _positioned_containers(root, classes)
    else:  # only an inline style positions: only the parents of such elements can be containers
        parents = {el.getparent() for el in _ABSOLUTE(root)} if inline_absolute else set()
        containers = _positioned_containers(root, classes, parents) if parents else []
    for container in containers:
        _rebuild_positioned(container, classes)
    for pre in list(root.iter("pre")):
        _rebuild_pre(pre)
    if not tabs or not any(_TAB_AFTER_TEXT.search(t) for t in _TAB_TEXTS(root)):
        return
    for parent in {line.getparent() for line in root.iter("p", "div") if _TABBED.search("".join(line.itertext()))}:
        if parent is not None:
            _rebuild_tabbed(parent)


def _position(el: Element, classes: dict[str, str]) -> tuple[float, float] | None:
    """(top, left) of an absolutely positioned element, from its style or its classes' rules
    (a position from the bottom counts upwards)."""
    style = el.get("style") or ""
    if classes and el.get("class"):
        style = ";".join(classes.get(c, "") for c in el.get("class").split()) + ";" + style
    if "absolute" not in style:
        return None
    left = _LEFT.search(style)
    top = _TOP.search(style)
    bottom = None if top else _BOTTOM.search(style)
    if not left or not (top or bottom):
        return None
    return (float(top.group(1)) if top else -float(bottom.group(1))), float(left.group(1))  # type: ignore[union-attr]


def _positioned_containers(root: Element, classes: dict[str, str], among: set[Element] | None = None) -> list[Element]:
    """The elements (in document order) most of whose children are positioned; only those
    `among` the given ones, when given."""
    out = []
    for el in root.iter():
        if among is not None and el not in among:
            continue
        children = [c for c in el if isinstance(c.tag, str)]
        if len(children) >= 5 and sum(1 for c in children if _position(c, classes)) >= 0.8 * len(children):
            out.append(el)
    return out


def _rebuild_positioned(container: Element, classes: dict[str, str]) -> None:
    items = []
    for child in container:
        if not isinstance(child.tag, str):
            continue
        pos = _position(child, classes)
        if pos is not None:
            items.append((pos[0], pos[1], "".join(child.itertext()).strip(), child.sourceline))
    if not items:
        return
    lines: list[list[tuple[float, float, str, Any]]] = []
    for item in sorted(items):
        if lines and abs(lines[-1][0][0] - item[0]) <= 3:
            lines[-1].append(item)
        else:
            lines.append([item])
    for child in list(container):
        container.remove(child)
    container.text = None
    paragraph: Element | None = None
    table: Element | None = None
    columns: list[float] = []  # the lefts of the table's columns
    last: dict[int, Element] = {}  # the cells of its last row, by column
    for line in lines:
        cells = [c for c in sorted(line, key=lambda c: c[1]) if c[2]]
        if not cells:
            continue
        at = [_column(columns, c[1]) for c in cells] if table is not None else []
        if len(cells) == 1 and at and at[0] and at[0] in last:
            # a line that carries on the text of the cell above it ("4.3 | ... draws on 0-5
            # and" over "| stands on 6 or 7.")
            last[at[0]].text = f"{last[at[0]].text} {cells[0][2]}"
            continue
        if len(cells) == 2 and _CLAUSE_NUMBER.match(cells[0][2]):
            # "4.3 | Der Spieler zieht ...": a numbered clause set beside its number, no table row
            table = None
            paragraph = _sub(container, "p", f"{cells[0][2]} {cells[1][2]}", cells[0][3])
            continue
        if len(cells) >= 2:
            paragraph = None
            if table is not None and (None in at or len(set(at)) < len(at)) and len(cells) != len(columns):
                table = None  # cells under columns of their own, as many as no row before: a table of its own
            if table is None or None in at or len(set(at)) < len(at):
                if table is None:
                    table = _sub(container, "table", "", cells[0][3])
                columns, at = [c[1] for c in cells], list(range(len(cells)))
            row = _sub(table, "tr", "", cells[0][3])
            by_column = dict(zip(at, cells))
            last = {}
            for n in range(max(at) + 1):  # a cell left empty where a line has none ("| third card is |")
                cell = by_column.get(n)
                last[n] = _sub(row, "td", cell[2] if cell else "", cell[3] if cell else cells[0][3])
            continue
        table = None
        text = cells[0][2]
        if _HEADING.match(text) and not text.endswith((".", ",")):
            _sub(container, "h3", text, cells[0][3])
            paragraph = None
        elif paragraph is None:
            paragraph = _sub(container, "p", text, cells[0][3])
        else:
            paragraph.text = f"{paragraph.text} {text}"


_CLAUSE_NUMBER = lazy_re.compile(r"^(?:§\s*)?\d{1,2}(?:\.\d{1,2})+\.?$|^\(?[a-z]\)$")  # "4.3", "§ 2.1", "b)"


def _column(columns: list[float], left: float) -> int | None:
    """The column a cell at `left` stands in (its left within a few pixels of one's)."""
    near = [n for n, x in enumerate(columns) if abs(x - left) <= 12]
    return near[0] if near else None


def _sub(parent: Element, tag: str, text: str, line: Any) -> Element:
    el = lxml.etree.Element(tag) if parent is None else lxml.etree.SubElement(parent, tag)
    el.text = text
    if isinstance(line, int):
        el.sourceline = line
    return el


def _rebuild_pre(pre: Element) -> None:
    """A <pre> is typed text: its paragraphs (split at blank lines) become paragraphs, a line
    indented less than the lines under it becomes their heading, and a paragraph whose lines
    split into the same number of columns becomes a table."""
    chunks: list[list[str]] = [[]]
    for line in "".join(pre.itertext()).splitlines():
        if line.strip():
            chunks[-1].append(line.rstrip())
        elif chunks[-1]:
            chunks.append([])
    made = [el for chunk in chunks if chunk for el in _typed_chunk(chunk, pre.sourceline)]
    parent = pre.getparent()
    if parent is None or not made:
        return
    made[-1].tail = pre.tail
    index = parent.index(pre)
    parent.remove(pre)
    for offset, el in enumerate(made):
        parent.insert(index + offset, el)


def _typed_chunk(lines: list[str], line: Any) -> list[Element]:
    boxed = _box_table(lines, line)
    if boxed is not None:
        return boxed
    if _worded_after_bar([x for x in lines if not _RULE_LINE.match(x)]):
        # "3          | alles außer 8": one bar parts a label from words, which spaces do not part
        boxed = _box_table(lines, line, bars=1)
        if boxed is not None:
            return boxed
    typed = _typed_table([x for x in lines if not _RULE_LINE.match(x)], line)
    if typed is None or not typed[1]:
        # columns apart by one "|" alone ("  3  | anything except an 8"), unless the spaces
        # split every line below the header alike ("  4  |  S  S  Z ...": the bar parts the
        # labels from the cells)
        boxed = _box_table(lines, line, bars=1)
        if boxed is not None:
            return boxed
    if typed is not None:
        return [typed[0]]
    out = []
    indent = [len(x) - len(x.lstrip()) for x in lines]
    if len(lines) > 1 and indent[0] < min(indent[1:]):
        out.append(_sub(None, "h6", lines[0].strip(), line))
        lines = lines[1:]
    p = _sub(None, "p", "", line)
    for n, text in enumerate(lines):
        if n:
            lxml.etree.SubElement(p, "br").tail = text.strip()
        else:
            p.text = text.strip()
    return [*out, p]


def _box_table(lines: list[str], line: Any, bars: int = 2) -> list[Element] | None:
    """A table drawn with "|" between columns (at least `bars` of them a line) and "+---+" lines
    between row groups: each
    line of a group is a row, except the first group's when more follow: that is the header,
    its lines one row ("| Bank- |" over "| er |" over "| total |": "Banker total"). Lines
    above the box are its title."""
    first = next((i for i, x in enumerate(lines) if x.count("|") >= bars or (_RULE_LINE.match(x) and "+" in x)), None)
    if first is None:
        return None
    groups: list[list[list[str]]] = [[]]
    for x in lines[first:]:
        if _RULE_LINE.match(x) and "|" not in x.strip().strip("|+"):
            if groups[-1]:
                groups.append([])
            continue
        if x.count("|") < bars:
            return None  # every row has its bars ("| 3 | draws |"; with `bars` 1, "3 | draws" too)
        groups[-1].append([c.strip() for c in x.strip().strip("|").split("|")])
    groups = [g for g in groups if g]
    rows = [r for g in groups for r in g]
    if len(rows) < 3 or len({len(r) for r in rows}) != 1 or len(rows[0]) < 2:
        return None
    if len(groups) > 1 and len(groups[0]) > 1:
        head = [" ".join(r[c] for r in groups[0] if r[c]).replace("- ", "") for c in range(len(rows[0]))]
        rows = [head, *[r for g in groups[1:] for r in g]]
    title = [_sub(None, "h6", " ".join(x.strip() for x in lines[:first]), line)] if first else []
    return [*title, _table_of(rows, line)]


def _typed_table(lines: list[str], line: Any) -> tuple[Element, bool] | None:
    """Lines typed as columns: most split into the same number (three or more) of fields; a
    line with more fields is a header whose first fields are one label ("TOTAL | P3: 0 1 2"),
    a line with fewer a title. With the table, whether every line split alike below the header
    lines (the lines split otherwise are all above those split alike)."""
    if len(lines) < 3:
        return None
    # fields apart by any space ("0 D D D S"), or by two or more where fields hold single
    # spaces ("0 (10, J, Q, K)   0 - 3   4 - 7") and more lines agree on three or more of them
    rows = [[f for f in x.split() if f not in ("|", "+", "||")] for x in lines]
    width, count = _modal(rows)
    wide = [[f for f in _wide_split(x) if f not in ("|", "+", "||")] for x in lines]
    wide_width, wide_count = _modal(wide)
    if wide_width >= 3 and wide_count > count:
        rows, width, count = wide, wide_width, wide_count
    if width < 3 or count < 3 or count * 2 < len(rows):
        return None
    if _prose([r for r in rows if len(r) == width], width):
        return None  # lines of words apart by single spaces ("Bank 4 : trekt als die kaart 2 t.e.m. 7 is"): prose
    shaped = []
    for r in rows:
        if len(r) > width:
            r = [" ".join(r[:len(r) - width + 1]), *r[len(r) - width + 1:]]
        elif len(r) < width:  # a title line above the columns
            r = [" ".join(r)] + [""] * (width - 1) if len(r) < width - 1 else [""] * (width - len(r)) + r
        shaped.append(r)
    first = next(i for i, r in enumerate(rows) if len(r) == width)
    return _table_of(shaped, line), all(len(r) == width for r in rows[first:])


def _worded_after_bar(lines: list[str]) -> bool:
    """Whether every line has a bar and most hold a word after it ("| alles außer 8", "| 2 bis 7"),
    not marks alone ("|  S  S  Z")."""
    if len(lines) < 3 or not all("|" in x for x in lines):
        return False
    worded = sum(any(len(w) >= 3 and w.isalpha() for w in x.rsplit("|", 1)[1].split()) for x in lines)
    return worded * 2 > len(lines)


def _prose(rows: list[list[str]], width: int) -> bool:
    """Whether lines split into fields are words of prose: a chart's row repeats a few marks or
    words ("3 draw draw stand ..."), a line of prose (six fields or more) has different words in
    half its fields or more."""
    words = [len({w for w in (f.strip(",.;:'").lower() for f in r) if len(w) >= 2 and w.isalpha()}) for r in rows]
    return bool(words) and width >= 6 and sum(words) * 2 >= width * len(words)


def _wide_split(line: str) -> list[str]:
    return [f for f in _WIDE_GAP.split(line.strip()) if f]


_WIDE_GAP = lazy_re.compile(r"\s{2,}|\t")


def _modal(rows: list[list[str]]) -> tuple[int, int]:
    """The number of fields most lines have, and how many have it."""
    width, count = max(Counter(len(r) for r in rows).items(), key=lambda wc: (wc[1], wc[0]))
    return width, count


def _table_of(rows: list[list[str]], line: Any) -> Element:
    """A <table> of the given cell texts."""
    table = _sub(None, "table", "", line)
    for cells in rows:
        tr = lxml.etree.SubElement(table, "tr")
        for cell in cells:
            lxml.etree.SubElement(tr, "td").text = cell
    return table


def _rebuild_tabbed(parent: Element) -> None:
    """Three or more consecutive lines whose text splits at tabs into the same number of fields
    (a PDF or word-processor export) are a table."""
    children = [c for c in parent if isinstance(c.tag, str)]
    run: list[tuple[Element, list[str]]] = []
    for child in [*children, None]:
        fields = None
        if child is not None:
            text = "".join(child.itertext())
            fields = [f.strip() for f in text.strip().split("\t")] if _TABBED.search(text) else None
        if fields is not None and len(fields) >= 2 and (not run or len(fields) == len(run[0][1])):
            run.append((child, fields))
            continue
        if len(run) >= 3:
            table = _table_of([cells for _, cells in run], run[0][0].sourceline)
            table.tail = run[-1][0].tail
            parent.replace(run[0][0], table)
            for line, _ in run[1:]:
                parent.remove(line)
        run = [(child, fields)] if fields is not None and len(fields) >= 2 else []
