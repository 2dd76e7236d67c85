"""``whistscore.club(folder)``: the club archive from Python, the same values the CLI prints.

Every read first brings the archive up to date with the folder (only changed
files are replayed), so a deal recorded a moment ago on a phone is there.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any, Callable, TypeVar

from ..errors import InputError
from . import settings as club_settings
from .archive import Archive, Problem, Recomputed
from .period import Period, period_of

__all__ = ["Club", "open_club"]

T = TypeVar("T")


class Club:
    """A club folder: its game files, ``club.json`` and the archive ``club.sqlite``.

    Period arguments, in every query: ``season`` (a season of club.json) or ``first`` /
    ``last`` (inclusive dates, ``"2026-09-01"``); none: all time.  ``game`` keeps one game
    kind; ``unfinished`` counts the games still being played too.
    """

    def __init__(self, folder: str | os.PathLike[str], *, rebuild: bool = False,
                 accept_recomputed: bool = False) -> None:
        """:raises InputError: ``folder`` is not a folder, or its club.json is not valid."""
        path = Path(os.fspath(folder))
        if not path.is_dir():
            there = path.exists()
            raise InputError("a club is a folder of game files; this is a file" if there
                             else "no such club folder", field="folder", value=str(folder),
                             key="club.folder_file" if there else "club.folder")
        self.folder = path
        self.settings = club_settings.load(path)
        self.archive = Archive(path, rebuild=rebuild)
        self._accept = accept_recomputed

    # -- keeping it true ------------------------------------------------------------
    def refresh(self) -> None:
        """Bring the archive up to date with the folder (what every read does first)."""
        self.archive.refresh(self.settings, accept_recomputed=self._accept)

    def _read(self, query: Callable[[], T]) -> T:
        """Refresh, then run ``query``; a damaged archive is rebuilt once, with a notice."""
        try:
            self.refresh()
            return query()
        except (sqlite3.DatabaseError, json.JSONDecodeError) as exc:
            if isinstance(exc, json.JSONDecodeError):
                # a kept text (a game's deals, an answer) that is not JSON: SQLite checks its
                # pages, not what a column holds, so a scribbled page reads as text
                exc = sqlite3.DatabaseError(
                    f"database disk image is malformed (a kept text is not JSON: {exc})")
            self.archive.rebuild_after(exc)
            self.refresh()
            return query()

    @property
    def notices(self) -> list[str]:
        """The archive's notices (rebuilt, and why), then club.json's names in ``exclude``
        that match no file: not an error (the file may have been removed, or not be
        copied here yet), but a misspelt name leaves a practice game in the standings
        with no word said otherwise."""
        from .words import own_words

        missing = [own_words("en").say("notice.excluded_missing", name)
                   for name in self.settings.exclude
                   if not os.path.lexists(self.folder / name)]
        return [*self.archive.notices, *missing, *self._look_alike()]

    def _look_alike(self) -> list[str]:
        """Club players whose names look alike (Unicode's confusables: "Anna" with a
        Cyrillic «А»), each with the ``--alias`` line that would merge them; never merged
        silently.  Kept with the archive's answers (worked out again when a game changed)."""
        import shlex

        def compute() -> dict[str, Any]:
            from .lookalike import look_alike
            from .words import own_words

            en = own_words("en")  # said in the reader's language by notice_in

            # every club name first (from the index of seats alone): most clubs have no two
            # that look alike, and then none of the names of the games counted do either
            names = [name for (name,) in self.archive.rows(
                "SELECT DISTINCT club_player FROM seats WHERE club_player IS NOT NULL")]
            if not look_alike(names, self.archive.skeletons(names)):
                return {"lines": []}
            counted = ("FROM seats s JOIN games g USING (file) WHERE g.deals > 0 AND "
                       "g.excluded IS NULL AND s.club_player IS NOT NULL")
            played: dict[str, set[str]] = {}
            for player, file in self.archive.rows(f"SELECT s.club_player, s.file {counted}"):
                played.setdefault(player, set()).add(file)
            games = {player: len(files) for player, files in played.items()}
            lines = []
            for group in look_alike(games, self.archive.skeletons(games)):
                # the spelling of the most games is the one the others would join
                main = min(group, key=lambda n: (-games[n], n))
                for other in group:
                    # two who sat at one table are two people: no alias could merge them
                    if other != main and not played[other] & played[main]:
                        alias = shlex.quote(f"{other}={main}")
                        lines.append(en.say(
                            "notice.look_alike", json.dumps(other, ensure_ascii=True),
                            json.dumps(main, ensure_ascii=True),
                            shlex.quote(str(self.folder)), alias))
            return {"lines": lines}

        try:
            return list(self.archive.answer("look_alike", compute)["lines"])
        except sqlite3.DatabaseError:  # an archive that cannot be read says so elsewhere
            return []

    def notice_in(self, notice: str, lang: str) -> str:
        """``notice`` (one of :attr:`notices`) in ``lang``."""
        if lang == "en":
            return notice
        said = self.archive.said.get(notice)
        if said is None:  # the club's other notices, said again from their English words
            from .words import said_again

            return said_again(notice, lang)
        from .words import own_words

        w = own_words(lang)
        key, args = said
        return w[key].format(*(w[a] if a.startswith("cause.") else a for a in args))

    def problems(self) -> list[Problem]:
        """The files left out, each with its one-line error."""
        return self._read(self.archive.problems)

    def recomputed(self) -> list[Recomputed]:
        """Finished games this version would settle otherwise (old results kept)."""
        return self._read(self.archive.recomputed)

    def period(self, season: str | None = None, first: object = None,
               last: object = None) -> Period:
        return period_of(self.settings, season, first, last)

    # -- what it shows ----------------------------------------------------------------
    def standings(self, *, season: str | None = None, first: object = None,
                  last: object = None, game: str | None = None,
                  unfinished: bool = False) -> dict[str, Any]:
        """The standings per game kind (``club --json``)."""
        from .standings import standings

        p, kind = self.period(season, first, last), _game(game)
        return self._answer(_key("standings", p, kind, unfinished),
                            lambda: standings(self.archive, p, kind, unfinished))

    def player(self, name: str, *, season: str | None = None, first: object = None,
               last: object = None, game: str | None = None,
               unfinished: bool = False) -> dict[str, Any]:
        """A player's page (``club --player NAME --json``).

        :raises InputError: nobody of that name played in the club.
        """
        from .player import player

        p, kind = self.period(season, first, last), _game(game)
        name = self._listed(name)
        key = json.dumps([_key("player", p, kind, unfinished), name], ensure_ascii=False)
        return self._answer(key, lambda: player(self.archive, name, p, kind, unfinished))

    def pairs(self, *, season: str | None = None, first: object = None,
              last: object = None, game: str | None = None,
              unfinished: bool = False) -> dict[str, Any]:
        """Who beats whom over the club, per game kind: every pair of players who met,
        the winner first, the biggest win first (docs/club.md "Statistics")."""
        from .period import evenings
        from .stats import every_pair

        p, kind = self.period(season, first, last), _game(game)
        return self._answer(_key("pairs", p, kind, unfinished), lambda: {
            "period": p.to_json(),
            "games": every_pair(self.archive, evenings(self.archive, p, kind, unfinished))})

    def head_to_head(self, a: str, b: str, *, season: str | None = None, first: object = None,
                     last: object = None, game: str | None = None,
                     unfinished: bool = False) -> dict[str, Any]:
        """Two players at the same tables (``club --h2h A B --json``).

        :raises InputError: either is no player of the club, or both are the same.
        """
        from .h2h import head_to_head
        from .player import find_player

        p, kind = self.period(season, first, last), _game(game)
        a, b = self._listed(a), self._listed(b)
        key = json.dumps([_key("h2h", p, kind, unfinished), a, b], ensure_ascii=False)

        def query() -> dict[str, Any]:
            first_player = find_player(self.archive, a, "h2h")
            second = find_player(self.archive, b, "h2h")
            if first_player == second:
                raise InputError("head-to-head takes two different players", field="h2h",
                                 value=[a, b], key="club.two_players")
            return head_to_head(self.archive, first_player, second, p, kind, unfinished)
        return self._answer(key, query)

    def records(self, *, season: str | None = None, first: object = None,
                last: object = None, game: str | None = None,
                unfinished: bool = False) -> dict[str, Any]:
        """The records per game kind (``club --records --json``)."""
        from .records import records

        p, kind = self.period(season, first, last), _game(game)
        return self._answer(_key("records", p, kind, unfinished),
                            lambda: records(self.archive, p, kind, unfinished))

    def ratings(self, *, season: str | None = None, first: object = None,
                last: object = None, game: str | None = None) -> dict[str, Any]:
        """Each player's rating at the end of the period and its change over it, per kind."""
        from .period import in_order
        from .standings import ratings_at

        p = self.period(season, first, last)

        def query() -> dict[str, Any]:
            # the kinds in the order the standings list them, not by name
            kinds = in_order({k for (k,) in self.archive.rows(
                "SELECT DISTINCT game FROM ratings")})
            out = {}
            for kind in kinds:
                if game is not None and kind != _game(game):
                    continue
                table = ratings_at(self.archive, kind, p)
                if not table:  # no game of that kind rated by the period's end
                    continue
                out[kind] = [{"player": name, "rating": r, "change": c} for name, (r, c) in
                             sorted(table.items(), key=lambda kv: (-kv[1][0], kv[0]))]
            return self._framed({"period": p.to_json(), "games": out})
        return self._read(query)

    def _listed(self, name: str) -> str:
        """The club name of a spelling club.json lists (even one no game file has typed
        yet, "any of his spellings"), else ``name`` as asked."""
        from .settings import name_key

        if not isinstance(name, str):
            return name
        return self.settings.aliases().get(name_key(name), name)

    def _answer(self, key: str, compute: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """The answer the archive keeps under ``key`` (``compute`` makes it once), framed:
        what every view of the club is, so each view says only its key and its body."""
        return self._read(lambda: self._framed(self.archive.answer(key, compute)))

    def _framed(self, body: dict[str, Any]) -> dict[str, Any]:
        """The answer with the club's name and what the reader must know: files left out,
        games whose recomputed result waits, the archive's notices."""
        return {"club": self.settings.name, **body,
                "left_out": [p.to_json() for p in self.archive.problems()],
                "recomputed": [r.to_json() for r in self.archive.recomputed()],
                "undated": [{"file": f, "command": undated_command(f)}
                            for f in self.archive.undated()],
                "changed_after_finish": self.archive.changed_after_finish(),
                "notices": self.notices}

    # -- changing club.json --------------------------------------------------------------
    def add_alias(self, typed: str, name: str) -> bool:
        """``typed`` (as written in game files) is the club player ``name``; club.json saved.
        False when it was so already: club.json is then not written at all (its bytes and
        modification time as they were).

        :raises InputError: bad names; ``typed`` already another player's spelling; or two
            seats of one game would become the same player (the game named).
        """
        if self.settings.with_alias(typed, name) is not self.settings:
            self.refresh()  # the seats as the files have them (outside club.json's lock)

        def change(current: club_settings.Settings) -> tuple[club_settings.Settings, bool]:
            new = current.with_alias(typed, name)
            if new is current:
                return current, False
            aliases = new.aliases()
            seats: dict[str, dict[str, str]] = {}
            for file, t in self.archive.rows("SELECT file, player FROM seats "
                                             "ORDER BY file, seat"):
                key = club_settings.name_key(t)
                who = aliases.get(key, "\0" + key)
                at_table = seats.setdefault(file, {})
                if who in at_table:
                    raise InputError(f"{at_table[who]!r} and {t!r} played at the same table "
                                     f"in {file}: they cannot be one player", field="alias",
                                     value=f"{typed}={name}", key="club.same_table",
                                     args=(at_table[who], t))
                at_table[who] = t
            return new, True
        return self._changed(change)

    def remove_alias(self, typed: str) -> str:
        """``typed`` is no longer a spelling of a club player (undoes :meth:`add_alias`);
        club.json saved.  Returns the club player it was a spelling of.  Splitting a player
        in two can put no two seats of one game together, so nothing else is checked.

        :raises InputError: ``typed`` is no spelling in club.json, or a club player's own
            name (club.json is then not written).
        """
        return self._changed(lambda current: current.without_alias(typed))

    def _changed(self, change: Callable[[club_settings.Settings],
                                        tuple[club_settings.Settings, T]]) -> T:
        """club.json read, changed by ``change`` and written atomically while the club
        folder's lock is held (:func:`whistscore.files.locked`, the one every write of a
        game file takes): two commands changing it at once both land, one after the other
        (the review lost one alias of ten run together).  Then read back: the club goes on
        with what the file holds (and its digest, by which the archive knows the settings
        changed).  ``change`` gives the new settings (the same object: nothing to write)
        and what the caller returns."""
        from .. import files

        with files.locked(self.folder / club_settings.FILE):
            current = club_settings.load(self.folder)
            new, result = change(current)
            if new is not current:
                club_settings.save(self.folder, new)
        self.settings = club_settings.load(self.folder)
        return result

    def add_season(self, name: str, first: str, last: str) -> None:
        """A season from ``first`` to ``last`` (inclusive); club.json saved.

        :raises InputError: a bad name or date, from after to, a name already used, or
            days another season holds.
        """
        self._changed(lambda current: (current.with_season(name, first, last), None))

    def close(self) -> None:
        self.archive.close()

    def __enter__(self) -> "Club":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def undated_command(file: str) -> str:
    """The command that dates an undated game (journal.md ``created``)."""
    import shlex

    return f"whistscore set {shlex.quote(file)} --created YYYY-MM-DD"


def _key(what: str, period: Period, game: str | None, unfinished: bool) -> str:
    """The key an answer is kept under: the question and all its arguments."""
    return json.dumps([what, period.to_json(), game, unfinished], ensure_ascii=False)


def _game(game: str | None) -> str | None:
    if game is None:
        return None
    from ..games import get_game

    # "Preferans" as "preferans": a kind is named in any letter case, as a season is
    return get_game(game.strip().casefold() if isinstance(game, str) else game).name


def open_club(folder: str | os.PathLike[str], *, rebuild: bool = False,
              accept_recomputed: bool = False) -> Club:
    """The club of ``folder`` (see :class:`Club`)."""
    return Club(folder, rebuild=rebuild, accept_recomputed=accept_recomputed)
