"""Pages built by scripts: an app shell whose rules appear only once its scripts run.

`scripted_cause(text)` looks at a page as fetched (its decoded HTML) and says, in a short
phrase, why it looks like a single-page app: little readable text beside an app root
(`<div id="__next">`, `<div id="root">`, `<app-root>` ...), large inline scripts, several
script bundles, or a state blob (`__NEXT_DATA__`, `window.__INITIAL_STATE__`, `__NUXT__` ...);
or an element the page as fetched leaves empty that an inline script writes into by its id
(`getElementById("rules-root").innerHTML = ...`) or by an attribute (`querySelector("[data-rules-host]")`),
whatever the rest of the page holds (a cookie banner or other furniture filled so is no sign).
Such a page's "missing" findings cannot be certain (`auditor.certainty`); what its scripts'
data holds is never read as a statement (the document reader drops every script).

The phrase names only things from the lists below and counts, never text taken from the page.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
import re

from .. import lazy_re
from .document import furniture_names

LITTLE_TEXT = 500
"""Fewer readable characters than this is "little text" (a rules page states far more)."""
SOME_TEXT = 3000
"""A page with an empty app root may carry this much chrome (menus, a footer) and still be a shell."""
LARGE_SCRIPTS = 50 * 1024
"""Inline script bytes from which the scripts alone make a page with little text an app shell."""

#: App roots: an element with one of these ids, or one of these elements or attributes
#: (matched as written, in lower case, as frameworks write them: a fast literal search).
_ROOT_IDS = ("__next", "__nuxt", "___gatsby", "svelte", "root", "app")
_ROOT_MARKS = ("<app-root", "ng-app", "ng-version", "data-reactroot", "data-v-app")
_ROOT = lazy_re.compile(r"""(?:\bid|\bID)\s*=\s*["']?(?P<id>""" + "|".join(_ROOT_IDS) + r""")(?=["'\s/>])|(?P<mark>"""
                   + "|".join(re.escape(m) for m in _ROOT_MARKS) + ")")
# The same, as searches that start with a literal (which the regex engine skips ahead to): a
# quick test that a page has no app root at all.
_ROOT_IDS_LOWER = lazy_re.compile(r"""id\s*=\s*["']?(?:""" + "|".join(_ROOT_IDS) + r""")(?=["'\s/>])""")
_ROOT_IDS_UPPER = lazy_re.compile(r"""ID\s*=\s*["']?(?:""" + "|".join(_ROOT_IDS) + r""")(?=["'\s/>])""")
_ROOT_TAGS = frozenset("div main section article span body app-root".split())
"""Tag names the phrase may name (any other is "an element")."""
#: State blobs: the data an app is started with, named as the phrase names them.
_BLOB = lazy_re.compile(r"__(?:NEXT_DATA|NUXT|INITIAL_STATE|PRELOADED_STATE|APOLLO_STATE|REDUX_STATE|INITIAL_PROPS|"
                   r"APP_STATE|STATE|DATA)__|__remixContext|__sveltekit")
_TAG_NAME = lazy_re.compile(r"<([A-Za-z][A-Za-z0-9-]*)")
_SCRIPT_OPEN = lazy_re.compile(r"<script\b([^>]*)>", re.IGNORECASE)
_SCRIPT_CLOSE = lazy_re.compile(r"</script\s*>", re.IGNORECASE)
_HIDDEN = lazy_re.compile(r"<(style|noscript|template|svg|title)\b[^>]*>.*?</\1\s*>|<!--.*?-->", re.IGNORECASE | re.DOTALL)
_TAG = lazy_re.compile(r"<[^>]*>")
_SPACE = lazy_re.compile(r"\s+")
_PIECE = 64 * 1024
PLACEHOLDER = 40
"""An element with fewer readable characters than this holds at most a placeholder ("Loading ...")."""
#: A script that writes into the document, and the elements it names by id.
_WRITES = lazy_re.compile(r"\.innerHTML\s*\+?=|\.outerHTML\s*=|\.appendChild\(|\.insertAdjacentHTML\(|\.append\(|"
                          r"\.replaceChildren\(|\.replaceWith\(|document\.write(?:ln)?\(|\.textContent\s*=|\.render\(")
_TARGET = lazy_re.compile(r"""getElementById\(\s*["'](?P<id>[\w:.-]{1,80})["']\s*\)|"""
                          r"""querySelector\(\s*["']#(?P<hash>[\w-]{1,80})["']\s*\)|"""
                          r"""querySelector\(\s*["']\[(?P<attr>[\w-]{1,80})\]["']\s*\)""")
_NAMED = lazy_re.compile(r"([A-Za-z_$][\w$]*)\s*=\s*(?:document|window\.document)\s*\.\s*$")
_EMPTY_AFTER = lazy_re.compile(r"\s*(?:<!--.*?-->\s*)*</", re.DOTALL)


def scripted_cause(text: str, read: int | None = None) -> str | None:
    """Why the page looks built by scripts, as a short phrase, or None when it does not. `read`:
    the characters of text the reader found, when known (a page with some text needs an app root
    to be a shell, which one search can rule out)."""
    if not _SCRIPT_OPEN.search(text):
        return None
    filled = _filled_by_script(text)
    if filled is not None:
        return filled
    if read is not None and (read >= SOME_TEXT or read >= LITTLE_TEXT and not _may_have_root(text)):
        return None
    inline, external, modules, rest = _scripts(text)
    chars = _readable(rest)
    if chars >= SOME_TEXT:
        return None
    root = _ROOT.search(rest)
    root_name = _root_name(rest, root) if root else None
    empty_root = bool(root and _EMPTY_AFTER.match(rest, rest.find(">", root.end() - 1) + 1))
    blob = _BLOB.search(text)
    scripts = inline >= LARGE_SCRIPTS or external >= 2 or modules > 0
    if chars < LITTLE_TEXT:
        if not (root or blob or scripts):
            return None
    elif not (empty_root and (blob or inline or external)):
        return None
    parts = [f"an {'empty ' if empty_root else ''}app root {root_name}" if root_name else "a page",
             f"with {chars} characters of text"]
    loads = []
    if inline:
        loads.append(f"{_size(inline)} of inline scripts")
    if external:
        loads.append(f"{external} script file{'s' if external != 1 else ''}")
    if loads:
        parts.append("and " + " and ".join(loads))
    phrase = " ".join(parts)
    if blob:
        phrase += f", and a {blob.group(0)} state blob"
    return phrase


def _filled_by_script(text: str) -> str | None:
    """`an empty <div id="rules-root"> that an inline script fills`, when an inline script writes
    into an element by its id (`getElementById("rules-root").innerHTML = ...`) that the page as
    fetched leaves empty (or holds a placeholder of a few words: "Loading ..."); else None."""
    ids: list[str] = []
    for body in _inline_bodies(text):
        if not _WRITES.search(body):
            continue
        for m in _TARGET.finditer(body):
            after = body[m.end():]
            named = _NAMED.search(body[max(0, m.start() - 80):m.start()])
            written = _WRITES.match(after) or (named and re.search(
                r"(?<![\w.$])" + re.escape(named.group(1)) + r"\s*(?:" + _WRITES.pattern + ")", after))
            if written:
                ids.append((m.group("id") or m.group("hash"), False) if m.group("attr") is None else (m.group("attr"), True))
    for name, attribute in dict.fromkeys(ids):
        # the element by its id, or by an attribute it carries (`[data-rules-host]`)
        marked = (r"\b" + re.escape(name) + r"(?=[\s=/>])" if attribute
                  else r"\bid\s*=\s*[\"']?" + re.escape(name) + r"[\"'\s/>]")
        opening = re.search(r"<([A-Za-z][A-Za-z0-9-]*)\b[^>]*" + marked, text)
        if opening is None or opening.group(1).lower() == "script" or furniture_names(re.sub(r"[\"'=<>]", " ", opening.group(0))):
            continue  # (a consent banner a script fills: no sign the rules are written so)
        tag = opening.group(1).lower()
        start = text.find(">", opening.end() - 1) + 1
        close = re.compile(r"</" + re.escape(tag) + r"\s*>", re.IGNORECASE).search(text, start)
        inside = text[start:close.start() if close else len(text)]
        if _readable(inside, PLACEHOLDER) < PLACEHOLDER:
            shown = tag if tag in _ROOT_TAGS else "…"
            named = html.escape(name[:40]) if attribute else f'id="{html.escape(name[:40])}"'
            return f"an empty <{shown} {named}> that an inline script fills"
    return None


def _inline_bodies(text: str) -> list[str]:
    """The bodies of the inline scripts."""
    return [text[body:end] for _, attrs, body, end, _ in _script_tags(text) if not _external(attrs)]


def _may_have_root(text: str) -> bool:
    """Whether `text` may hold an app root (a superset of what `_ROOT` finds, tested fast)."""
    return (any(mark in text for mark in _ROOT_MARKS) or _ROOT_IDS_LOWER.search(text) is not None
            or _ROOT_IDS_UPPER.search(text) is not None)


def _root_name(text: str, root: re.Match[str]) -> str:
    """How the phrase names the app root: `<div id="__next">`, `<app-root>`, `<… ng-app>`."""
    if root.group("mark") == "<app-root":
        return "<app-root>"
    opening = _TAG_NAME.match(text, max(0, text.rfind("<", 0, root.start())))
    tag = opening.group(1).lower() if opening else ""
    tag = tag if tag in _ROOT_TAGS else "…"
    if root.group("id"):
        return f'<{tag} id="{root.group("id")}">'
    return f"<{tag} {root.group('mark')}>"


def _script_tags(text: str) -> Iterator[tuple[int, str, int, int, int]]:
    """Each <script> element: where it opens, its attributes (lower case), where its body starts
    and ends, and where the element ends."""
    at = 0
    while (m := _SCRIPT_OPEN.search(text, at)) is not None:
        close = _SCRIPT_CLOSE.search(text, m.end())
        end = close.start() if close else len(text)
        at = close.end() if close else len(text)
        yield m.start(), m.group(1).lower(), m.end(), end, at


def _external(attrs: str) -> bool:
    return "src" in attrs and re.search(r"\bsrc\s*=", attrs) is not None


def _scripts(text: str) -> tuple[int, int, int, str]:
    """Inline script characters, external scripts, module scripts, and the text without scripts."""
    inline = external = modules = 0
    kept: list[str] = []
    at = 0
    for start, attrs, body, end, after in _script_tags(text):
        kept.append(text[at:start])
        if _external(attrs):
            external += 1
        if re.search(r"\btype\s*=\s*[\"']?module", attrs):
            modules += 1
        inline += len(text[body:end].strip())
        at = after
    kept.append(text[at:])
    return inline, external, modules, "".join(kept)


def _readable(markup: str, enough: int = SOME_TEXT) -> int:
    """Characters of readable text (tags, styles, comments and hidden templates left out),
    counted piece by piece up to `enough`, so a long page is not read to its end."""
    total, at = 0, 0
    while at < len(markup) and total < enough:
        end = markup.find("<", at + _PIECE)
        end = len(markup) if end < 0 else end
        words = _SPACE.sub(" ", html.unescape(_TAG.sub(" ", _HIDDEN.sub(" ", markup[at:end])))).strip()
        total += len(words) + (1 if words and total else 0)
        at = end
    return total


def _size(chars: int) -> str:
    return f"{chars // 1024} KB" if chars >= 1024 else f"{chars} bytes"
