"""The club's words in the reader's language: the Club page, the player page, head-to-head.

They are the core catalogue's ``club.*`` keys (whistscore/locale/<lang>.po), so the scorepad and any later reader of the
club's answers say the same thing.  A record's words are keyed by the
record's name in the JSON; their English is what the CLI and the JSON say
(``records.TITLES`` is read from here); a game's name is the game's own
(:func:`whistscore.i18n.game_name`).  This module imports nothing of the club,
so a page can take its words where the archive cannot run (no sqlite3).
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from ..language import CORE, ENGLISH, langs

__all__ = ["RECORD_TITLES", "Words", "own_words", "period_words", "words"]


#: each record's English title, as the CLI and the JSON give it
RECORD_TITLES = {k[len("club.record."):]: v for k, v in CORE.texts(ENGLISH).items()
                 if k.startswith("club.record.")}


class Words(dict[str, str]):
    """The club's words in one language, and :meth:`say` to fill one in: a page or the
    text says "3 вечера" and "1 evening" with the words alone."""

    def __init__(self, lang: str, table: dict[str, str]) -> None:
        super().__init__(table)
        self.lang = lang

    def say(self, key: str, *args: object) -> str:
        """The word ``key`` with ``args``: numbers agreeing, names in their case."""
        from ..i18n import formed

        return formed(self[key], args, self.lang)


def words(lang: str) -> Words:
    """The club's words in ``lang`` ("en" or "ru"; anything else is English)."""
    from ..games import GAMES, get_game
    from ..i18n import game_name

    out = own_words(lang)
    # each game's name as the game itself says it (``game.<kind>``): a new game needs no
    # word here
    out.update({f"game.{kind}": game_name(get_game(kind), out.lang) for kind in GAMES})
    return out


def own_words(lang: str) -> Words:
    """The club's own words in ``lang``, without the games' names: the command line's text
    of an archive names the games as the archive keeps them, and loads no game."""
    if lang not in langs():
        lang = ENGLISH
    table = {k[5:]: v for k, v in CORE.texts(ENGLISH).items() if k.startswith("club.")}
    if lang != ENGLISH:
        table.update({k[5:]: v for k, v in CORE.texts(lang).items() if k.startswith("club.")})
    # the units are the core's words (unit.vist, said once for every reader)
    table.update({k: v for k, v in CORE.texts(ENGLISH).items() if k.startswith("unit.")})
    table.update({k: v for k, v in CORE.texts(lang).items() if k.startswith("unit.")})
    return Words(lang, table)


def period_words(w: Mapping[str, str], period: Mapping[str, Any]) -> str:
    """A period of the club's answers (``{"season", "from", "to"}``) in ``w``'s language."""
    if period["season"]:
        return w["season"].format(period["season"], period["from"], period["to"])
    if period["from"] or period["to"]:
        if not period["to"]:
            return w["from_day"].format(period["from"])
        if not period["from"]:
            return w["until_day"].format(period["to"])
        return w["range"].format(period["from"], period["to"])
    return w["all_time"]


#: the words a club's English notice or left-out reason is made from, tried in this order
SAID_AGAIN = ("notice.not_kept_foreign", "notice.not_kept", "notice.set_aside", "notice.odd",
              "notice.took_results", "notice.excluded_missing", "notice.look_alike",
              "left.copy_first", "left.copy", "left.same_player")
#: a field of a word: "{0}", "{0@genitive}", "{0|game|games}"
_FIELD = re.compile(r"\{(\d)(?:@\w+|((?:\|[^{}|]*)+))?\}")
#: longer than this, a text is not said again (its fields are matched by backtracking)
_SAID_AGAIN_MAX = 4000


def _pattern(template: str) -> re.Pattern[str]:
    """The English ``template`` as a pattern that finds its fields in a text made from it:
    a field said twice is the same text both times, a word agreeing with a number is any
    of its forms."""
    out, seen, pos = [], set(), 0
    for m in _FIELD.finditer(template):
        out.append(re.escape(template[pos:m.start()]))
        i = m.group(1)
        if m.group(2):
            out.append("(?:" + "|".join(re.escape(f) for f in m.group(2)[1:].split("|")) + ")")
        elif i in seen:
            out.append(f"(?P=a{i})")
        else:
            seen.add(i)
            out.append(f"(?P<a{i}>.*?)")
        pos = m.end()
    out.append(re.escape(template[pos:]))
    return re.compile("".join(out), re.S)


_PATTERNS: dict[str, re.Pattern[str]] = {}


def said_again(text: str, lang: str) -> str:
    """A club notice or left-out reason (made in English from :data:`SAID_AGAIN`'s words)
    said in ``lang``: the archive keeps and answers them in English, and a Russian reader
    reads them in Russian.  A cause among the fields ("the disk is full") is said in
    ``lang`` too; a text made from no such word (a game file's own error) is returned as
    it is."""
    if lang == "en" or len(text) > _SAID_AGAIN_MAX:
        return text
    en = own_words("en")
    for key in SAID_AGAIN:
        pattern = _PATTERNS.get(key)
        if pattern is None:
            pattern = _PATTERNS[key] = _pattern(en[key])
        m = pattern.fullmatch(text)
        if m is None:
            continue
        w = own_words(lang)
        causes = {en[k]: w[k] for k in en if k.startswith("cause.")}
        fields = m.groupdict()
        args: list[object] = []
        for i in range(max((int(k[1:]) for k in fields), default=-1) + 1):
            value = fields.get(f"a{i}", "")
            args.append(int(value) if value.isdigit() else causes.get(value, value))
        return w.say(key, *args)
    return text
