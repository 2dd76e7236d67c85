"""What the commands print: lines to the terminal, best effort, and the totals table."""

from __future__ import annotations

import os
import sys
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Mapping

from ..i18n import said
from ..ledger import format_amount

if TYPE_CHECKING:
    import argparse
    from types import TracebackType

    from ..game import DealResult
    from ..recording import Change

__all__ = ["deal_of", "echo", "print_change", "quiet", "silence_stdout", "tolerant_streams",
           "totals_table", "waiting"]


def echo(text: str = "") -> None:
    sys.stdout.write(text + "\n")


class quiet:
    """Swallow any error of a best-effort write to the terminal."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> bool:
        return kind is not None and issubclass(kind, Exception)


def waiting(command: str, lang: str = "en") -> Callable[[], None]:
    def say() -> None:
        with quiet():
            sys.stderr.write(f"whistscore {command}: {said('cli.waiting', (), lang)}\n")
            sys.stderr.flush()
    return say


def tolerant_streams() -> None:
    """A terminal that cannot show a name (``PYTHONIOENCODING=ascii``) gets a
    replacement character, never an error that would hide a saved change."""
    for stream, errors in ((sys.stdout, "replace"), (sys.stderr, "backslashreplace")):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with quiet():
                reconfigure(errors=errors)


def silence_stdout() -> None:
    """The reader went away: later writes (and the flush at exit) go nowhere."""
    with quiet():
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)


def totals_table(settlement_json: Mapping[str, Any]) -> str:
    """A compact line per player (or side) of the game's sheet totals."""
    from tabulate import tabulate

    sheet = settlement_json["sheet"]
    seats = {who: i for i, who in enumerate(sheet)}
    order: dict[tuple[int, int, str], str] = {}
    rows: list[tuple[str, dict[str, Any]]] = []
    for who, cols in sheet.items():
        flat: dict[str, Any] = {}
        for k, (key, value) in enumerate(cols.items()):
            if isinstance(value, dict):
                for other, v in value.items():
                    flat[f"{key} {other}"] = v
                    order.setdefault((k, seats.get(other, len(seats)), other), f"{key} {other}")
            elif isinstance(value, (int, str)) and not isinstance(value, bool):
                flat[key] = value
                order.setdefault((k, -1, ""), key)
        rows.append((who, flat))
    columns = [order[k] for k in sorted(order)]  # nested columns (vists on X) in seat order
    table = [[who] + [flat.get(c, "") for c in columns] for who, flat in rows]
    out = tabulate(table, headers=[""] + columns, tablefmt="simple", disable_numparse=True)
    bal = settlement_json["balance"]
    line = ", ".join(f"{p} {format_amount(Fraction(b), signed=True)}"
                     for p, b in bal.items())
    return f"{out}\nbalance now ({settlement_json['unit']}s): {line}"


def deal_of(change: Change) -> DealResult:
    """The deal a record, replace or drop concerned (only a settings change has none)."""
    if change.result is None:
        raise AssertionError("a change of a deal came back without its deal")
    return change.result


def print_change(change: Change, a: argparse.Namespace) -> None:
    from ..text import render_change, render_entries

    echo(render_change(change, a.lang))
    if a.explain:
        echo(render_entries(deal_of(change).entries, change.after.kind, a.lang)
             or "(nothing written)")
        echo()
        echo(totals_table(change.after.settle().to_json()))
