"""``/g/{name}``: the table page (the sheet, the deal form); ``/g/{name}/live``: what changed."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ...errors import InputError
from ...game import JSONObject
from ...i18n import Term, lookup, preset_name, term_spans
from ..live import live
from ..shared import error, json_script, lang_of, page, query, status_of

__all__ = ["live_view", "table_page"]


def _table(state: Any, name: str, lang: str, show_all: bool) -> JSONObject:
    """The table page's parts: the live view, the game's kind, its title, the form's fields."""
    view = live(state.folder, state.templates, name, lang, show_all)
    state.views.keep(name, lang, show_all, view)   # a deal recorded next is said as a change
    rp = state.folder.replay(name)
    kind = rp.game.kind
    players = view["players"]
    # the form's words said here, in the page's language: the page's script has none
    fields = kind.deal_fields.to_json(len(players), lambda key: lookup(key, kind, lang)) \
        if kind.deal_fields else {"fields": [], "notation": []}
    for field in fields["fields"]:
        field["terms"] = _field_terms(field, kind, lang)
    for item in fields["notation"]:
        item["text"] = item["text"].format(*[p.replace(" ", "_") for p in players]
                                           + ["?"] * 5)
    rules = rp.game.rules
    # each preset as players name it in the page's language ("Сочи"); the value is its key
    settings = {"preset": rules.preset,
                "presets": [(p, preset_name(kind, p, lang)) for p in kind.rulebook.presets],
                "stake": "" if rp.game.stake is None else str(rp.game.stake),
                "rules": "\n".join(f"{k}={rules.book.option(k).kind.dump(v)}"
                                   for k, v in rules.differences().items())}
    return {"live": view, "kind": kind, "title": getattr(rp.game, "title", None),
            "fields": fields, "settings": settings}


def _field_terms(field: JSONObject, kind: Any, lang: str) -> list[JSONObject]:
    """The players' terms a field's name and buttons show (each once), with their lines:
    the form opens them at the field's "?" (the words are the game's, found by i18n)."""
    said = [field.get("word", "")] + [c.get("word", "") for key in ("choices", "dealer_choices",
                                                                   "suits")
                                      for c in field.get(key, [])]
    if field.get("every"):
        said.append(field["every"].get("word", ""))
    found: dict[str, Term] = {}
    for text in said:
        for part in term_spans(str(text), kind, lang):
            if not isinstance(part, str):
                found.setdefault(part[1].key, part[1])
    return [{"key": t.key, "word": t.word, "line": t.line} for t in found.values()]


async def table_page(request: Request) -> Response:
    state = request.app.state
    name = request.path_params["name"]
    try:
        parts = await state.work.read(_table, state, name, lang_of(request),
                                      query(request, "all") == "1")
    except InputError as exc:
        return page(request, "error.html", message=str(exc),
                    status=status_of(exc))
    view = parts["live"]
    return page(request, "table.html", name=name, live=view, kind=parts["kind"],
                title=parts["title"], fields=json_script(parts["fields"]),
                settings=parts["settings"],
                boot=json_script({k: v for k, v in view.items()
                                  if k not in ("html", "deals_html", "strip_html")}))


def _changed(state: Any, name: str, seen: str | None, lang: str,
             show_all: bool, first: str | None = None) -> JSONObject | None:
    """The live view, or None when the file's stamp is still the one the page saw
    (``first``: the first dealer the page chose, before the first deal)."""
    if seen is not None and seen == state.folder.stamp(name):
        return None
    view = live(state.folder, state.templates, name, lang, show_all, first=first)
    if first is None:   # a first dealer chosen on a page is that page's alone
        state.views.keep(name, lang, show_all, view)
    return view


async def live_view(request: Request) -> Response:
    state = request.app.state
    name = request.path_params["name"]
    try:
        data = await state.work.read(_changed, state, name, query(request, "stamp"),
                                     lang_of(request), query(request, "all") == "1",
                                     query(request, "first"))
    except InputError as exc:
        return error(exc)
    if data is None:
        return Response(status_code=204)
    return JSONResponse(data, headers={"Cache-Control": "no-store"})
