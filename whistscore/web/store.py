"""The game files of the served folder: which names are allowed, and every write.

Every change goes through the journal: the same lock as the command line
(``journal.locked``), a fresh read of the file under it, a replay that refuses
a deal that does not fit, and the atomic save.  So a page and ``whistscore add``
on one file at once lose nothing, and a killed server leaves the old file or
the new one.  This module decides no rule; it only says where a file is.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any, Mapping

from .. import journal
from ..cli import parse_deal_text
from ..errors import InputError
from ..game import DealRecord, Game
from ..games import get_game
from ..replay import Replay, replay
from ..settlement import settle

__all__ = ["NAME", "Conflict", "NotFound", "Folder"]

#: a game's name in a path: the file name without ``.json``; no leading dot
#: (the journal's lock and temporary files start with one)
NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}")
MAX_FILE = 8 * 1024 * 1024


class NotFound(InputError):
    """No such game in the folder (404)."""


class Conflict(InputError):
    """The game is finished, or changed since the client saw it (409)."""


def _check_text(value: Any, field: str, limit: int = 200) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InputError("must be text", field=field, value=value)
    if len(value) > limit:
        raise InputError(f"is longer than {limit} characters", field=field, value=value)
    if any(ord(c) < 32 and c not in "\t" or c == "\x7f" for c in value):
        raise InputError("may not hold control characters", field=field, value=value)
    return value


class Folder:
    """The served folder: ``*.json`` files directly in it, nothing else."""

    def __init__(self, root: str | os.PathLike) -> None:
        self.root = Path(root).resolve()
        #: name -> (stamp, replay): a page asks again and again for a file that has not
        #: changed; every save (ours or the CLI's) renames a new file in, so the stamp moves
        self._cache: dict[str, tuple[str, Replay]] = {}

    # -- names -----------------------------------------------------------------
    def path(self, name: str, *, exists: bool = True) -> Path:
        """The file of game ``name``; refuses anything but a plain file directly here."""
        if not isinstance(name, str) or not NAME.fullmatch(name):
            raise NotFound("no such game (a name is letters, digits, '.', '_' or '-')",
                           field="name", value=name)
        path = self.root / f"{name}.json"
        try:
            st = path.lstat()
        except FileNotFoundError:
            if exists:
                raise NotFound("no such game", field="name", value=name) from None
            return path
        if not stat.S_ISREG(st.st_mode):  # a symlink, a folder, a device: never followed
            raise NotFound("no such game (not a plain file in the folder)",
                           field="name", value=name)
        if not exists:
            raise Conflict("a game of that name exists", field="name", value=name)
        return path

    def names(self) -> list[str]:
        out = []
        for entry in os.scandir(self.root):
            if entry.name.endswith(".json") and NAME.fullmatch(entry.name[:-5]) \
                    and entry.is_file(follow_symlinks=False):
                out.append(entry.name[:-5])
        return sorted(out, key=str.casefold)

    def stamp(self, name: str) -> str:
        """Changes whenever the file is saved (by us or by the command line)."""
        return self._stamp(self.path(name))

    @staticmethod
    def _stamp(path: Path) -> str:
        st = path.stat()
        return f"{st.st_ino:x}-{st.st_mtime_ns:x}-{st.st_size:x}"

    # -- reading -----------------------------------------------------------------
    def text(self, name: str) -> str:
        path = self.path(name)
        if path.stat().st_size > MAX_FILE:
            raise InputError("the game file is too large to serve", field="name", value=name)
        return journal.read_text(path)

    def load(self, name: str) -> Game:
        return journal.loads(self.text(name))

    def replay(self, name: str, **kw: Any) -> Replay:
        if kw:
            return replay(self.load(name), **kw)
        return self._current(name, self.path(name))

    def _current(self, name: str, path: Path) -> Replay:
        """The game replayed as the file now holds it (from the cache when unchanged)."""
        stamp = self._stamp(path)
        cached = self._cache.get(name)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        rp = replay(self.load(name))
        self._cache[name] = (stamp, rp)
        return rp

    def stamp_of(self, name: str, rp: Replay) -> str:
        """The stamp of the file that ``rp`` was saved as ("" if it is no longer known)."""
        cached = self._cache.get(name)
        return cached[0] if cached is not None and cached[1] is rp else ""

    def _saved(self, name: str, path: Path, rp: Replay | None) -> None:
        if rp is None:
            self._cache.pop(name, None)
        else:
            self._cache[name] = (self._stamp(path), rp)

    def summary(self) -> list[dict]:
        out = []
        for name in self.names():
            try:
                rp = replay(self.load(name), keep=False)
            except (InputError, OSError) as exc:
                out.append({"name": name, "game": None, "players": [], "deals": None,
                            "finished": None, "error": str(exc)})
                continue
            game = rp.game
            out.append({"name": name, "game": game.kind.name, "players": list(game.players),
                        "deals": len(game.deals), "finished": rp.finished})
        return out

    # -- writing -------------------------------------------------------------------
    def create(self, body: Mapping[str, Any]) -> str:
        """A new game file from the new-game form; its text is returned."""
        name = body.get("name")
        if not isinstance(name, str) or not NAME.fullmatch(name):
            raise InputError("a game's name is 1 to 100 letters, digits, '.', '_' or '-', "
                             "not starting with '.'", field="name", value=name)
        kind = get_game(body.get("game"))
        players = body.get("players")
        if not isinstance(players, list) or len(players) > 8:
            raise InputError("players is a list of names", field="players", value=players)
        for i, p in enumerate(players):
            _check_text(p, f"players[{i}]", 60)
        rules = body.get("rules") or {}
        if isinstance(rules, str):  # the form's "preset" + "name=value" lines
            lines = [ln.strip() for ln in rules.splitlines() if ln.strip()]
            preset = body.get("preset") or None
            rules = kind.rulebook.from_cli(preset, lines).to_json()
        elif isinstance(rules, dict):
            if body.get("preset"):
                rules = {"preset": body["preset"], **rules}
        else:
            raise InputError("rules is an object of options", field="rules", value=rules)
        stake = body.get("stake")
        if stake == "":
            stake = None
        if stake is not None and not isinstance(stake, (str, int)):
            raise InputError("the stake is a decimal number such as \"0.10\"", field="stake",
                             value=stake)
        currency = _check_text(body.get("currency") or None, "currency", 12)
        game = journal.new_game(kind.name, players, rules, stake, currency)
        text = journal.dumps(game)
        with journal.locked(self.root / f"{name}.json"):
            path = self.path(name, exists=False)
            journal.write_atomic(path, text)
        return text

    def record_of(self, game: Game, body: Mapping[str, Any], number: int) -> DealRecord:
        """The deal of a request body: notation text or a deal object, plus dealer and note."""
        raw = body.get("deal")
        if isinstance(raw, str):
            record = parse_deal_text(game, raw, number)
        elif isinstance(raw, dict):
            try:
                record = journal.deal_from_json(game.kind, raw, game.players, game.rules)
            except InputError as exc:
                raise exc.located(deal=number) from None
        else:
            raise InputError("the deal is short notation (text) or a deal object",
                             deal=number, field="deal", value=raw)
        dealer = body.get("dealer")
        note = _check_text(body.get("note") or None, "note", 500)
        if dealer is not None and dealer not in game.players:
            raise InputError("the dealer must be one of the players", deal=number,
                             field="dealer", value=dealer)
        if dealer is not None or note is not None:
            record = DealRecord(record.deal, dealer or record.dealer,
                                note if note is not None else record.note)
        return record

    def add(self, name: str, body: Mapping[str, Any]) -> Replay:
        """Append one deal; the replay after it (with every deal's results)."""
        path = self.path(name)
        with journal.locked(path):
            current = self._current(name, path)
            game = current.game
            self._expect(game, body)
            number = len(game.deals) + 1
            if current.finished:
                raise Conflict("the game has ended; no deal may follow", deal=number)
            record = self.record_of(game, body, number)
            after = current.extend(record)
            journal.dump(after.game, path)
            self._saved(name, path, after)
        return after

    def replace(self, name: str, number: int, body: Mapping[str, Any]) -> Replay:
        """Replace deal ``number``; refused if it or any later deal no longer scores."""
        path = self.path(name)
        with journal.locked(path):
            game = self.load(name)
            self._expect(game, body)
            if not 1 <= number <= len(game.deals):
                raise NotFound(f"the game has {len(game.deals)} deals", field="number",
                               value=number)
            record = self.record_of(game, body, number)
            old = game.deals[number - 1]
            # who dealt, and the note, stay unless the edit says otherwise
            record = DealRecord(record.deal,
                                record.dealer if record.dealer is not None else old.dealer,
                                record.note if record.note is not None or "note" in body
                                else old.note)
            deals = game.deals[: number - 1] + (record,) + game.deals[number:]
            changed = Game(game.kind, game.players, game.rules, deals, game.stake,
                           game.currency)
            after = replay(changed)
            journal.dump(changed, path)
            self._saved(name, path, after)
        return after

    def drop_last(self, name: str, body: Mapping[str, Any] | None = None) -> dict:
        """Undo: drop the last deal; the dropped deal as the file held it."""
        path = self.path(name)
        with journal.locked(path):
            game = self._current(name, path).game
            self._expect(game, body or {})
            if not game.deals:
                raise InputError("the game has no deal to undo", field="deals")
            dropped = journal.deal_to_json(game.kind, game.deals[-1])
            journal.dump(game.without_last(), path)
            self._saved(name, path, replay(game.without_last()))
        return {"number": len(game.deals), "deal": dropped,
                "notation": game.notation(game.deals[-1])}

    @staticmethod
    def _expect(game: Game, body: Mapping[str, Any]) -> None:
        expect = body.get("expect")
        if expect is None:
            return
        if isinstance(expect, bool) or not isinstance(expect, int):
            raise InputError("expect is the number of deals the client saw", field="expect",
                             value=expect)
        if expect != len(game.deals):
            raise Conflict(f"the game changed: it has {len(game.deals)} deals now, "
                           f"not {expect}; look again and retry", field="expect", value=expect)


def settle_json(rp: Replay, stake: Any = None) -> dict:
    """Exactly what ``whistscore settle FILE --json`` prints (as data)."""
    return settle(rp, stake, 2).to_json()


def sheet_json(rp: Replay) -> dict:
    """Exactly what ``whistscore show FILE --json`` prints (as data)."""
    game = rp.game
    return {
        "game": game.kind.name,
        "players": list(game.players),
        "deals": len(game.deals),
        "finished": rp.finished,
        "sheet": game.kind.sheet_json(rp.state, game.rules),
        "entries": [e.to_json() for e in rp.entries()],
    }
