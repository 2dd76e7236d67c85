"""What changes on the table page when a deal lands: the sheet, the balance, who deals, the deals.

The table page draws it first, ``/g/{name}/live`` sends it to a page left open,
and a write's answer carries it (``?view=1``) so the phone that recorded the
deal redraws at once.  Plain synchronous code: callers run it off the event
loop (:mod:`whistscore.web.work`).
"""

from __future__ import annotations

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
from .draw import draw_sheet
from .store import Folder, settle_json
from .words import words

__all__ = ["SHOWN_DEALS", "live"]

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
