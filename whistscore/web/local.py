"""Numbers, money and dates on a page as its reader writes them (issue 36): a Russian page
writes «148,00 ₽» and «16.10.2026», a Danish one «148,00 kr.» and «7.12.2026», an English one
«148.00» and «2026-10-16»: each language's own forms are its catalogue's ``grammar.*`` keys.

Only the pages: the API's JSON, the files and the command line keep the exact strings
(``"148.00"``, ISO dates) that programs read back.
"""

from __future__ import annotations

import re

from ..language import grammar

__all__ = ["local_number", "local_currency", "local_date"]

#: a decimal point between digits ("148.00", "-1.50", "1.67"), not a date's or a name's dot
_POINT = re.compile(r"(?<=\d)\.(?=\d)")
#: an ISO date, with or without a time after it
_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?=$|[T ])")


def local_number(value: object, lang: str) -> str:
    """A number with the language's decimal separator (``grammar.decimal``): ``148,00``."""
    text = "" if value is None else str(value)
    decimal = grammar(lang).decimal
    return _POINT.sub(decimal, text) if decimal != "." else text


def local_currency(currency: object, lang: str) -> str:
    """The game's currency as typed, but written with the language's own sign when it is
    one of the ways that currency is typed (``grammar.currencies``): a rouble as «₽» on a
    Russian page, a krone as «kr.» on a Danish one."""
    text = "" if currency is None else str(currency)
    said = grammar(lang)
    return said.currency_sign if text.strip().casefold() in said.currencies else text


def local_date(value: object, lang: str) -> str:
    """An ISO date in the language's form (``grammar.date``: ``{d}.{m}.{y}`` gives
    16.10.2026, ``{d_}.{m_}.{y}`` 7.12.2026); anything else, or a language with no form,
    as it is."""
    text = "" if value is None else str(value)
    form = grammar(lang).date
    if not form:
        return text
    m = _ISO.match(text)
    if not m:
        return text
    y, mo, d = m.groups()
    return form.format(y=y, m=mo, d=d, m_=str(int(mo)), d_=str(int(d))) + text[10:]
