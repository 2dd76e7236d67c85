"""What changed between two drawings of a part of the table page, as splices a page applies.

A deal's answer used to carry the table's whole live view (the sheet, the deals, the strip:
about 21 KB at 200 deals, and a whist marker's sheet grows by a row a deal), which the page
then parsed and drew again.  The app keeps the view it last drew for a game (``live.Views``);
when the page says it holds that very view, the answer carries only the splices that turn it
into the new one, and the page applies them (``static/live.js``).

The HTML here is the app's own (its templates and ``paper.ink.html``), so it is read with a
small tokenizer rather than a full parser: a tag is ``<...>`` (no ``>`` is ever raw inside
one: every attribute is escaped), and each element must be closed explicitly, in order.
Anything else — an unclosed or misnested element, a raw-text element, a table row the
browser would wrap in a ``<tbody>`` of its own — is a drawing the browser may parse into
another tree than this one, and that part is sent whole (:func:`splices` answers None).

A splice is ``[path, a, b, n, html]``: in the element reached from the part's container by
``path`` (indexes among element children, as ``Element.children``), which has ``n`` element
children, the nodes from the text before child ``a`` through child ``b - 1`` are replaced by
``html`` (``a == b``: inserted before the text before child ``a``; ``a == n``: before the
text after the last child).  Splices are listed in the order they apply: right to left, so
each one's indexes are those of the drawing the page holds.  ``n`` lets the page check that
its tree is the one meant; a page whose tree differs asks for the whole view.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import Any

__all__ = ["Drawing", "read", "splices"]

#: elements HTML writes with no end tag
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})
#: elements whose content the browser reads as raw text, or moves: never spliced into
RAW = frozenset({"script", "style", "textarea", "title", "xmp", "iframe", "noembed",
                 "noframes", "noscript", "plaintext", "template", "select", "option"})
#: where the browser takes a table's row or cell only (anything else: it moves the element)
PARENTS = {"tr": frozenset({"thead", "tbody", "tfoot"}), "td": frozenset({"tr"}),
           "th": frozenset({"tr"}), "thead": frozenset({"table"}),
           "tbody": frozenset({"table"}), "tfoot": frozenset({"table"}),
           "caption": frozenset({"table"}), "li": frozenset({"ol", "ul", "menu"})}
#: a ``<p>`` ends where one of these begins (the browser closes it): never inside one here
BLOCKS = frozenset({"address", "article", "aside", "blockquote", "details", "div", "dl",
                    "fieldset", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
                    "header", "hr", "main", "nav", "ol", "p", "pre", "section", "table", "ul"})

_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)[^>]*>|<!--|<!")


class Drawing:
    """An element of a drawing: its tag, where it starts and ends in the text, where its
    content starts and ends, and its element children."""

    __slots__ = ("tag", "start", "end", "inner", "close", "children")

    def __init__(self, tag: str, start: int, inner: int) -> None:
        self.tag = tag
        self.start = start
        self.inner = inner
        self.close = inner
        self.end = inner
        self.children: list[Drawing] = []


class _Unsure(Exception):
    """The browser may read this HTML into another tree."""


def read(text: str) -> Drawing | None:
    """The tree of a part's HTML (its root stands for the part's container), or None when
    the browser may read it otherwise (the module's docstring)."""
    root = Drawing("", 0, 0)
    stack = [root]
    try:
        for m in _TAG.finditer(text):
            if m.group(2) is None:
                raise _Unsure  # a comment or a doctype
            closing, tag = m.group(1) == "/", m.group(2).lower()
            top = stack[-1]
            if closing:
                if top is root or top.tag != tag:
                    raise _Unsure
                top.close, top.end = m.start(), m.end()
                stack.pop()
                continue
            if (tag in RAW and not any(s.tag == "svg" for s in stack)) \
                    or (tag in PARENTS and top.tag not in PARENTS[tag]) \
                    or (tag in BLOCKS and any(s.tag == "p" for s in stack)):
                raise _Unsure
            node = Drawing(tag, m.start(), m.end())
            top.children.append(node)
            if tag in VOID or m.group(0).endswith("/>"):
                if tag not in VOID and not any(s.tag == "svg" for s in stack):
                    raise _Unsure  # "<div/>" opens a div in HTML
                continue
            stack.append(node)
    except _Unsure:
        return None
    if len(stack) != 1:
        return None
    root.end = root.close = len(text)
    return root


def _units(text: str, node: Drawing) -> tuple[list[str], str]:
    """The element children of ``node``, each with the text before it, and the text after
    the last."""
    out, at = [], node.inner
    for child in node.children:
        out.append(text[at:child.end])
        at = child.end
    return out, text[at:node.close]


def splices(old: str, old_tree: Drawing | None, new: str, new_tree: Drawing | None
            ) -> list[list[Any]] | None:
    """The splices that turn the part drawn as ``old`` into ``new``, or None (send it whole:
    either cannot be read for sure, or the text after the container's last element moved)."""
    if old_tree is None or new_tree is None:
        return None
    out: list[list[Any]] = []
    return out if _diff(old, old_tree, new, new_tree, [], out) else None


def _diff(old: str, a: Drawing, new: str, b: Drawing, path: list[int],
          out: list[list[Any]]) -> bool:
    """The splices inside element ``a`` that make it ``b`` (same start tag), appended to
    ``out``; False when its last text differs (the caller replaces the element)."""
    units_a, tail_a = _units(old, a)
    units_b, tail_b = _units(new, b)
    if tail_a != tail_b:
        return False
    n = len(units_a)   # a's element children as the page holds them when a splice comes
    ops = SequenceMatcher(None, units_a, units_b, autojunk=False).get_opcodes()
    for op, i1, i2, j1, j2 in reversed(ops):
        if op == "equal":
            continue
        if op != "replace":
            out.append([path, i1, i2, n, "".join(units_b[j1:j2])])
            n += (j2 - j1) - (i2 - i1)
            continue
        # units replaced: paired from the left, each changed inside when it can be (the
        # deals' list and its heading), the ones left over on either side spliced first
        m = min(i2 - i1, j2 - j1)
        if i2 - i1 > m or j2 - j1 > m:
            out.append([path, i1 + m, i2, n, "".join(units_b[j1 + m:j2])])
            n += (j2 - j1) - (i2 - i1)
        for k in reversed(range(m)):
            x, y = a.children[i1 + k], b.children[j1 + k]
            ux, uy = units_a[i1 + k], units_b[j1 + k]
            inner: list[list[Any]] = []
            if (ux[:len(ux) - (x.end - x.start)] == uy[:len(uy) - (y.end - y.start)]
                    and old[x.start:x.inner] == new[y.start:y.inner] and x.tag not in VOID
                    and _diff(old, x, new, y, path + [i1 + k], inner)
                    and sum(len(s[4]) for s in inner) < len(uy)):
                out.extend(inner)
            else:
                out.append([path, i1 + k, i1 + k + 1, n, uy])
    return True
