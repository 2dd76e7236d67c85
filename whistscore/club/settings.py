"""``club.json``: the club's own settings, read as strictly as a game file.

Who is who (one player, several spellings), the seasons, the files left out.
It is optional, written atomically like a game file, never listed as a game,
and an unknown key is an error, as in a game file (club.md).
"""

from __future__ import annotations

import datetime
import json
import os
import unicodedata
from pathlib import Path
from typing import Any, Mapping

import attrs

from ..checks import check_line, check_players  # the journal's checks, without the journal
from ..errors import GameFileError, InputError

__all__ = ["FILE", "FORMAT", "VERSION", "Settings", "load", "save", "name_key", "parse_date"]

FILE = "club.json"
FORMAT = "whistscore-club"
VERSION = 1
_KEYS = ("format", "version", "name", "players", "seasons", "exclude", "rating")
#: club.json is a few lines; a file far larger is no club's settings
MAX_BYTES = 1024 * 1024
_MAX_ITEMS = 10_000
RATING = {"system": "openskill", "model": "PlackettLuce"}


def name_key(name: str) -> str:
    """Two spellings with the same key are one name (journal.md: NFC and case-folding)."""
    return unicodedata.normalize("NFC", name).casefold()


def parse_date(value: object, field: str, error: type[InputError] = GameFileError
               ) -> datetime.date:
    """A local date, ``2026-09-01``.

    :raises InputError: (``error``) ``value`` is not such a date.
    """
    if not isinstance(value, str) or len(value) != 10:
        raise error("a date is written 2026-09-01", field=field, value=value, key="club.date")
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise error("not a date (written 2026-09-01)", field=field, value=value,
                    key="club.date") from None


@attrs.frozen
class Settings:
    """The club's settings; the empty club when there is no ``club.json``."""

    name: str | None = None
    #: club name -> the names typed in game files that are this player
    players: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    #: season -> (first day, last day), inclusive
    seasons: Mapping[str, tuple[datetime.date, datetime.date]] = attrs.field(factory=dict)
    exclude: tuple[str, ...] = ()
    #: the sha256 of the file read (None: no file), so the archive knows when it changed
    digest: str | None = None

    def aliases(self) -> dict[str, str]:
        """name key of a typed spelling -> the club name (a club name is its own spelling)."""
        out: dict[str, str] = {}
        for club_name, typed in self.players.items():
            out[name_key(club_name)] = club_name
            for t in typed:
                out[name_key(t)] = club_name
        return out

    def season_of(self, day: datetime.date) -> str | None:
        for name, (first, last) in self.seasons.items():
            if first <= day <= last:
                return name
        return None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        if self.name is not None:
            out["name"] = self.name
        out["players"] = {k: list(v) for k, v in self.players.items()}
        out["seasons"] = {k: [a.isoformat(), b.isoformat()] for k, (a, b) in self.seasons.items()}
        out["exclude"] = list(self.exclude)
        out["rating"] = dict(RATING)
        return out

    def with_alias(self, typed: str, club_name: str) -> "Settings":
        """``typed`` (a spelling in game files) is the player ``club_name``.

        :raises InputError: the names are not player names, or ``typed`` is another
            club player's name or spelling already.
        """
        check_players([typed], error=InputError)
        check_players([club_name], error=InputError)
        key = name_key(typed)
        players = {k: tuple(v) for k, v in self.players.items()}
        for other, spellings in players.items():
            if other != club_name and (name_key(other) == key
                                       or key in map(name_key, spellings)):
                raise InputError(f"{typed!r} is already a spelling of the club player "
                                 f"{other!r}", field="alias", value=f"{typed}={club_name}",
                                 key="club.spelling_taken", args=(typed, other))
        current = players.get(club_name, ())
        if key == name_key(club_name) or key in map(name_key, current):
            return self  # so already (a name is its own spelling): nothing to write
        players[club_name] = current + (typed,)
        return _checked(attrs.evolve(self, players=players))

    def without_alias(self, typed: str) -> tuple["Settings", str]:
        """``typed`` is no longer a spelling of a club player (undoing :meth:`with_alias`);
        the settings and the club player it was a spelling of.

        Compared as names are (NFC and case-folding).  A club player left without
        spellings leaves ``players``: the entry :meth:`with_alias` made goes with the
        last spelling, so an alias added and removed leaves club.json as it was.

        :raises InputError: (field ``alias-remove``) ``typed`` is no spelling in club.json
            (the spellings there listed), or it is a club player's own name.
        """
        key = name_key(typed)
        for club_name, spellings in self.players.items():
            keys = [name_key(t) for t in spellings]
            if key in keys:
                rest = tuple(t for t, k in zip(spellings, keys) if k != key)
                players = {k: (rest if k == club_name else v) for k, v in self.players.items()
                           if k != club_name or rest}
                return attrs.evolve(self, players=players), club_name
        for club_name, spellings in self.players.items():
            if name_key(club_name) == key:
                what = (f"remove its spellings ({', '.join(spellings)}) one by one"
                        if spellings else "it has no spellings to remove")
                raise InputError(f"{club_name!r} is a club player's own name in club.json, "
                                 f"not a spelling: {what}", field="alias-remove", value=typed,
                                 key="club.own_name", args=(club_name,))
        known = [t for spellings in self.players.values() for t in spellings]
        shown = ", ".join(known[:10]) + (f" and {len(known) - 10} more" if len(known) > 10
                                         else "")
        raise InputError(f"no such spelling in club.json's players (spellings: "
                         f"{shown or 'none'})", field="alias-remove", value=typed,
                         key="club.no_spelling", args=(typed,))

    def with_season(self, name: str, first: str, last: str) -> "Settings":
        """A new season ``name`` from ``first`` to ``last`` (inclusive).

        :raises InputError: a bad name or date, from after to, a name already used,
            or days that another season already holds.
        """
        check_line(name, "season", InputError)
        if any(name_key(name) == name_key(s) for s in self.seasons):
            raise InputError("a season of that name exists", field="season", value=name,
                             key="club.season_exists", args=(name,))
        a = parse_date(first, "season.from", InputError)
        b = parse_date(last, "season.to", InputError)
        seasons = dict(self.seasons)
        seasons[name] = (a, b)
        return _checked(attrs.evolve(self, seasons=seasons), InputError)


def _checked(settings: Settings, error: type[InputError] = InputError) -> Settings:
    """The checks that look at the whole: seasons in order and apart, spellings unique."""
    seen: dict[str, str] = {}
    for club_name, typed in settings.players.items():
        for spelling in (club_name, *typed):
            key = name_key(spelling)
            if key in seen and seen[key] != club_name:
                raise error(f"the name {spelling!r} is given to two club players "
                            f"({seen[key]!r} and {club_name!r})",
                            field=f"players.{club_name}", value=spelling)
            seen[key] = club_name
    spans = []
    names: dict[str, str] = {}
    for name, (a, b) in settings.seasons.items():
        if a > b:
            raise error(f"the season starts after it ends ({a} > {b})",
                        field=f"seasons.{name}", value=[a.isoformat(), b.isoformat()],
                        key="club.season_reversed")
        if name_key(name) in names:
            raise error(f"two seasons are named alike ({names[name_key(name)]!r})",
                        field=f"seasons.{name}", value=name)
        names[name_key(name)] = name
        spans.append((a, b, name))
    spans.sort()
    for (a1, b1, n1), (a2, b2, n2) in zip(spans, spans[1:]):
        if a2 <= b1:
            raise error(f"the seasons {n1!r} and {n2!r} overlap (a game belongs to one "
                        "season)", field=f"seasons.{n2}", value=[a2.isoformat(), b2.isoformat()],
                        key="club.season_overlap", args=(n1, n2))
    return settings


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise GameFileError("a key appears twice in one object", field=key)
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise GameFileError("NaN and Infinity are not JSON", value=name)


def parse(text: str, digest: str | None = None) -> Settings:
    """``club.json`` from its text.

    :raises GameFileError: not JSON; another format; a newer version; an unknown key;
        a key of the wrong kind (the key and value named); seasons from after to or
        overlapping; a spelling given to two players.
    """
    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise GameFileError(f"club.json is not valid JSON: {exc.msg}", line=exc.lineno) from None
    except RecursionError:
        raise GameFileError("club.json is nested too deeply") from None
    except ValueError as exc:  # a number too long for int()
        raise GameFileError(f"club.json: {exc}") from None
    if not isinstance(data, dict):
        raise GameFileError(f"club.json must be a JSON object, not {_json_kind(data)}")
    for key in data:
        if key not in _KEYS:
            raise GameFileError(f"unknown key in club.json (known: {', '.join(_KEYS)})",
                                field=key)
    if data.get("format") != FORMAT:
        raise GameFileError(f"not a club file (format must be \"{FORMAT}\")", field="format",
                            value=data.get("format"))
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise GameFileError("version must be a whole number from 1", field="version",
                            value=version)
    if version > VERSION:
        raise GameFileError(f"club.json was written by a newer whistscore (version {version}; "
                            f"this one reads version {VERSION}): upgrade whistscore",
                            field="version", value=version, key="club.settings_newer")
    name = data.get("name")
    if name is not None:
        check_line(name, "name")
    players = _players(data.get("players", {}))
    seasons = _seasons(data.get("seasons", {}))
    exclude = _exclude(data.get("exclude", []))
    rating = data.get("rating", RATING)
    if not isinstance(rating, dict):
        raise GameFileError("rating is an object", field="rating", value=rating)
    for key, value in rating.items():
        if key not in RATING:
            raise GameFileError(f"unknown key (known: {', '.join(RATING)})",
                                field=f"rating.{key}")
        if value != RATING[key]:
            raise GameFileError(f"the club rates with {RATING[key]} only",
                                field=f"rating.{key}", value=value)
    return _checked(Settings(name, players, seasons, exclude, digest), GameFileError)


def _json_kind(value: object) -> str:
    """What a JSON value is, in JSON's words ("a list", "null"), for a message: never a
    Python type's name ("NoneType")."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "an object" if isinstance(value, dict) and len(value) <= _MAX_ITEMS else \
        f"an object of more than {_MAX_ITEMS} keys"


def _players(value: object) -> dict[str, tuple[str, ...]]:
    if not isinstance(value, dict) or len(value) > _MAX_ITEMS:
        raise GameFileError("players must be an object: club name -> list of names typed in "
                            f"games, not {_json_kind(value)}", field="players")
    out = {}
    for club_name, typed in value.items():
        try:
            check_players([club_name])
        except InputError as exc:
            raise GameFileError(exc.reason, field=f"players.{club_name}",
                                value=club_name) from None
        if not isinstance(typed, list) or len(typed) > _MAX_ITEMS:
            raise GameFileError("a list of the names typed in games", field=f"players.{club_name}",
                                value=typed)
        for i, t in enumerate(typed):
            try:
                check_players([t])
            except InputError as exc:
                raise GameFileError(exc.reason, field=f"players.{club_name}[{i}]",
                                    value=t) from None
        out[club_name] = tuple(typed)
    return out


def _seasons(value: object) -> dict[str, tuple[datetime.date, datetime.date]]:
    if not isinstance(value, dict) or len(value) > _MAX_ITEMS:
        raise GameFileError("seasons must be an object: name -> [first day, last day], not "
                            f"{_json_kind(value)}", field="seasons")
    out = {}
    for name, span in value.items():
        check_line(name, f"seasons.{name}")
        if not isinstance(span, list) or len(span) != 2:
            raise GameFileError("a season is [first day, last day], e.g. "
                                "[\"2026-09-01\", \"2026-12-31\"]", field=f"seasons.{name}",
                                value=span)
        out[name] = (parse_date(span[0], f"seasons.{name}[0]"),
                     parse_date(span[1], f"seasons.{name}[1]"))
    return out


def _exclude(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > _MAX_ITEMS:
        raise GameFileError("exclude is a list of game file names", field="exclude", value=value)
    for i, name in enumerate(value):
        if not isinstance(name, str) or not name or "/" in name or os.sep in name \
                or len(name) > 255:
            raise GameFileError("a game file's name in the club folder (no folder part)",
                                field=f"exclude[{i}]", value=name)
    return tuple(value)


def load(folder: Path) -> Settings:
    """The folder's ``club.json`` (the empty club when there is none).

    :raises InputError: club.json cannot be read (a FIFO, too large, not UTF-8) or
        is not a valid club file (see :func:`parse`); messages start with ``club.json``.
    """
    import hashlib

    path = folder / FILE
    if not os.path.lexists(path):
        return Settings()
    if os.path.islink(path):
        raise GameFileError("club.json is a symlink; the club reads only a plain file",
                            field="club.json")
    from .. import files

    data = files.read_bytes(path, field="club.json", what="club file", limit=MAX_BYTES)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise GameFileError("club.json is not UTF-8 text", field="club.json") from None
    try:
        return parse(text, hashlib.sha256(data).hexdigest())
    except InputError as exc:
        # one sentence a person reads, in his language (the CLI's --lang ru, the page):
        # which key of club.json to correct; the technical text stays as it was
        key, args = _said_of(exc)
        if exc.field is None or exc.field == "club.json" or exc.reason.startswith(FILE):
            raise type(exc)(exc.reason, field=exc.field, value=exc.value, line=exc.line,
                            key=key, args=args) from None
        raise type(exc)(f"club.json: {exc.reason}", field=exc.field, value=exc.value,
                        line=exc.line, key=key, args=args) from None


def _said_of(exc: InputError) -> tuple[str, tuple[object, ...]]:
    """The sentence of a club.json refused: its own when it has one (a date, a season, a
    newer version), else "correct KEY"."""
    if exc.key:
        return exc.key, exc.args_said
    if exc.field in (None, "club.json"):
        return "club.settings_file", ()
    return "club.settings", (exc.field,)


def save(folder: Path, settings: Settings) -> None:
    """Write ``club.json`` atomically (a crash leaves the old file or the new one).

    :raises InputError: the file may not be replaced.
    :raises OSError: the disk refused the write; the old file is untouched.
    """
    text = json.dumps(settings.to_json(), ensure_ascii=False, indent=2) + "\n"
    _readable(text)
    from .. import files

    files.write_atomic(folder / FILE, text)


def _readable(text: str) -> None:
    """Refuse a club.json the reader would refuse: the whole file a change produces is
    checked against the bounds :func:`load` reads it with (its size, the items of each
    list), so that a change is never saved past them (the 10,001st season, say), which
    would make every later read refuse the file.

    :raises InputError: the file would be past a bound; nothing was written."""
    size = len(text.encode("utf-8"))
    if size > MAX_BYTES:
        raise InputError(f"club.json would be larger than the {MAX_BYTES // 1024 // 1024} MB "
                         "a club reads; nothing was changed", field="club.json", value=size,
                         key="club.too_large", args=(MAX_BYTES // 1024 // 1024,))
    try:
        parse(text)
    except InputError as exc:
        raise InputError(f"club.json would hold more than a club reads ({exc.reason}); "
                         "nothing was changed", field=exc.field or "club.json",
                         value=exc.value, key="club.too_many", args=(_MAX_ITEMS,)) from None
