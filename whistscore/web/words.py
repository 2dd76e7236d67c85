"""The scorepad's own words in the reader's language (the sheet's words are i18n's): the
core catalogue's ``web.*`` keys (whistscore/locale/<lang>.po).

The language comes from a ``?lang=`` switch (kept in a cookie) or the
browser's Accept-Language; anything else falls back to English.
"""

from __future__ import annotations

from typing import Mapping

from ..language import CORE, ENGLISH, grammar, langs

__all__ = ["languages", "pick_lang", "words"]



def words(lang: str) -> Mapping[str, str]:
    """The page's words in ``lang`` (the core catalogue's ``web.*`` keys), each key
    without its ``web.`` prefix; a word the language lacks is said in English."""
    found = _WORDS.get(lang)
    if found is None:
        found = {k[4:]: v for k, v in CORE.texts(ENGLISH).items() if k.startswith("web.")}
        if lang != ENGLISH:
            found.update({k[4:]: v for k, v in CORE.texts(lang).items() if k.startswith("web.")})
        # the units are the core's words (unit.vist, said once for every reader)
        found.update(_units(lang))
        _WORDS[lang] = found
    return found


_WORDS: dict[str, dict[str, str]] = {}


def _units(lang: str) -> dict[str, str]:
    """The core's ``unit.*`` words in ``lang`` (English where it lacks one)."""
    out = {k: v for k, v in CORE.texts(ENGLISH).items() if k.startswith("unit.")}
    out.update({k: v for k, v in CORE.texts(lang).items() if k.startswith("unit.")})
    return out


def languages() -> list[tuple[str, str]]:
    """Every language a page may be read in, as ``(code, its own name)``: English, then the
    others in the order of their codes (the catalogues found, whistscore/language.py)."""
    return [(code, grammar(code).name) for code in langs()]


def pick_lang(query: str | None, cookie: str | None, accept: str | None) -> str:
    spoken = langs()
    for choice in (query, cookie):
        if choice in spoken:
            return choice
    best = "en"
    weight = -1.0
    for part in (accept or "")[:200].split(","):
        tag, _, q = part.strip().partition(";q=")
        tag = tag.strip().lower()[:2]
        try:
            w = float(q) if q else 1.0
        except ValueError:
            continue
        if tag in spoken and w > weight:
            best, weight = tag, w
    return best
