"""The game file's format: versioned JSON, validated strictly, written for people and git.

The file is the only thing a table keeps, so it is written to be read by
people and by git: a fixed key order, two-space indent, one deal per line.
Reading it trusts nothing: every field is checked once, here, and a problem
is reported with its line, deal and field so it can be mended by hand.
This module works on text and values only; reading and saving a path (with
its limits, the atomic replace and the lock) is :mod:`whistscore.files`.
"""

from __future__ import annotations

import json
import re
import unicodedata
from decimal import Decimal
from typing import Any, Mapping, Sequence

import attrs

from .textrules import (MAX_ID, MAX_NAME, check_currency, check_id, check_line,  # noqa: F401
                        check_note, check_players)  # (MAX_ID, check_id: named here too)

from .errors import MAX_FILE_BYTES, DealError, GameFileError, InputError
from .game import DealRecord, Game, GameType, JSONObject, Result, check_dealer, paused_gc
from .games import get_game
from .rules import Rules, parse_stake
from . import repair, strictjson
from .strictjson import MAX_DIGITS, skip

__all__ = [
    "FORMAT",
    "VERSION",
    "MAX_FILE_BYTES",
    "MAX_NAME",
    "MAX_DIGITS",
    "MAX_DEALS",
    "loads",
    "dumps",
    "from_json",
    "to_json",
    "deal_from_json",
    "deal_to_json",
    "parse_deal_text",
    "check_players",
    "check_line",
    "check_at",
    "new_game",
    "check_text",
    "drop_last_deal",
]

FORMAT = "whistscore"
VERSION = 1
_TOP_KEYS = ("format", "version", "game", "title", "place", "players", "rules", "stake",
             "currency", "ended", "result", "created", "deals")
_REQUIRED = ("format", "version", "game", "players", "deals")

#: the most deals a game file holds: far past any evening (a long pulka is a few
#: hundred deals, a whole season of one table a few thousand), and small enough that
#: reading, replaying and indexing one file takes well under a second and a few tens
#: of MB.  A legal-sized file of 1.2 million all-passes (62 MB) took the club 214 s
#: and 2.3 GB; it is now refused while its JSON is read (see MAX_OBJECTS).
MAX_DEALS = 20_000
#: the most JSON objects a game file may hold: a deal is one object and at most a few
#: inside it (whists, tricks), so eight a deal is generous.  Counted while the text
#: is parsed, so a file of a million deals is refused after reading a fraction of it,
#: before the rest is built in memory.
MAX_OBJECTS = 8 * MAX_DEALS + 1_000


# -- reading -------------------------------------------------------------------

def too_many_deals(error: type[InputError] = GameFileError) -> InputError:
    """The refusal of a game file of more than :data:`MAX_DEALS` deals (one sentence)."""
    return error(f"the game file holds more than {MAX_DEALS:,} deals, the most whistscore "
                 f"reads (no evening comes near it): split it into evenings",
                 field="deals", key="file.deals", args=(MAX_DEALS,))


def _parse_json(text: str, error: type[InputError] = GameFileError,
                field: str | None = None) -> Any:
    """The text read by the strict reader (:func:`whistscore.strictjson.parse`), at most
    :data:`MAX_OBJECTS` objects of it (a game file's bound)."""
    return strictjson.parse(text, error, field, most=MAX_OBJECTS, too_many=too_many_deals)


def parse_deal_text(raw: str) -> Any:
    """The JSON of one deal typed by a user, as strictly read as a file's.

    :raises DealError: ``raw`` is not JSON, repeats a key, holds NaN or a number too long,
        or nests too deeply (field ``deal``).
    """
    return _parse_json(raw, DealError, field="deal")


def _deal_lines(text: str) -> list[int]:
    """The line on which each deal starts (only worked out when reporting an error)."""
    match = re.search(r'"deals"\s*:\s*\[', text)
    if not match:
        return []
    decoder = json.JSONDecoder()
    lines: list[int] = []
    pos = match.end()
    ws = re.compile(r"[\s,]*")
    try:
        while True:
            pos = skip(ws, text, pos)
            if pos >= len(text) or text[pos] == "]":
                break
            lines.append(text.count("\n", 0, pos) + 1)
            _, pos = decoder.raw_decode(text, pos)
    except (ValueError, RecursionError):
        pass
    return lines




def _check_players(kind: GameType[Any, Any], players: object) -> tuple[str, ...]:
    return check_players(players, kind.player_counts, kind.name)


def check_at(at: object, error: type[InputError] = DealError, field: str = "at") -> str:
    """A deal's time: ISO 8601 local time with its UTC offset, as ``add`` writes it.

    :raises DealError: (or ``error``) ``at`` is not ISO 8601 text with a UTC offset.
    """
    import datetime

    if not isinstance(at, str) or len(at) > 40:
        raise error("the time is text like 2026-11-30T21:14:05+01:00", field=field, value=at,
            key="time")
    try:
        when = datetime.datetime.fromisoformat(at)
    except ValueError:
        raise error("the time is not ISO 8601 (e.g. 2026-11-30T21:14:05+01:00)",
                    field=field, value=at, key="time") from None
    if when.tzinfo is None:
        raise error("the time needs its UTC offset (e.g. +01:00)", field=field, value=at, key="time")
    return at


def deal_from_json(kind: GameType[Any, Any], obj: object, players: tuple[str, ...],
                   rules: Rules) -> DealRecord:
    """One deal of the file (or of ``add``) as a :class:`DealRecord`.

    :raises DealError: ``obj`` is not a JSON object, its ``dealer`` is not a player, its
        ``note`` is not text, its ``at`` is not a time, or the game refuses its shape
        (the field named; the caller adds the deal's number).
    """
    if not isinstance(obj, dict):
        raise DealError("a deal must be a JSON object", value=obj, key="deal_object")
    dealer = obj.get("dealer")
    note = obj.get("note")
    at = obj.get("at")
    if at is not None or "at" in obj:
        check_at(at)
    if dealer is not None or "dealer" in obj:
        check_dealer(dealer, players)
    if note is not None or "note" in obj:
        check_note(note)
    ident = obj.get("id")
    if ident is not None or "id" in obj:
        check_id(ident)
    if "dealer" in obj or "note" in obj or "at" in obj or "id" in obj:
        obj = {k: v for k, v in obj.items() if k not in ("dealer", "note", "at", "id")}
    deal = kind.deal_from_json(obj, players, rules)
    return DealRecord(deal, dealer, note, at, ident)


def deal_to_json(kind: GameType[Any, Any], record: DealRecord) -> JSONObject:
    """A deal as the file writes it: ``dealer`` first, the game's fields, then ``note``
    and ``at`` (the order people read a line of the file in)."""
    out: JSONObject = {}
    if record.dealer is not None:
        out["dealer"] = record.dealer
    out.update(kind.deal_to_json(record.deal))
    if record.note is not None:
        out["note"] = record.note
    if record.at is not None:
        out["at"] = record.at
    if record.id is not None:
        out["id"] = record.id
    return out


#: the format of the club's settings file (whistscore/club/settings.py), named here so that
#: a ``club.json`` met where a game is expected is called what it is
_CLUB_FORMAT = "whistscore-club"


def _check_format(data: dict[str, Any]) -> None:
    """Refuse a JSON object of another format before any of its fields is looked at.

    Another program's file (a pulka app's export, a settings file) has fields of its own:
    reported by the first unknown or missing one, it read as a damaged game file
    ("field 'version': missing field") when it is no game file at all.

    :raises GameFileError: (field ``format``) there is no ``format`` key, or it is not
        ``"whistscore"``; a club's settings file is named as such.
    """
    if "format" not in data:
        raise GameFileError(f'not a whistscore game file (it has no "format"; a game file\'s '
                            f'is "{FORMAT}")', field="format", key="file.format")
    kind = data["format"]
    if kind == _CLUB_FORMAT:
        raise GameFileError("this is a club's settings file (club.json), not a game file",
                            field="format", value=kind, key="file.club")
    if kind != FORMAT:
        raise GameFileError(f"not a whistscore game file (format must be \"{FORMAT}\")",
                            field="format", value=kind, key="file.format")


def _header(data: Any) -> tuple[GameType[Any, Any], tuple[str, ...], Rules, Decimal | None,
                              str | None]:
    """The fields before the deals (``title`` and ``place`` are read by :func:`_titles`)."""
    if not isinstance(data, dict):
        raise GameFileError("a game file is a JSON object", value=data, line=1, key="file.object")
    _check_format(data)
    for key in data:
        if key not in _TOP_KEYS:
            raise GameFileError(f"unknown field (known: {', '.join(_TOP_KEYS)})", field=key,
                key="file.field", args=(key,))
    for key in _REQUIRED:
        if key not in data:
            raise GameFileError("missing field", field=key, key="file.field", args=(key,))
    version = data["version"]
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise GameFileError("version must be a whole number from 1", field="version", value=version,
            key="file.field", args=("version",))
    if version > VERSION:
        raise GameFileError(f"this file was written by a newer whistscore (file version "
                            f"{version}; this one reads version {VERSION}): upgrade whistscore",
                            field="version", value=version, key="file.newer")
    kind = get_game(data["game"])
    players = _check_players(kind, data["players"])
    rules_spec = data.get("rules", {})
    if not isinstance(rules_spec, dict):
        raise GameFileError("rules must be an object", field="rules", value=rules_spec,
            key="file.field", args=("rules",))
    rules = kind.rulebook.resolve(rules_spec)
    stake = parse_stake(data["stake"]) if data.get("stake") is not None else None
    currency = data.get("currency")
    if currency is not None:
        check_currency(currency)
    if not isinstance(data["deals"], list):
        raise GameFileError("deals must be a list", field="deals", value=data["deals"],
            key="file.field", args=("deals",))
    if len(data["deals"]) > MAX_DEALS:
        raise too_many_deals()
    _titles(data)
    _ended(data)
    _created(data)
    _result(data, players)
    return kind, players, rules, stake, currency


def _titles(data: dict[str, Any]) -> tuple[str | None, str | None]:
    title, place = (check_line(data[k], k) if data.get(k) is not None else None
                    for k in ("title", "place"))
    return title, place


def _from_data(data: Any, text: str | None) -> Game:
    try:
        kind, players, rules, stake, currency = _header(data)
    except InputError as exc:
        line = _line_of_field(text, exc.field) if text else None
        raise exc.located(line=line) from None
    records: list[DealRecord] = []
    append = records.append
    parse = kind.deal_from_json
    seen: dict[str, DealRecord] = {}
    import datetime  # as check_at does: only a file's reader needs it

    fromisoformat = datetime.datetime.fromisoformat
    record_of = tuple.__new__  # DealRecord's own __new__ is Python; the tuple is the same
    with paused_gc():
        for number, obj in enumerate(data["deals"], 1):
            try:
                if type(obj) is dict and "dealer" not in obj and "note" not in obj \
                        and "id" not in obj:
                    at = obj.get("at")
                    if at is None and "at" not in obj:
                        # a deal written the same way as an earlier one is the same value
                        # (deal_from_json is pure), read once
                        key = _deal_key(obj)
                        record = seen.get(key) if key is not None else None
                        if record is None:
                            record = DealRecord(parse(obj, players, rules))
                            if key is not None:
                                seen[key] = record
                        append(record)
                        continue
                    if type(at) is str and len(at) <= 40:
                        # a deal as ``add`` writes it, with its time: checked as check_at
                        # checks it (any doubt takes deal_from_json's way, which words
                        # the refusal), the rest by the game
                        try:
                            zone = fromisoformat(at).tzinfo
                        except ValueError:
                            zone = None
                        if zone is not None:
                            body = obj.copy()
                            del body["at"]
                            append(record_of(DealRecord, (parse(body, players, rules), None,
                                                          None, at, None)))
                            continue
                append(deal_from_json(kind, obj, players, rules))
            except InputError as exc:
                lines = _deal_lines(text) if text else []
                line = lines[number - 1] if number <= len(lines) else None
                raise exc.located(deal=number, line=line) from None
    _unique_ids(records, text)
    title, place = _titles(data)
    ended = _ended(data)
    return Game(kind, players, rules, tuple(records), stake, currency, title, place, ended,
                _result(data, players), _created(data))


def _created(data: dict[str, Any]) -> str | None:
    """``created``: the local time (with its offset) the game was made."""
    if "created" not in data:
        return None
    return check_at(data["created"], GameFileError, "created")


#: the longest exact number or amount a ``result`` holds (a balance of a long evening is
#: far shorter; the bound keeps a hand-made one from costing a Fraction of any size)
_MAX_RESULT_TEXT = 100
_EXACT = re.compile(r"-?[0-9]+(/0*[1-9][0-9]*|\.[0-9]+)?\Z")  # never over zero
_DECIMAL = re.compile(r"-?[0-9]+(\.[0-9]+)?\Z")


def _result(data: dict[str, Any], players: tuple[str, ...]) -> Result | None:
    """``result``: what the players settled on (journal.md), checked as written by
    whistscore: every player once, exact balances, decimal money, ``by``."""
    if "result" not in data:
        return None
    value = data["result"]

    def bad(why: str) -> GameFileError:
        return GameFileError(f"result is written by whistscore when a game finishes: {why}",
                             field="result", value=value, key="file.field", args=("result",))

    if not isinstance(value, dict):
        raise bad("it is an object")
    for key in value:
        if key not in ("balance", "money", "by"):
            raise bad(f"unknown field {key!r} (known: balance, money, by)")

    def per_player(name: str, pattern: re.Pattern[str]) -> tuple[tuple[str, str], ...]:
        got = value[name]
        if not isinstance(got, dict) or sorted(got) != sorted(players):
            raise bad(f"{name} names each player once")
        for v in got.values():
            if not isinstance(v, str) or len(v) > _MAX_RESULT_TEXT or not pattern.match(v):
                raise bad(f"{name} holds numbers as text, like \"-61/3\" or \"2.50\"")
        return tuple((p, got[p]) for p in players)

    if "balance" not in value or not isinstance(value.get("by"), str):
        raise bad("it holds balance and by")
    by = value["by"]
    if len(by) > 100 or not by.isprintable():
        raise bad("by is short text")
    balance = per_player("balance", _EXACT)
    money = per_player("money", _DECIMAL) if "money" in value else None
    return Result(balance, money, by)


def _ended(data: dict[str, Any]) -> str | None:
    """``ended``: the local time (with its offset) the players stopped an unfinished game."""
    if data.get("ended") is None:
        if "ended" in data:
            raise GameFileError("ended is the time the players stopped, e.g. "
                                "2026-11-30T23:40:00+01:00 (leave it out if they did not)",
                                field="ended", value=None, key="time")
        return None
    return check_at(data["ended"], GameFileError, "ended")


def _unique_ids(records: list[DealRecord], text: str | None) -> None:
    """Two deals with one client id would make a retry ambiguous: refused."""
    first: dict[str, int] = {}
    for number, record in enumerate(records, 1):
        if record.id is None:
            continue
        if record.id in first:
            lines = _deal_lines(text) if text else []
            raise DealError(f"the id is that of deal {first[record.id]} too; ids are unique",
                            field="id", value=record.id, key="id_twice", args=(first[record.id],)).located(
                deal=number, line=lines[number - 1] if number <= len(lines) else None)
        first[record.id] = number


def _deal_key(obj: dict[str, Any]) -> str | None:
    """A deal's JSON as one string, equal only for the same keys in the same order and
    the same values of the same JSON types (``repr`` tells 1, 1.0, true and "1" apart)."""
    try:
        return repr(obj)
    except (ValueError, RecursionError):  # too long a number, or nested too deeply
        return None


def _line_of_field(text: str, field: str | None) -> int | None:
    """The line of the top-level key that ``field`` (``players[1]``, ``rules.pulya``) is in."""
    return strictjson.key_line(text, field.split(".")[0].split("[")[0]) if field else None


def loads(text: str) -> Game:
    """Read a game from its file text (every field checked; no deal is scored yet).

    :raises GameFileError: the text is not a game file: not JSON (the line given), a
        missing, unknown or bad field, a newer version, more than MAX_FILE_BYTES.
    :raises RuleError: an unknown preset or option, or a bad option value or stake.
    :raises DealError: a deal of the wrong shape (its number, line and field given).
    :raises InputError: the game is not a registered game.
    """
    if not isinstance(text, str):
        raise GameFileError("a game file is text", value=type(text).__name__, key="file.object")
    if len(text) > MAX_FILE_BYTES:
        raise GameFileError(f"a game file is at most {MAX_FILE_BYTES // (1024 * 1024)} MB",
                            value=f"{len(text)} characters",
                                key="file.large", args=(MAX_FILE_BYTES // (1024 * 1024),))
    return _from_data(_parse_json(text), text)


def from_json(data: Mapping[str, Any]) -> Game:
    """A game from an already-parsed JSON object (e.g. one a program built).

    :raises GameFileError: ``data`` is not a mapping, or a field is missing or bad.
    :raises RuleError: an unknown preset or option, or a bad option value or stake.
    :raises DealError: a deal of the wrong shape (its number and field given).
    :raises InputError: the game is not a registered game.
    """
    if not isinstance(data, Mapping):
        raise GameFileError("a game is a JSON object", value=type(data).__name__, key="file.object")
    return _from_data(dict(data), None)


# -- writing -------------------------------------------------------------------

def _dump_value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def to_json(game: Game) -> JSONObject:
    """The game as the JSON object :func:`from_json` reads back equal."""
    out = _head_json(game)
    out["deals"] = [deal_to_json(game.kind, d) for d in game.deals]
    return out


def _head_json(game: Game) -> JSONObject:
    """Everything of :func:`to_json` but the deals."""
    out: JSONObject = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.kind.name,
    }
    if game.title is not None:
        out["title"] = game.title
    if game.place is not None:
        out["place"] = game.place
    out.update({
        "players": list(game.players),
        "rules": game.rules.to_json(),
    })
    if game.stake is not None:
        out["stake"] = str(game.stake)
    if game.currency is not None:
        out["currency"] = game.currency
    if game.ended is not None:
        out["ended"] = game.ended
    if game.result is not None:
        out["result"] = game.result.to_json()
    if game.created is not None:
        out["created"] = game.created
    return out


#: (id(kind), id(record)) -> (kind, record, its line): a game saved again at every deal
#: writes its earlier deals' lines from here rather than encoding them again (a record is
#: immutable; the entry holds it, so its id is not reused while the line is kept)
_LINES: dict[tuple[int, int], tuple[Any, DealRecord, str]] = {}
_MAX_LINES = 20_000


def _deal_line(kind: GameType[Any, Any], record: DealRecord) -> str:
    key = (id(kind), id(record))
    hit = _LINES.get(key)
    if hit is not None and hit[0] is kind and hit[1] is record:
        return hit[2]
    line = "    " + _dump_value(deal_to_json(kind, record))
    if len(_LINES) >= _MAX_LINES:
        _LINES.clear()
    _LINES[key] = (kind, record, line)
    return line


def dumps(game: Game) -> str:
    """The file text: fixed key order, two-space indent, one deal per line."""
    data = _head_json(game)
    lines = ["{"]
    for key, value in data.items():
        lines.append(f"  {_dump_value(key)}: {_dump_value(value)},")
    if game.deals:
        lines.append('  "deals": [')
        lines.append(",\n".join(_deal_line(game.kind, r) for r in game.deals))
        lines.append("  ]")
    else:
        lines.append('  "deals": []')
    lines.append("}")
    return "\n".join(lines) + "\n"


def drop_last_deal(text: str) -> tuple[str, Any, int]:
    """The file's text without its last deal, the dropped deal's JSON and its number: the
    text-level undo of :func:`whistscore.repair.drop_last_deal`, read within a game file's
    bound of objects (:data:`MAX_OBJECTS`).

    :raises GameFileError: the text is not JSON, not an object, or its deals not a list.
    :raises InputError: the game has no deal to drop.
    """
    return repair.drop_last_deal(text, _parse_json)


# -- building and checking -------------------------------------------------------

def new_game(game: str, players: Sequence[str], rules: Mapping[str, Any] | None = None,
             stake: Decimal | str | int | None = None, currency: str | None = None, title: str | None = None,
             place: str | None = None, created: str | None = None) -> Game:
    """A new game with no deals, checked like a file would be.

    Names are stored in Unicode NFC, so a name typed on a phone and the same
    name typed on a laptop are one player.

    :raises InputError: ``game`` is not a registered game's name, or ``rules`` not a mapping.
    :raises GameFileError: the players' names (see :func:`check_players`), the currency,
        title or place are not acceptable.
    :raises RuleError: an unknown preset or option, a bad option value, or a bad stake.
    """
    if not isinstance(game, str):
        raise InputError("a game is named by text", field="game", value=type(game).__name__,
            key="game_name")
    check_players(players)  # "ABC" is one name, not three players
    if rules is not None and not isinstance(rules, Mapping):
        raise InputError("rules are given as a mapping of option to value", field="rules",
                         value=type(rules).__name__, key="rules_mapping")
    data: JSONObject = {"format": FORMAT, "version": VERSION, "game": game,
                        "players": [unicodedata.normalize("NFC", p) for p in players],
                        "rules": dict(rules or {}), "deals": []}
    if title is not None:
        data["title"] = title
    if place is not None:
        data["place"] = place
    if stake is not None:
        data["stake"] = parse_stake(stake)
    if currency is not None:
        data["currency"] = currency
    if created is not None:
        data["created"] = created
    made = from_json(data)
    # a new file records every option resolved (journal.md), not just the differences
    return attrs.evolve(made, rules=made.rules.resolved())


def check_text(text: str) -> list[InputError]:
    """Every problem of a file: each bad deal, then each deal that cannot be scored.

    A deal that cannot be scored is skipped so later deals are still checked
    against the state the good deals left.  Nothing is raised: the problems are
    returned, each with its line and deal.
    """
    from .replay import check  # the replay layer scores; this module only reads the file

    try:
        data = _parse_json(text)
        kind, players, rules, stake, currency = _header(data)
    except InputError as exc:
        field = exc.field
        line = _line_of_field(text, field) if field else None
        return [exc.located(line=line)]
    problems: list[InputError] = []
    records: list[tuple[int, DealRecord]] = []
    lines = None
    for number, obj in enumerate(data["deals"], 1):
        try:
            records.append((number, deal_from_json(kind, obj, players, rules)))
        except InputError as exc:
            lines = lines if lines is not None else _deal_lines(text)
            line = lines[number - 1] if number <= len(lines) else None
            problems.append(exc.located(deal=number, line=line))
    if problems:
        return problems
    try:   # every deal read: the list's numbers are the deals'
        _unique_ids([record for _, record in records], text)
    except InputError as exc:
        return [exc]
    game = Game(kind, players, rules, tuple(record for _, record in records), stake, currency)
    for problem in check(game, tuple(number for number, _ in records)):
        lines = lines if lines is not None else _deal_lines(text)
        deal = problem.deal
        line = lines[deal - 1] if deal is not None and deal <= len(lines) else None
        problems.append(problem.located(line=line))
    return problems
