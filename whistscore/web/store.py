"""The game files of the served folder: which names are allowed, and every write.

Every change is a request of :mod:`whistscore.recording` (``Create``, ``Record``,
``Replace``, ``Undo``, ``Settings``, ``End``, ``Restore``), as the command line's are:
the same lock, the same text rules, a replay that refuses a deal that does not fit, and
the atomic save.  The replay kept for a page is handed in with the stamp of the file
it was kept as; under the lock the library scores the change on it if the file is still
that one (else it reads the file), and hands back the replay and stamp of the file it
saved, which are kept as they are.  So a deal is scored once and nothing is read back;
a page and ``whistscore add`` on one file at once lose nothing, and a killed server
leaves the old file or the new one.  This module decides no rule; it only says where a
file is.

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
from typing import TYPE_CHECKING, Any, Mapping

from .. import files, journal, recording
from ..errors import InputError, NotFoundError
from ..games import GAMES, get_game
from ..i18n import error_line
from ..replay import Replay, replay
from ..rules import assignments_of
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
        return files.stamp_of(st)

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
        return files.decode_text(data), files.stamp_of(info)

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
    # Every change is one request of whistscore.recording, applied under the file's lock
    # on the replay kept here when the file is still the one it was kept as (its stamp):
    # a deal is scored once, and the replay and stamp the change hands back are kept as
    # they are, nothing read back.
    def _held(self, name: str) -> recording.Held | None:
        cached = self._cache.get(name)
        return None if cached is None else recording.Held(cached[0], cached[1])

    def _apply(self, name: str, request: recording.Request) -> recording.Change:
        """``request`` made to game ``name`` (inside :func:`files.no_links`), the game
        after it kept as the replay of the file saved."""
        path = self.path(name)
        with files.no_links():
            change = recording.apply(path, request, held=self._held(name), keep=True)
        self._keep(name, change)
        return change

    def _keep(self, name: str, change: recording.Change) -> None:
        """The game after ``change`` kept as the replay of the file it saved."""
        held = change.held
        if held is None:
            self._cache.pop(name, None)
        else:
            self._cache[name] = (held.stamp, held.replay)

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
        request = recording.Create(kind.name, players, rules=rules, stake=_stake_of(body),
                                   currency=body.get("currency") or None,
                                   title=body.get("title") or None)
        path = self.path(name, exists=False)
        with files.no_links():
            change = recording.create(path, request)
        if change.stamp:
            self._cache[name] = (change.stamp, change.after.replay)
        return journal.dumps(change.after.game)

    def import_file(self, body: Mapping[str, Any]) -> str:
        """A game file brought in whole (the pocket page's import); its new name.

        The text must be a game file whistscore reads (the same check as ``whistscore
        check``); the name is the file's own name, made a valid one, with ``-2``,
        ``-3``... when a game of that name is here already: an import never replaces.
        """
        request = recording.Restore(body.get("text"), scored=False)  # type: ignore[arg-type]
        given = body.get("name")
        stem = given[:-5] if isinstance(given, str) and given.lower().endswith(".json") \
            else given if isinstance(given, str) else ""
        stem = re.sub(r"[^A-Za-z0-9._-]+", "-", stem).lstrip(".-")[:90] or "game"
        name, n = stem, 2
        while (self.root / f"{name}.json").exists():
            name, n = f"{stem}-{n}", n + 1
        recording.restore(self.path(name, exists=False), request)  # refuses, with the
        return name  # journal's own message, what is no game file

    def add(self, name: str, body: Mapping[str, Any]) -> tuple[Replay[Any], int, bool]:
        """Append one deal (``whistscore.record``): the replay after it (every deal kept),
        the deal's number, and whether it was already there (a retry of its id)."""
        deal: Any = body.get("deal")  # read by the game (the library says what is wrong)
        change = self._apply(name, recording.Record(
            deal, body.get("dealer"), body.get("note") or None, True,
            body.get("expect"), body.get("id")))
        return change.after.replay, change.number, change.already

    def replace(self, name: str, number: int, body: Mapping[str, Any]) -> Replay[Any]:
        """Replace deal ``number`` (``whistscore.replace``); refused if it or any later
        deal no longer scores."""
        deal: Any = body.get("deal")
        return self._apply(name, recording.Replace(
            number, deal, body.get("dealer"), body.get("note") or None, None,
            body.get("expect"))).after.replay

    def drop_last(self, name: str, body: Mapping[str, Any] | None = None) -> JSONObject:
        """Undo (``whistscore.drop_last``): the dropped deal as the file held it."""
        change = self._apply(name, recording.Undo((body or {}).get("expect")))
        dropped = change.before.deals[-1]
        return {"number": change.number,
                "deal": journal.deal_to_json(change.before.kind, dropped),
                "notation": change.before.game.notation(dropped)}

    def settings(self, name: str, body: Mapping[str, Any]) -> JSONObject:
        """Change the rules, stake or title (``whistscore set``); refused, file untouched,
        if a recorded deal no longer fits.  ``rules`` is ``name=value`` lines (as the
        new-game form and ``--rule`` write them) or an object of options."""
        rules = body.get("rules") or {}
        if isinstance(rules, str):
            if len(rules) > 4000:
                raise InputError("the rules are longer than 4000 characters", field="rules")
            rules = assignments_of([ln.strip() for ln in rules.splitlines() if ln.strip()],
                                   "rules")
        elif not isinstance(rules, dict):
            raise InputError("rules is an object of options", field="rules", value=rules)
        change = self._apply(name, recording.Settings(
            body.get("preset") or None, rules, _stake_of(body), body.get("currency"),
            body.get("title"), expect=body.get("expect")))
        game = change.after.game
        return {"rules": game.rules.to_json(), "stake": None if game.stake is None
                else str(game.stake), "title": game.title}

    def end(self, name: str, body: Mapping[str, Any]) -> JSONObject:
        """"End the evening here" (``whistscore end``): ``ended`` written, the game settled
        as it stands; with ``"reopen": true`` the mark is taken away."""
        change = self._apply(name, recording.End(reopen=body.get("reopen") is True,
                                                 expect=body.get("expect")))
        return {"ended": change.after.game.ended, "deals": len(change.after.deals)}

    def delete(self, name: str, body: Mapping[str, Any]) -> JSONObject:
        """Delete a game from the page: its file renamed to ``NAME.json.deleted`` (then
        ``-2``, ``-3``...) under the game's lock, so it leaves the list and can be put back
        by renaming it; refused (409) when the game changed since the phone saw it."""
        path = self.path(name)
        expect = recording.expected(body.get("expect"))
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
