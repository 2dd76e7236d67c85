"""Names that look alike: "Anna" typed once with a Cyrillic «А» is one player or two?

Two spellings that differ only by a look-alike letter became two identical-looking
rows, with evenings and money split (issue 32).  They are never merged silently (a
Cyrillic «Анна» and a Latin «Anna» may well be two people): the club lists them as a
warning with the ``--alias`` line that merges them.

Look-alike is Unicode's: the confusable characters of UTS #39 (``confusables.txt``),
as the kept library ``confusable-homoglyphs`` ships them.  Two names look alike when
their skeletons are equal: each character (after NFD) is replaced by one member of
its set of confusables (the set closed over the pairs the data lists, the lowest code
point chosen), then NFD again; case is not folded (the club already takes "ANNA" and
"Anna" for one spelling).  Only single characters are mapped ("rn" for "m" is left
alone: players' names are typed, not crafted).
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Iterable, Mapping

__all__ = ["skeleton", "look_alike"]


@functools.lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Each confusable character -> the one character that stands for its set."""
    # loaded when a club is read, not before; the library ships no type hints
    from confusable_homoglyphs import confusables  # type: ignore[import-untyped]

    parent: dict[str, str] = {}

    def find(c: str) -> str:
        root = c
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(c, c) != root:  # path compression
            parent[c], c = root, parent[c]
        return root

    for char, homoglyphs in confusables.confusables_data.items():
        if len(char) != 1:
            continue
        for h in homoglyphs:
            other = h.get("c") if isinstance(h, dict) else None
            if not isinstance(other, str) or len(other) != 1:
                continue
            a, b = find(char), find(other)
            if a != b:
                parent[max(a, b)] = min(a, b)  # the lowest code point stands for the set
    return {c: find(c) for c in list(parent)}


def skeleton(name: str) -> str:
    """The name as UTS #39 compares names: look-alike characters made one."""
    table = _prototypes()
    text = unicodedata.normalize("NFD", name)
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in text))


def look_alike(names: Iterable[str],
               skeletons: Mapping[str, str] | None = None) -> list[list[str]]:
    """The groups (of two or more) of ``names`` that look alike, each sorted, in order.

    ``skeletons``: each name's :func:`skeleton`, worked out before (the club keeps them:
    a new evening of the same players then loads no table of confusables); a name
    missing from it is worked out here."""
    groups: dict[str, list[str]] = {}
    for name in dict.fromkeys(names):
        known = None if skeletons is None else skeletons.get(name)
        groups.setdefault(skeleton(name) if known is None else known, []).append(name)
    return sorted(sorted(g) for g in groups.values() if len(g) > 1)
