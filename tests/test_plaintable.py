"""The terminal's own table drawing is tabulate's ``simple`` format, character for character.

whistscore draws its tables without importing tabulate (issue 16: start-up);
these tests hold the two drawings equal on every kind of cell the commands print.
"""

from hypothesis import given, settings, strategies as st
from tabulate import tabulate as reference

from whistscore.plaintable import tabulate

PIECE = st.sampled_from(list("aZ9 -+/:.,()@") + ["Вера", "é", "ß", "Ω", "½", "\n", "\t",
                                               "\u0301", "漢", "\x1b[1m", " x "])
TEXT = st.lists(PIECE, max_size=5).map("".join)
CELL = st.one_of(TEXT, st.integers(-10**6, 10**6), st.none())


@settings(max_examples=400, deadline=None)
@given(st.integers(1, 5).flatmap(lambda n: st.tuples(
    st.lists(TEXT, min_size=n, max_size=n),
    st.lists(st.lists(CELL, min_size=n - (n > 1), max_size=n), max_size=5))),
    st.sampled_from(["left", "right"]))
def test_same_as_tabulate(table, align):
    headers, rows = table
    assert tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True,
                    stralign=align) == reference(rows, headers=headers, tablefmt="simple",
                                                 disable_numparse=True, stralign=align)


def test_plain_tables_drawn_without_tabulate():
    rows = [["Anna", "+12"], ["Вера", "-1/3"], ["Boris", ""]]
    out = tabulate(rows, headers=["player", "balance"], tablefmt="simple",
                   disable_numparse=True, stralign="right")
    assert out == ("  player    balance\n--------  ---------\n    Anna        +12\n"
                   "    Вера       -1/3\n   Boris")
    assert out == reference(rows, headers=["player", "balance"], tablefmt="simple",
                            disable_numparse=True, stralign="right")
