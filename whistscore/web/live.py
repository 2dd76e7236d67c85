"""What changes on the table page when a deal lands: the sheet, the balance, who deals, the deals.

The table page draws it first, ``/g/{name}/live`` sends it to a page left open,
and a write's answer carries it (``?view=1``) so the phone that recorded the
deal redraws at once.  Plain synchronous code: callers run it off the event
loop (:mod:`whistscore.web.work`).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from fractions import Fraction
from typing import Any

import attrs
from jinja2 import Environment
from markupsafe import Markup

from .. import journal
from ..game import JSONObject
from ..layout import Label
from ..i18n import entries_said, text as sheet_text
from ..errors import InputError
from ..replay import Replay, replay
from .delta import Drawing, read, splices
from .draw import draw_sheet
from .store import Folder, settle_json
from .words import words

__all__ = ["PARTS", "SHOWN_DEALS", "Views", "changes", "live"]

#: the deals listed under the sheet (the rest behind "…", or all with ``?all=1``)
SHOWN_DEALS = 12


def live(store: Folder, templates: Environment, name: str, lang: str, show_all: bool = False,
         rp: Replay[Any] | None = None, s: JSONObject | None = None,
         first: str | None = None) -> JSONObject:
    """The live part of the table page of game ``name`` (``rp``: its replay, if at hand;
    ``first``: the first dealer chosen on the page, drawn as such before the first deal)."""
    stamp = store.stamp(name) if rp is None else store.stamp_of(name, rp)
    rp = rp if rp is not None else store.replay(name)
    if first is not None and not rp.game.deals and first in rp.game.players:
        rp = attrs.evolve(rp, upcoming=first)
    game = rp.game
    kind = game.kind
    s = s if s is not None else settle_json(rp)
    dealer = rp.next_dealer()
    fields = kind.deal_fields
    due = None  # (the field values the form starts from, its line in the page's language)
    coming = None if rp.finished else kind.next_deal(rp.state, dealer, game.players, game.rules)
    if coming is not None and coming.due is not None:
        due = (coming.preset or {}, str(sheet_text(coming.form, kind, lang)))
    standing: list[str] = []
    if fields is not None and fields.standing is not None and not rp.finished:
        standing = [str(sheet_text(line, kind, lang)) for line in fields.standing(rp.state)]
    offer = None
    if fields is not None and fields.offer is not None and not rp.finished:
        offer = fields.offer(game.rules, game.players, dealer, rp.state)
    # before the first deal each player may deal first (the file's first deal says who,
    # journal.md): who is active and what the form offers with each of them dealing
    firsts = None
    if not game.deals and not rp.finished:
        firsts = {p: {"dealer": p, "active": list(kind.active_players(game.players, p)),
                      "offer": (fields.offer(game.rules, game.players, p, rp.state)
                                if fields is not None and fields.offer is not None else None)}
                  for p in game.players}
    unit = words(lang).get(f"unit.{s['unit']}", s["unit"])
    last = _last_change(game, s)
    deals = []
    results = rp.results if show_all else rp.results[-SHOWN_DEALS:]
    for r in results:
        deals.append({
            "number": r.number, "dealer": r.dealer, "notation": game.notation(r.record),
            "result": str(sheet_text(kind.describe_result(r.record.deal, r.outcome,
                                                          r.context), kind, lang)),
            "said": entries_said(r.outcome.entries, kind, lang),
            "played": str(sheet_text(kind.describe_deal(r.record.deal, r.context), kind, lang)),
            "dealt": str(sheet_text(Label("said.deals", (r.dealer,)), kind, lang)),
            "note": r.record.note or "", "active": list(r.context.active),
            "json": journal.deal_to_json(kind, r.record),
        })
    context = dict(
        w=words(lang), lang=lang, name=name, kind=kind, s=s, unit=unit, dealer=dealer,
        currency=getattr(game, "currency", None),
        finished=rp.finished, deals=deals, hidden=len(rp.results) - len(results), due=due,
        standing=standing, last=last, firsts=firsts is not None,
        sits_out=[p for p in game.players if p not in kind.active_players(game.players,
                                                                            dealer)])
    html = templates.get_template("live.html").render(sheet=Markup(draw_sheet(rp, lang)),
                                                      **context)
    deals_html = templates.get_template("deals.html").render(**context)
    strip_html = templates.get_template("strip.html").render(**context)
    return {"stamp": stamp, "html": html, "deals_html": deals_html, "strip_html": strip_html,
            "deals": len(game.deals),
            "finished": rp.finished, "ended": getattr(game, "ended", None),
            "dealer": dealer, "players": list(game.players),
            "active": list(kind.active_players(game.players, dealer)),
            "due": due[0] if due else None, "offer": offer, "firsts": firsts}


def _last_change(game: Any, s: JSONObject) -> dict[str, Fraction] | None:
    """What the last deal changed in each player's balance (the strip's +N beside it, as
    the pulka app shows): the balance now less the balance without the last deal."""
    if not game.deals:
        return None
    try:
        before = settle_json(replay(game.without_last(), keep=False))["balance"]
    except InputError:   # a game whose last deal cannot come off shows no change
        return None
    return {p: Fraction(s["balance"][p]) - Fraction(before[p]) for p in game.players}


#: the live view's parts drawn as HTML (the rest is its state, a few hundred bytes)
PARTS = ("html", "deals_html", "strip_html")


#: a view kept, with its parts read as trees (web/delta.py) once asked
_Held = tuple[JSONObject, dict[str, Drawing | None]]


class Views:
    """The live view last drawn of each game (per language and list length), with its parts
    read as trees once: what a page that says it holds it is sent the change from.

    Kept in the app's memory, a few dozen views at most (the oldest goes); a view drawn with
    a first dealer chosen on a page is that page's alone and is not kept.  Threads of the
    server's work read and write it, under a lock."""

    def __init__(self, size: int = 32) -> None:
        self._size = size
        self._kept: OrderedDict[tuple[str, str, bool], _Held] = OrderedDict()
        self._lock = threading.Lock()

    def keep(self, name: str, lang: str, show_all: bool, view: JSONObject,
             trees: dict[str, Drawing | None] | None = None) -> None:
        if not view.get("stamp"):   # a view of a file no longer known: nothing to follow
            return
        with self._lock:
            self._kept[(name, lang, show_all)] = (view, trees or {})
            self._kept.move_to_end((name, lang, show_all))
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)

    def forget(self, name: str) -> None:
        """A change no answer draws (an undo, the settings, the end, a delete): the next deal
        of ``name`` is answered whole."""
        with self._lock:
            for key in [k for k in self._kept if k[0] == name]:
                del self._kept[key]

    def held(self, name: str, lang: str, show_all: bool, stamp: str) -> _Held | None:
        """The view of stamp ``stamp`` kept, with its trees, or None."""
        with self._lock:
            kept = self._kept.get((name, lang, show_all))
        return kept if kept is not None and kept[0]["stamp"] == stamp else None


def changes(old: JSONObject, old_trees: dict[str, Drawing | None], new: JSONObject
            ) -> tuple[JSONObject, dict[str, Drawing | None]]:
    """The live view ``new`` said as a change of ``old``: its state whole, ``since`` (the
    stamp of the view it changes), and each part that changed either whole (its HTML) or, when
    smaller, as splices in ``ops`` (web/delta.py); and the new parts' trees, to keep."""
    out: JSONObject = {k: v for k, v in new.items() if k not in PARTS}
    out["since"] = old["stamp"]
    ops: JSONObject = {}
    trees: dict[str, Drawing | None] = {}
    for part in PARTS:
        before, after = old[part], new[part]
        if before == after:   # (its tree, if read, serves the next change too)
            if part in old_trees:
                trees[part] = old_trees[part]
            continue
        trees[part] = read(after)
        if part not in old_trees:
            old_trees[part] = read(before)
        said = splices(before, old_trees[part], after, trees[part])
        if said is None or sum(len(s[4]) + 24 for s in said) >= len(after):
            out[part] = after
        else:
            ops[part] = said
    out["ops"] = ops
    return out, trees
