"""Numbers, money and dates on a page as its reader writes them (issue 36): a Russian page
writes «148,00 ₽» and «16.10.2026», an English one «148.00» and «2026-10-16».

Only the pages: the API's JSON, the files and the command line keep the exact strings
(``"148.00"``, ISO dates) that programs read back.
"""

from __future__ import annotations

import re

__all__ = ["local_number", "local_currency", "local_date"]

#: a decimal point between digits ("148.00", "-1.50", "1.67"), not a date's or a name's dot
_POINT = re.compile(r"(?<=\d)\.(?=\d)")
#: the ways a rouble is typed as the game's currency; a Russian page writes «₽»
_ROUBLE = {"руб", "руб.", "р", "р.", "rub", "rub.", "rur", "₽"}
#: an ISO date, with or without a time after it
_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?=$|[T ])")


def local_number(value: object, lang: str) -> str:
    """A number with a decimal comma on a Russian page: ``148,00``, ``-1,50``."""
    text = "" if value is None else str(value)
    return _POINT.sub(",", text) if lang == "ru" else text


def local_currency(currency: object, lang: str) -> str:
    """The game's currency as typed, but a rouble as «₽» on a Russian page."""
    text = "" if currency is None else str(currency)
    return "₽" if lang == "ru" and text.strip().lower() in _ROUBLE else text


def local_date(value: object, lang: str) -> str:
    """An ISO date as dd.mm.yyyy on a Russian page (anything else as it is)."""
    text = "" if value is None else str(value)
    if lang != "ru":
        return text
    m = _ISO.match(text)
    return f"{m.group(3)}.{m.group(2)}.{m.group(1)}{text[10:]}" if m else text
