"""The game files of the served folder: which names are allowed, and every write.

Every change goes through the library's own functions (``whistscore.record``,
``replace``, ``drop_last``), as the command line's do: the same lock, a fresh
read of the file under it, a replay that refuses a deal that does not fit, and
the atomic save.  So a page and ``whistscore add``
on one file at once lose nothing, and a killed server leaves the old file or
the new one.  This module decides no rule; it only says where a file is.

Only the plain files directly in the folder are served, and a name is never
followed through a symbolic link: a file is opened relative to the folder's
descriptor with ``O_NOFOLLOW`` and what was opened is checked (``fstat``: a
regular file), so a file swapped for a link between a check and the open is
refused, not read.  Every change runs inside :func:`whistscore.files.no_links`
under the folder's lock: the file is read, checked and replaced relative to the
locked folder, and a link found there is refused.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Mapping, TypedDict

from .. import files, journal, recording
from ..errors import InputError, NotFoundError
from ..games import GAMES, get_game
from ..i18n import error_line
from ..replay import Replay, replay
from ..rules import assignments_of
from ..scored import ScoredGame
from ..settlement import settle

if TYPE_CHECKING:
    from ..game import Game, JSONObject

__all__ = ["NAME", "Conflict", "NotFound", "Folder"]

#: a game's name in a path: the file name without ``.json``; no leading dot
#: (the journal's lock and temporary files start with one)
NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}")
MAX_FILE = 8 * 1024 * 1024


class NotFound(NotFoundError):
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


class _Parts(TypedDict):
    """A deal's parts from a request body: the deal and dealer as sent (the library
    checks them), the note and the count of deals the client saw already bounded."""

    deal: Any
    dealer: Any
    note: str | None
    expect: int | None
    id: str | None


class Folder:
    """The served folder: ``*.json`` files directly in it, nothing else."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(root).resolve()
        #: name -> (stamp, replay): a page asks again and again for a file that has not
        #: changed; every save (ours or the CLI's) renames a new file in, so the stamp moves
        self._cache: dict[str, tuple[str, Replay[Any]]] = {}
        #: name -> (stamp, the games list's line, the error it reads with): the list is
        #: asked for by every phone, and replaying every game for it took 3-4 s with one
        #: 5 MB game (issue 32); a file is replayed again only when its stamp moved
        self._summaries: dict[str, tuple[str, JSONObject, Exception | None]] = {}

    # -- names -----------------------------------------------------------------
    def path(self, name: str, *, exists: bool = True) -> Path:
        """The file of game ``name``; refuses anything but a plain file directly here."""
        if not isinstance(name, str) or not NAME.fullmatch(name):
            raise NotFound("no such game (a name is letters, digits, '.', '_' or '-')",
                           field="name", value=name)
        if name == "club":  # club.json holds the club's settings (docs/club.md), not a game
            raise NotFound("no such game (club.json is the club's settings)", field="name",
                           value=name)
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
        out: list[str] = []
        for entry in os.scandir(self.root):
            if entry.name.endswith(".json") and NAME.fullmatch(entry.name[:-5]) \
                    and entry.name != "club.json" and entry.is_file(follow_symlinks=False):
                out.append(entry.name[:-5])
        return sorted(out, key=str.casefold)

    def odd_files(self) -> list[str]:
        """The ``*.json`` files of the folder whose names the scorepad's rule refuses (a
        sync tool's conflict copy, "evening (conflicted copy 2026-11-30).json"): the club
        counts every ``*.json`` file, so the games list shows these too, each opened
        read-only, and removed only after a confirmation (:meth:`remove_odd`).  A name
        that is not UTF-8 cannot be named in a page: the club lists it with its error."""
        out: list[str] = []
        for entry in os.scandir(self.root):
            name = entry.name
            if not name.endswith(".json") or name.startswith(".") or name == "club.json" \
                    or NAME.fullmatch(name[:-5]):
                continue
            try:
                name.encode("utf-8")
            except UnicodeEncodeError:
                continue
            if entry.is_file(follow_symlinks=False):
                out.append(name)
        return sorted(out, key=str.casefold)

    def _odd(self, file: str) -> str:
        """``file`` if it is one of :meth:`odd_files` (a game with a served name is opened
        and changed as a game, never here)."""
        if not isinstance(file, str) or len(file) > 1000 or file not in self.odd_files():
            raise NotFound("no such file among those the scorepad lists read-only",
                           field="file", value=file if isinstance(file, str) else None)
        return file

    def read_odd(self, file: str) -> str:
        """The text of a file listed by :meth:`odd_files` (read-only: no route changes it)."""
        return self._read_file(self._odd(file), file)[0]

    def remove_odd(self, file: str, confirm: object) -> None:
        """Remove a file listed by :meth:`odd_files`, once ``confirm`` repeats its name: the
        only change the scorepad makes to such a file (a conflict copy the club counted)."""
        self._odd(file)
        if confirm != file:
            raise InputError("to remove the file, confirm with its exact name; nothing removed",
                             field="confirm", value=confirm if isinstance(confirm, str) else None)
        with files.no_links(), files.locked(self.root / file):
            self._odd(file)  # still here, still a plain file, under the folder's lock
            fd = self._open_root()
            try:
                os.unlink(file, dir_fd=fd)  # a link swapped in is removed, never followed
            except FileNotFoundError:
                raise NotFound("no such file (removed meanwhile)", field="file",
                               value=file) from None
            finally:
                os.close(fd)
        self._summaries.pop("\0" + file, None)

    def stamp(self, name: str) -> str:
        """Changes whenever the file is saved (by us or by the command line)."""
        return self._stamp(self.path(name))

    def _stamp(self, path: Path) -> str:
        """The stamp of the entry itself (``lstat`` in the folder: a link is never followed)."""
        fd = self._open_root()
        try:
            st = os.stat(path.name, dir_fd=fd, follow_symlinks=False)
        except FileNotFoundError:
            raise NotFound("no such game", field="name", value=path.stem) from None
        finally:
            os.close(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotFound("no such game (not a plain file in the folder)", field="name",
                           value=path.stem)
        return _stamp_of(st)

    def _open_root(self) -> int:
        try:
            return os.open(self.root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
                           | getattr(os, "O_CLOEXEC", 0))
        except OSError as exc:
            raise InputError(f"the folder cannot be opened ({exc.strerror or exc}): "
                             f"{self.root}", field="folder", value=str(self.root)) from None

    # -- reading -----------------------------------------------------------------
    def _read(self, name: str) -> tuple[str, str]:
        """The text of game ``name`` and the stamp of the very file read.

        The name is opened in the folder (its descriptor), without following a
        link, and the file opened is checked: a regular file, at most MAX_FILE.
        """
        return self._read_file(self.path(name).name, name)

    def _read_file(self, file: str, name: str) -> tuple[str, str]:
        """:meth:`_read` of the file ``file`` of the folder (said of ``name``)."""
        fd = self._open_root()
        try:
            data, info = files.read_checked(file, dir_fd=fd, follow=False, limit=MAX_FILE)
        except files.NotAFile:  # gone, or swapped for a link or a FIFO since the check
            raise NotFound("no such game (not a plain file in the folder)", field="name",
                           value=name) from None
        except InputError as exc:  # too large, unreadable: said of the game's name
            raise InputError(exc.reason, field="name", value=name) from None
        finally:
            os.close(fd)
        return files.decode_text(data), _stamp_of(info)

    def text(self, name: str) -> str:
        return self._read(name)[0]

    def load(self, name: str) -> "Game":
        return journal.loads(self.text(name))

    def replay(self, name: str, **kw: Any) -> Replay[Any]:
        if kw:
            return replay(self.load(name), **kw)
        return self._current(name, self.path(name))

    def _current(self, name: str, path: Path) -> Replay[Any]:
        """The game replayed as the file now holds it (from the cache when unchanged)."""
        stamp = self._stamp(path)
        cached = self._cache.get(name)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        text, stamp = self._read(name)
        rp = replay(journal.loads(text))
        self._cache[name] = (stamp, rp)
        return rp

    def stamp_of(self, name: str, rp: Replay[Any]) -> str:
        """The stamp of the file that ``rp`` was saved as ("" if it is no longer known)."""
        cached = self._cache.get(name)
        return cached[0] if cached is not None and cached[1] is rp else ""

    def _saved(self, name: str, path: Path, rp: Replay[Any] | None) -> None:
        if rp is None:
            self._cache.pop(name, None)
        else:
            self._cache[name] = (self._stamp(path), rp)

    def summary(self, with_title: bool = False, lang: str | None = None) -> list[JSONObject]:
        """Every game of the folder in a line; a file that does not read has its error
        (the CLI's words) and, for a page in ``lang``, ``said``: the same in that language
        (the sentence of the layer that refused it, the technical text in brackets)."""
        out: list[JSONObject] = []
        kept: dict[str, tuple[str, JSONObject, Exception | None]] = {}
        for name in self.names() + ["\0" + f for f in self.odd_files()]:
            line = self._summary_of(name)
            kept[name] = line
            item = dict(line[1])
            if line[2] is not None and lang is not None:
                item["said"] = error_line(line[2], [get_game(n) for n in GAMES], lang)
            if not with_title:
                item.pop("title", None)
            out.append(item)
        self._summaries = kept  # a removed file's line goes with it
        return out

    def _summary_of(self, name: str) -> tuple[str, JSONObject, Exception | None]:
        """The games list's line of ``name``: kept while the file's stamp (inode, mtime,
        size: every save renames a new file in) stays, replayed once when it moved."""
        odd = name.startswith("\0")  # a file of another name (odd_files), read-only
        file = name[1:] if odd else f"{name}.json"
        try:
            stamp = self._stamp(self.root / file)
        except (InputError, OSError):
            stamp = ""
        kept = self._summaries.get(name)
        if kept is not None and stamp and kept[0] == stamp:
            return kept
        try:
            text, stamp = self._read_file(file, name) if odd else self._read(name)
        except (InputError, OSError) as exc:  # of the moment (unreadable, gone): not kept
            return "", self._error_line(name, exc), exc
        try:
            rp = replay(journal.loads(text), keep=False)
        except (InputError, OSError) as exc:  # the file's own content: kept as it is
            return stamp, self._error_line(name, exc), exc
        game = rp.game
        item = self._error_line(name, None)
        item.update({"game": game.kind.name, "players": list(game.players),
                     "deals": len(game.deals), "finished": rp.finished,
                     "title": getattr(game, "title", None)})
        return stamp, item, None

    @staticmethod
    def _error_line(name: str, exc: Exception | None) -> JSONObject:
        """A line of the games list (a file that does not read: its error).  A file of
        another name (:meth:`odd_files`) has no ``name``, its ``file`` and ``odd``."""
        item: JSONObject = {"name": name, "game": None, "players": [], "deals": None,
                            "finished": None}
        if exc is not None:
            item["error"] = str(exc)
        if name.startswith("\0"):
            item.update({"name": None, "file": name[1:], "odd": True})
        return item

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
        stake = _stake_of(body)
        currency = _check_text(body.get("currency") or None, "currency", 12)
        title = _check_text(body.get("title") or None, "title")
        from ..scored import now_stamp

        game = journal.new_game(kind.name, players, rules, stake, currency, title=title,
                                created=now_stamp())
        text = journal.dumps(game)
        with files.no_links(), files.locked(self.root / f"{name}.json"):
            path = self.path(name, exists=False)
            files.write_atomic(path, text)
        return text

    def import_file(self, body: Mapping[str, Any]) -> str:
        """A game file brought in whole (the pocket page's import); its new name.

        The text must be a game file whistscore reads (the same check as ``whistscore
        check``); the name is the file's own name, made a valid one, with ``-2``,
        ``-3``... when a game of that name is here already: an import never replaces.
        """
        text = body.get("text")
        if not isinstance(text, str):
            raise InputError("the game file's text", field="text", value=type(text).__name__)
        journal.loads(text)  # refuses, with the journal's own message, what is no game file
        given = body.get("name")
        stem = given[:-5] if isinstance(given, str) and given.lower().endswith(".json") \
            else given if isinstance(given, str) else ""
        stem = re.sub(r"[^A-Za-z0-9._-]+", "-", stem).lstrip(".-")[:90] or "game"
        name, n = stem, 2
        while (self.root / f"{name}.json").exists():
            name, n = f"{stem}-{n}", n + 1
        with files.locked(self.root / f"{name}.json"):
            files.write_atomic(self.path(name, exists=False), text)
        return name

    def _checked(self, body: Mapping[str, Any], number: int | None) -> _Parts:
        """The deal's parts from a request body, bounded; the library checks the rest."""
        deal = body.get("deal")
        expect = body.get("expect")
        if expect is not None and (isinstance(expect, bool) or not isinstance(expect, int)):
            raise InputError("expect is the number of deals the client saw", field="expect",
                             value=expect)
        ident = body.get("id")
        if ident is not None:
            journal.check_id(ident, InputError)
        return {"deal": deal, "dealer": body.get("dealer"),
                "note": _check_text(body.get("note") or None, "note", 500), "expect": expect,
                "id": ident}

    def _remember(self, name: str, path: Path, rp: Replay[Any]) -> None:
        """Keep ``rp`` as the replay of the file just saved, if the file is still that one
        and ``rp`` holds every deal."""
        if len(rp.results) != len(rp.game.deals):
            # a replay made with keep=False (settings, end) keeps the state but not the deals: kept as
            # the page's replay it drew an ended evening's sheet empty
            self._cache.pop(name, None)
            return
        try:
            first = self._stamp(path)
            text, stamp = self._read(name)
            same = stamp == first and self._stamp(path) == first \
                and text == journal.dumps(rp.game)
        except (OSError, InputError):
            same = False
        if same:
            self._cache[name] = (first, rp)
        else:
            self._cache.pop(name, None)

    def _held(self, name: str, path: Path) -> ScoredGame | None:
        """The kept replay of ``name`` as a game to change, if the file is still the one it
        was kept from (its stamp, under the caller's lock); else ``None`` (read it)."""
        cached = self._cache.get(name)
        if cached is None or len(cached[1].results) != len(cached[1].game.deals):
            return None
        try:
            same = self._stamp(path) == cached[0]
        except InputError:
            return None
        return ScoredGame(cached[1]) if same else None

    def add(self, name: str, body: Mapping[str, Any]) -> tuple[Replay[Any], int, bool]:
        """Append one deal (``whistscore.record``): the replay after it (every deal kept),
        the deal's number, and whether it was already there (a retry of its id)."""
        path = self.path(name)
        known = self._cache.get(name)
        parts = self._checked(body, None)
        with files.no_links():
            change = recording.record(path, parts["deal"], dealer=parts["dealer"],
                                      note=parts["note"], expect=parts["expect"],
                                      id=parts["id"], known=lambda: self._held(name, path))
        if change.already:
            return self._current(name, path), change.number, True
        last = change.after.last
        if last is None:  # record always leaves a last deal
            raise AssertionError("a recorded deal came back without its deal")
        added = last.record
        if known is not None and change.before.replay is known[1]:
            after = change.after.replay   # scored on the kept replay: every deal in it
        elif known is not None and known[1].game.deals == change.before.game.deals:
            after = known[1].extend(added)  # the one new deal scored on the kept replay
        else:
            after = replay(change.after.game)
        self._remember(name, path, after)
        return after, change.number, False

    def replace(self, name: str, number: int, body: Mapping[str, Any]) -> Replay[Any]:
        """Replace deal ``number`` (``whistscore.replace``); refused if it or any later
        deal no longer scores."""
        path = self.path(name)
        parts = self._checked(body, number)
        with files.no_links():
            change = recording.replace(path, number, parts["deal"], dealer=parts["dealer"],
                                       note=parts["note"], expect=parts["expect"])
        after = change.after.replay
        self._remember(name, path, after)
        return after

    def drop_last(self, name: str, body: Mapping[str, Any] | None = None) -> JSONObject:
        """Undo (``whistscore.drop_last``): the dropped deal as the file held it."""
        path = self.path(name)
        expect = (body or {}).get("expect")
        if expect is not None and (isinstance(expect, bool) or not isinstance(expect, int)):
            raise InputError("expect is the number of deals the client saw", field="expect",
                             value=expect)
        with files.no_links():
            change = recording.drop_last(path, expect=expect)
        dropped = change.before.deals[-1]
        self._remember(name, path, change.after.replay)
        return {"number": change.number,
                "deal": journal.deal_to_json(change.before.kind, dropped),
                "notation": change.before.game.notation(dropped)}


    def _expect(self, body: Mapping[str, Any]) -> int | None:
        expect = body.get("expect")
        if expect is not None and (isinstance(expect, bool) or not isinstance(expect, int)):
            raise InputError("expect is the number of deals the client saw", field="expect",
                             value=expect)
        return expect

    def settings(self, name: str, body: Mapping[str, Any]) -> JSONObject:
        """Change the rules, stake or title (``whistscore set``); refused, file untouched,
        if a recorded deal no longer fits.  ``rules`` is ``name=value`` lines (as the
        new-game form and ``--rule`` write them) or an object of options."""
        path = self.path(name)
        rules = body.get("rules") or {}
        if isinstance(rules, str):
            if len(rules) > 4000:
                raise InputError("the rules are longer than 4000 characters", field="rules")
            rules = assignments_of([ln.strip() for ln in rules.splitlines() if ln.strip()],
                                   "rules")
        elif not isinstance(rules, dict):
            raise InputError("rules is an object of options", field="rules", value=rules)
        preset = body.get("preset") or None
        stake = _stake_of(body)
        title = _check_text(body.get("title"), "title")
        currency = _check_text(body.get("currency"), "currency", 12)
        with files.no_links():
            change = recording.change_settings(
                path, preset=_check_text(preset, "preset", 40), rules=rules, stake=stake,
                currency=currency, title=title, expect=self._expect(body))
        self._remember(name, path, change.after.replay)
        game = change.after.game
        return {"rules": game.rules.to_json(), "stake": None if game.stake is None
                else str(game.stake), "title": game.title}

    def end(self, name: str, body: Mapping[str, Any]) -> JSONObject:
        """"End the evening here" (``whistscore end``): ``ended`` written, the game settled
        as it stands; with ``"reopen": true`` the mark is taken away."""
        path = self.path(name)
        with files.no_links():
            change = recording.end(path, reopen=body.get("reopen") is True,
                                   expect=self._expect(body))
        self._remember(name, path, change.after.replay)
        return {"ended": change.after.game.ended, "deals": len(change.after.deals)}


    def delete(self, name: str, body: Mapping[str, Any]) -> JSONObject:
        """Delete a game from the page: its file renamed to ``NAME.json.deleted`` (then
        ``-2``, ``-3``...) under the game's lock, so it leaves the list and can be put back
        by renaming it; refused (409) when the game changed since the phone saw it."""
        path = self.path(name)
        expect = self._expect(body)
        with files.no_links(), files.locked(path):
            if expect is not None and len(journal.loads(self.path(name).read_text(
                    encoding="utf-8")).deals) != expect:
                raise Conflict("the game changed on another phone: look at it again",
                               field="deals", value=expect)
            kept = self.root / f"{name}.json.deleted"
            n = 2
            while os.path.lexists(kept):
                kept = self.root / f"{name}.json.deleted-{n}"
                n += 1
            os.rename(path, kept)   # the entry itself: path() refused a link
        self._cache.pop(name, None)
        return {"deleted": name, "kept_as": kept.name}


def _stake_of(body: Mapping[str, Any]) -> str | int | None:
    """The stake a form sent, as typed ("" is none); :func:`whistscore.rules.parse_stake`
    reads it."""
    stake = body.get("stake")
    if stake == "":
        return None
    if stake is not None and not isinstance(stake, (str, int)):
        raise InputError("the stake is a decimal number such as \"0.10\"", field="stake",
                         value=stake)
    return stake


def _stamp_of(st: os.stat_result) -> str:
    return f"{st.st_ino:x}-{st.st_mtime_ns:x}-{st.st_size:x}"


def settle_json(rp: Replay[Any], stake: Decimal | str | None = None) -> JSONObject:
    """Exactly what ``whistscore settle FILE --json`` prints (as data): a finished game's
    result recorded in its file stands, this whistscore's other one beside it
    (``recomputed``, journal.md ``result``)."""
    s = settle(rp, stake, 2)
    recorded = rp.game.result
    if recorded is None or stake is not None:
        return s.to_json()
    from ..scored import ScoredGame
    from ..settlement import as_recorded

    now = ScoredGame(rp).recomputed()
    if now is None:
        return s.to_json()
    out = as_recorded(s, recorded).to_json()
    out["recomputed"] = now.to_json()
    return out


def sheet_json(rp: Replay[Any]) -> JSONObject:
    """Exactly what ``whistscore show FILE --json`` prints (as data)."""
    return rp.to_json()
