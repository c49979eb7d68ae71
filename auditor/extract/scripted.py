"""Pages built by scripts: an app shell whose rules appear only once its scripts run.

`scripted_cause(text)` looks at a page as fetched (its decoded HTML) and says, in a short
phrase, why it looks like a single-page app: little readable text beside an app root
(`<div id="__next">`, `<div id="root">`, `<app-root>` ...), large inline scripts, several
script bundles, or a state blob (`__NEXT_DATA__`, `window.__INITIAL_STATE__`, `__NUXT__` ...).
Such a page's "missing" findings cannot be certain (`auditor.certainty`); what its scripts'
data holds is never read as a statement (the document reader drops every script).

The phrase names only things from the lists below and counts, never text taken from the page.
"""

from __future__ import annotations

import html
import re

LITTLE_TEXT = 500
"""Fewer readable characters than this is "little text" (a rules page states far more)."""
SOME_TEXT = 3000
"""A page with an empty app root may carry this much chrome (menus, a footer) and still be a shell."""
LARGE_SCRIPTS = 50 * 1024
"""Inline script bytes from which the scripts alone make a page with little text an app shell."""

#: App roots, as (pattern on an opening tag, how the phrase names it).
_ROOTS = (
    (r"<div\b[^>]*\bid\s*=\s*[\"']?__next\b", '<div id="__next">'),
    (r"<div\b[^>]*\bid\s*=\s*[\"']?__nuxt\b", '<div id="__nuxt">'),
    (r"<div\b[^>]*\bid\s*=\s*[\"']?___gatsby\b", '<div id="___gatsby">'),
    (r"<div\b[^>]*\bid\s*=\s*[\"']?svelte\b", '<div id="svelte">'),
    (r"<div\b[^>]*\bid\s*=\s*[\"']?root[\"'\s>]", '<div id="root">'),
    (r"<div\b[^>]*\bid\s*=\s*[\"']?app[\"'\s>]", '<div id="app">'),
    (r"<app-root\b", "<app-root>"),
    (r"<[a-z][\w-]*\b[^>]*\bng-(?:app|version)\b", "<… ng-app>"),
    (r"<[a-z][\w-]*\b[^>]*\bdata-reactroot\b", "<… data-reactroot>"),
    (r"<[a-z][\w-]*\b[^>]*\bdata-v-app\b", "<… data-v-app>"),
)
_ROOT = re.compile("|".join(f"(?P<r{i}>{p})" for i, (p, _) in enumerate(_ROOTS)), re.IGNORECASE)
#: State blobs: the data an app is started with, named as the phrase names them.
_BLOBS = ("__NEXT_DATA__", "__NUXT__", "__INITIAL_STATE__", "__PRELOADED_STATE__", "__APOLLO_STATE__",
          "__REDUX_STATE__", "__INITIAL_PROPS__", "__remixContext", "__sveltekit", "__APP_STATE__",
          "__STATE__", "__DATA__")
_BLOB = re.compile(r"\b(" + "|".join(re.escape(b) for b in _BLOBS) + r")\b")
_SCRIPT_OPEN = re.compile(r"<script\b([^>]*)>", re.IGNORECASE)
_SCRIPT_CLOSE = re.compile(r"</script\s*>", re.IGNORECASE)
_HIDDEN = re.compile(r"<(style|noscript|template|svg|title)\b[^>]*>.*?</\1\s*>|<!--.*?-->", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^>]*>")
_SPACE = re.compile(r"\s+")
_PIECE = 64 * 1024
_EMPTY_AFTER = re.compile(r"\s*(?:<!--.*?-->\s*)*</", re.DOTALL)


def scripted_cause(text: str) -> str | None:
    """Why the page looks built by scripts, as a short phrase, or None when it does not."""
    if "<script" not in text and "<SCRIPT" not in text.upper():
        return None
    inline, external, modules, rest = _scripts(text)
    chars = _readable(rest)
    if chars >= SOME_TEXT:
        return None
    root = _ROOT.search(rest)
    root_name = _ROOTS[int(root.lastgroup[1:])][1] if root and root.lastgroup else None
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
        phrase += f", and a {blob.group(1)} state blob"
    return phrase


def _scripts(text: str) -> tuple[int, int, int, str]:
    """Inline script characters, external scripts, module scripts, and the text without scripts."""
    inline = external = modules = 0
    kept: list[str] = []
    at = 0
    while True:
        m = _SCRIPT_OPEN.search(text, at)
        if m is None:
            kept.append(text[at:])
            break
        kept.append(text[at:m.start()])
        attrs = m.group(1).lower()
        close = _SCRIPT_CLOSE.search(text, m.end())
        end = close.start() if close else len(text)
        body = end - m.end()
        if "src" in attrs and re.search(r"\bsrc\s*=", attrs):
            external += 1
        if re.search(r"\btype\s*=\s*[\"']?module", attrs):
            modules += 1
        inline += len(text[m.end():end].strip()) if body else 0
        at = close.end() if close else len(text)
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
