"""The club's text tables are tabulate's: ``club.cli._table`` draws the plain ones itself
(tabulate's import was a tenth of ``club FOLDER`` after a new evening) and must give
exactly what ``tabulate(..., disable_numparse=True)`` gives, for any cells."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st
from tabulate import tabulate

from whistscore.club import cli

#: what the club's cells are made of: names and titles in Latin and Cyrillic, numbers,
#: signs, and the characters that must send a table to tabulate (line breaks, tabs, a
#: terminal code, a combining accent, a wide character, a no-break space, tabulate's
#: separating-line mark)
ALPHABET = ("ab Z09-+/.,:()'" + "АнябЁй" + "é—«»№€"
            + "\n\r\t\x1b[0m\u0301漢\u00a0\x01 ")
#: the plain characters only: tables drawn here
PLAIN = ALPHABET[:ALPHABET.index("\n")]


def tables(alphabet: str) -> st.SearchStrategy[tuple[list[str], list[list[object]]]]:
    cell = st.one_of(st.text(alphabet, max_size=12), st.integers(-10**6, 10**6), st.none())
    return st.integers(1, 5).flatmap(lambda n: st.tuples(
        st.lists(st.text(alphabet, max_size=10), min_size=n, max_size=n),
        st.lists(st.lists(cell, min_size=n, max_size=n), max_size=6)))


@settings(max_examples=300, deadline=None)
@given(st.one_of(tables(ALPHABET), tables(PLAIN)))
def test_table_is_tabulates(table: tuple[list[str], list[list[object]]]) -> None:
    headers, rows = table
    assert cli._table(rows, headers) == tabulate(rows, headers=headers, disable_numparse=True)


def test_plain_cells_are_drawn_here() -> None:
    """The standings' cells (Cyrillic names, signs, money) take the short way."""
    assert cli._plain("Аня K. +12 -146/3 3 1 2 12.50 RUB — «Пятница» №3 €")
    for odd in ("a\nb", "a\tb", "\x1b[31mred", "e\u0301", "漢字", "a\u00a0b", "\x01"):
        assert not cli._plain(odd)
