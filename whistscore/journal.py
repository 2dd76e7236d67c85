"""The game file: versioned JSON, validated strictly, saved atomically.

The file is the only thing a table keeps, so it is written to be read by
people and by git: a fixed key order, two-space indent, one deal per line.
Reading it trusts nothing: every field is checked once, here, and a problem
is reported with its line, deal and field so it can be mended by hand.
Saving never leaves a half-written file: the new text goes to a temporary file
in the same folder, is flushed and fsynced, then renamed over the old one.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from decimal import Decimal
from pathlib import Path
from typing import Any, Iterator, Mapping

from .errors import DealError, GameFileError, InputError
from .game import DealRecord, Game, GameType, paused_gc
from .games import get_game
from .rules import parse_stake

__all__ = [
    "FORMAT",
    "VERSION",
    "loads",
    "load",
    "dumps",
    "dump",
    "read_text",
    "deal_from_json",
    "deal_to_json",
    "new_game",
    "check_text",
    "locked",
    "parse_deal_text",
]

FORMAT = "whistscore"
VERSION = 1
_TOP_KEYS = ("format", "version", "game", "title", "place", "players", "rules", "stake",
             "currency", "deals")
_MAX_TEXT = 200  # a title, a place or a deal's time: one short line
_REQUIRED = ("format", "version", "game", "players", "deals")


# -- reading -------------------------------------------------------------------

def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):  # only then look for the key (the dict is built in C)
        seen: set = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return out


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _bad_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a score file may hold")


def _parse_json(text: str, error: type[InputError] = GameFileError,
                field: str | None = None) -> Any:
    """Parse JSON strictly (no duplicate keys, no NaN); errors name the line.

    ``field`` is set when the text is one deal typed on the command line
    rather than a file.
    """
    try:
        with paused_gc():
            data = json.loads(text, object_pairs_hook=_no_duplicates,
                              parse_constant=_bad_constant)
        _check_unicode(text, data, error, field)
        return data
    except json.JSONDecodeError as exc:
        raise error(f"not valid JSON: {exc.msg} (column {exc.colno})",
                    line=None if field else exc.lineno, field=field) from None
    except _DuplicateKey as exc:
        line, deal = _locate_duplicate(text, exc.key)
        raise error("a key appears twice in one object",
                    field=f"{field}.{exc.key}" if field else exc.key,
                    line=None if field else line, deal=deal) from None
    except InputError:
        raise
    except RecursionError:
        raise error("the JSON is nested too deeply to be a game file",
                    line=None if field else _deep_line(text), field=field) from None
    except ValueError as exc:  # NaN / Infinity
        raise error(str(exc), line=None if field else _constant_line(text),
                    field=field) from None


_LONE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _check_unicode(text: str, data: Any, error: type[InputError], field: str | None) -> None:
    """Refuse lone surrogates: such a string could never be saved as UTF-8 again."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise error("the text holds a character that is not valid Unicode (a lone surrogate)",
                    line=None if field else text.count("\n", 0, exc.start) + 1,
                    field=field) from None
    if "\\u" in text:
        match = _LONE_ESCAPE.search(text)
        if match is None:
            return
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise error("an escape \\uD800..\\uDFFF without its pair is not text",
                        line=None if field else text.count("\n", 0, match.start()) + 1,
                        field=field) from None


# Only used to explain an error: strings (which may hold brackets) are skipped whole.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"(\s*:)?|[\[\]{}]')
_DEEP = 200


def _line_at(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def parse_deal_text(raw: str) -> Any:
    """The JSON of one deal typed by a user, as strictly read as a file's."""
    return _parse_json(raw, DealError, field="deal")


def _deep_line(text: str) -> int | None:
    """The line on which the brackets nest deeper than any game file does."""
    depth = 0
    for m in _TOKEN.finditer(text):
        c = m.group()[0]
        if c in "[{":
            depth += 1
            if depth > _DEEP:
                return _line_at(text, m.start())
        elif c in "]}":
            depth -= 1
    return None


def _constant_line(text: str) -> int | None:
    """The line of the first NaN / Infinity outside a string."""
    for m in re.finditer(r'"(?:[^"\\]|\\.)*"|NaN|-?Infinity', text):
        if m.group()[0] != '"':
            return _line_at(text, m.start())
    return None


def _locate_duplicate(text: str, wanted: str) -> tuple[int | None, int | None]:
    """The line (and the deal number, when inside a deal) of the repeated key."""
    stack: list[Any] = []  # a set of keys per open object, None per list, "deals" for deals
    deal = 0
    last_key = None
    for m in _TOKEN.finditer(text):
        token = m.group()
        c = token[0]
        if c == "{":
            if stack and stack[-1] == "deals":
                deal += 1
            stack.append(set())
        elif c == "[":
            stack.append("deals" if len(stack) == 1 and last_key == "deals" else None)
        elif c in "]}":
            if stack:
                stack.pop()
        elif m.group(1):  # an object key
            try:
                key = json.loads(token[: m.start(1) - m.start()])
            except ValueError:
                key = None
            top = stack[-1] if stack else None
            if isinstance(top, set):
                if key in top and key == wanted:
                    in_deal = len(stack) >= 3 and stack[1] == "deals"
                    return _line_at(text, m.start()), deal if in_deal else None
                top.add(key)
            last_key = key
            continue
        last_key = None
    return None, None


def _deal_lines(text: str) -> list[int]:
    """The line on which each deal starts (only worked out when reporting an error)."""
    match = re.search(r'"deals"\s*:\s*\[', text)
    if not match:
        return []
    decoder = json.JSONDecoder()
    lines = []
    pos = match.end()
    ws = re.compile(r"[\s,]*")
    try:
        while True:
            pos = ws.match(text, pos).end()
            if pos >= len(text) or text[pos] == "]":
                break
            lines.append(text.count("\n", 0, pos) + 1)
            _, pos = decoder.raw_decode(text, pos)
    except (ValueError, RecursionError):
        pass
    return lines


def read_text(path: str | os.PathLike) -> str:
    """A game file's text; non-UTF-8 bytes are reported with their line."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError("no such game file", field="file", value=str(path)) from None
    except IsADirectoryError:
        raise InputError("is a folder, not a game file", field="file", value=str(path)) from None
    except PermissionError:
        raise InputError("the game file cannot be read (permission denied)",
                         field="file", value=str(path)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise GameFileError(f"the file is not UTF-8 text (byte {exc.start + 1})",
                            line=line) from None


def _check_players(kind: GameType, players: Any) -> tuple[str, ...]:
    if not isinstance(players, list):
        raise GameFileError("players must be a list of names", field="players", value=players)
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise GameFileError("a player's name must be non-empty text",
                                field=f"players[{i}]", value=name)
        if name != name.strip() or any(ord(c) < 32 or c == "\x7f" for c in name):
            raise GameFileError("a player's name may not start or end with spaces "
                                "or hold control characters", field=f"players[{i}]", value=name)
        if name in players[:i]:
            raise GameFileError("a player is named twice", field=f"players[{i}]", value=name)
    if len(players) not in kind.player_counts:
        counts = " or ".join(map(str, kind.player_counts))
        raise GameFileError(f"{kind.name} is played by {counts} players, not {len(players)}",
                            field="players", value=players)
    return tuple(players)


def check_line(text: Any, field: str, error: type[InputError] = GameFileError) -> str:
    """A title or a place: one line of text, short enough for a sheet's heading."""
    if not isinstance(text, str) or not text.strip():
        raise error("must be non-empty text", field=field, value=text)
    if len(text) > _MAX_TEXT or any(ord(c) < 32 or c == "\x7f" for c in text):
        raise error(f"must be one line of at most {_MAX_TEXT} characters", field=field,
                    value=text)
    return text


def check_at(at: Any, error: type[InputError] = DealError, field: str = "at") -> str:
    """A deal's time: ISO 8601 local time with its UTC offset, as ``add`` writes it."""
    import datetime

    if not isinstance(at, str) or len(at) > 40:
        raise error("the time is text like 2026-11-30T21:14:05+01:00", field=field, value=at)
    try:
        when = datetime.datetime.fromisoformat(at)
    except ValueError:
        raise error("the time is not ISO 8601 (e.g. 2026-11-30T21:14:05+01:00)",
                    field=field, value=at) from None
    if when.tzinfo is None:
        raise error("the time needs its UTC offset (e.g. +01:00)", field=field, value=at)
    return at


def deal_from_json(kind: GameType, obj: Any, players: tuple[str, ...], rules) -> DealRecord:
    """One deal of the file (or of ``add``) as a :class:`DealRecord`."""
    if not isinstance(obj, dict):
        raise DealError("a deal must be a JSON object", value=obj)
    dealer = obj.get("dealer")
    note = obj.get("note")
    at = obj.get("at")
    if at is not None or "at" in obj:
        check_at(at)
    if dealer is not None or "dealer" in obj:
        if not isinstance(dealer, str) or dealer not in players:
            raise DealError("the dealer must be one of the players", field="dealer", value=dealer)
    if note is not None or "note" in obj:
        if not isinstance(note, str):
            raise DealError("a note is text", field="note", value=note)
    if "dealer" in obj or "note" in obj or "at" in obj:
        obj = {k: v for k, v in obj.items() if k not in ("dealer", "note", "at")}
    deal = kind.parse_deal(obj, players, rules)
    return DealRecord(deal, dealer, note, at)


def deal_to_json(kind: GameType, record: DealRecord) -> dict:
    out: dict = {}
    if record.dealer is not None:
        out["dealer"] = record.dealer
    out.update(kind.deal_to_json(record.deal))
    if record.note is not None:
        out["note"] = record.note
    if record.at is not None:
        out["at"] = record.at
    return out


def _header(data: Any) -> tuple[GameType, tuple[str, ...], Any, Decimal | None, str | None]:
    """The fields before the deals (``title`` and ``place`` are read by :func:`_titles`)."""
    if not isinstance(data, dict):
        raise GameFileError("a game file is a JSON object", value=data, line=1)
    for key in data:
        if key not in _TOP_KEYS:
            raise GameFileError(f"unknown field (known: {', '.join(_TOP_KEYS)})", field=key)
    for key in _REQUIRED:
        if key not in data:
            raise GameFileError("missing field", field=key)
    if data["format"] != FORMAT:
        raise GameFileError(f"not a whistscore game file (format must be \"{FORMAT}\")",
                            field="format", value=data["format"])
    version = data["version"]
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise GameFileError("version must be a whole number from 1", field="version", value=version)
    if version > VERSION:
        raise GameFileError(f"this file was written by a newer whistscore (file version "
                            f"{version}; this one reads version {VERSION}): upgrade whistscore",
                            field="version", value=version)
    kind = get_game(data["game"])
    players = _check_players(kind, data["players"])
    rules_spec = data.get("rules", {})
    if not isinstance(rules_spec, dict):
        raise GameFileError("rules must be an object", field="rules", value=rules_spec)
    rules = kind.rulebook.resolve(rules_spec)
    stake = parse_stake(data["stake"]) if data.get("stake") is not None else None
    currency = data.get("currency")
    if currency is not None and not isinstance(currency, str):
        raise GameFileError("currency is text", field="currency", value=currency)
    if not isinstance(data["deals"], list):
        raise GameFileError("deals must be a list", field="deals", value=data["deals"])
    _titles(data)
    return kind, players, rules, stake, currency


def _titles(data: dict) -> tuple[str | None, str | None]:
    return tuple(check_line(data[k], k) if data.get(k) is not None else None  # type: ignore
                 for k in ("title", "place"))


def _from_data(data: Any, text: str | None) -> Game:
    try:
        kind, players, rules, stake, currency = _header(data)
    except InputError as exc:
        line = _line_of_field(text, exc.field) if text else None
        raise exc.located(line=line) from None
    records = []
    append = records.append
    parse = kind.parse_deal
    seen: dict[str, DealRecord] = {}
    with paused_gc():
        for number, obj in enumerate(data["deals"], 1):
            try:
                if type(obj) is dict and "dealer" not in obj and "note" not in obj \
                        and "at" not in obj:
                    # the common case, inlined; a deal written the same way as an earlier
                    # one is the same value (parse_deal is pure), read once
                    key = _deal_key(obj)
                    record = seen.get(key) if key is not None else None
                    if record is None:
                        record = DealRecord(parse(obj, players, rules))
                        if key is not None:
                            seen[key] = record
                    append(record)
                else:
                    append(deal_from_json(kind, obj, players, rules))
            except InputError as exc:
                lines = _deal_lines(text) if text else []
                line = lines[number - 1] if number <= len(lines) else None
                raise exc.located(deal=number, line=line) from None
    title, place = _titles(data)
    return Game(kind, players, rules, tuple(records), stake, currency, title, place)


def _deal_key(obj: dict) -> str | None:
    """A deal's JSON as one string, equal only for the same keys in the same order and
    the same values of the same JSON types (``repr`` tells 1, 1.0, true and "1" apart)."""
    try:
        return repr(obj)
    except (ValueError, RecursionError):  # too long a number, or nested too deeply
        return None


def _line_of_field(text: str, field: str | None) -> int | None:
    if not field:
        return None
    top = field.split(".")[0].split("[")[0]
    match = re.search(re.escape(json.dumps(top)) + r"\s*:", text)
    return text.count("\n", 0, match.start()) + 1 if match else None


def loads(text: str) -> Game:
    """Read a game from its file text (every field checked; no deal is scored yet)."""
    if not isinstance(text, str):
        raise GameFileError("a game file is text", value=type(text).__name__)
    return _from_data(_parse_json(text), text)


def load(path: str | os.PathLike) -> Game:
    return loads(read_text(path))


def from_json(data: Mapping) -> Game:
    """A game from an already-parsed JSON object (e.g. one a program built)."""
    return _from_data(data, None)


# -- writing -------------------------------------------------------------------

def _dump_value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def to_json(game: Game) -> dict:
    out: dict = {
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
    out["deals"] = [deal_to_json(game.kind, d) for d in game.deals]
    return out


def dumps(game: Game) -> str:
    """The file text: fixed key order, two-space indent, one deal per line."""
    data = to_json(game)
    deals = data.pop("deals")
    lines = ["{"]
    for key, value in data.items():
        lines.append(f"  {_dump_value(key)}: {_dump_value(value)},")
    if deals:
        lines.append('  "deals": [')
        lines.append(",\n".join("    " + _dump_value(d) for d in deals))
        lines.append("  ]")
    else:
        lines.append('  "deals": []')
    lines.append("}")
    return "\n".join(lines) + "\n"


@contextlib.contextmanager
def replacing(path: str | os.PathLike) -> Iterator[str]:
    """A temporary file beside ``path`` to write; when the block ends well it is
    fsynced and renamed over ``path``, so a crash leaves the old or the new file,
    never half of one.  On an error the old file is untouched and the temporary
    file removed.  Game files and workbooks are both saved through here.
    """
    import tempfile  # only a save needs it; reading commands start faster without

    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    os.close(fd)
    try:
        yield tmp
        with open(tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o777)
        else:
            os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(folder)


def write_atomic(path: str | os.PathLike, text: str) -> None:
    """Replace ``path`` with ``text`` atomically (see :func:`replacing`)."""
    with replacing(path) as tmp:
        with open(tmp, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def dump(game: Game, path: str | os.PathLike) -> None:
    write_atomic(path, dumps(game))


@contextlib.contextmanager
def locked(path: str | os.PathLike) -> Iterator[None]:
    """Hold an exclusive lock for a read-change-write of one game file.

    The lock is taken on a small ``.NAME.lock`` file beside the game (the game
    file itself is replaced by rename on every save, so a lock on it would be
    lost).  Two ``whistscore add`` on the same file thus run one after the
    other and neither deal is lost.
    """
    path = Path(path)
    lock_path = path.with_name(f".{path.name}.lock")
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: no lock available
        yield
        return
    with open(lock_path, "a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


# -- building and checking -------------------------------------------------------

def new_game(game: str, players: list[str], rules: Mapping[str, Any] | None = None,
             stake: Any = None, currency: str | None = None, title: str | None = None,
             place: str | None = None) -> Game:
    """A new game with no deals, checked like a file would be."""
    data: dict = {"format": FORMAT, "version": VERSION, "game": game,
                  "players": list(players), "rules": dict(rules or {}), "deals": []}
    if title is not None:
        data["title"] = title
    if place is not None:
        data["place"] = place
    if stake is not None:
        data["stake"] = stake if isinstance(stake, str) else str(stake)
    if currency is not None:
        data["currency"] = currency
    return from_json(data)


def check_text(text: str) -> list[InputError]:
    """Every problem of a file: each bad deal, then each deal that cannot be scored.

    A deal that cannot be scored is skipped so later deals are still checked
    against the state the good deals left.
    """
    from .game import next_seat
    from .replay import _play

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
    # Replay.extend would copy the results so far on every deal (quadratic on a
    # long file); the same steps are taken here on one running state instead.
    game = Game(kind, players, rules, (), stake, currency)
    state = kind.initial_state(players, rules)
    dealer = players[0]
    with paused_gc():
        for number, record in records:
            try:
                result, state = _play(game, number, record, state, dealer, False)
            except InputError as exc:
                lines = lines if lines is not None else _deal_lines(text)
                line = lines[number - 1] if number <= len(lines) else None
                problems.append(exc.located(deal=number, line=line))
                continue
            dealer = next_seat(players, result.dealer)
    return problems
