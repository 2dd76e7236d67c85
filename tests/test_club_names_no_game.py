"""The club names no game (issue 35, "Rooms of one job"): what one game knows (its name,
its misères, all-passes, vists, honours, twist rounds, its records and lines of play)
is declared in its own ``games/<g>/club.py`` (:class:`whistscore.game.ClubFacts`), and
the club's code, the season workbook's and the club pages' only loop over what the games
declare.

Read from the source: every name, attribute, argument and string of the code (docstrings
and comments are prose and may give a game as an example), and every line of the club's
templates, split into words (``_`` and any non-letter split them, so ``whistscore`` is not
``whist`` and ``whisters``, the game contract's :class:`~whistscore.game.DealParts` field,
is not ``whists``).  The club's word table (club/words.py) is a catalogue of words, not
code, and is left to the words' own issue.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from whistscore.games import declared, get_game

ROOT = Path(__file__).resolve().parent.parent / "whistscore"
#: the club's code (its command's too), the season workbook's and the club pages'
CODE = sorted({*(ROOT / "club").rglob("*.py")} - {ROOT / "club" / "words.py"}) + [
    ROOT / "cli" / "club.py", ROOT / "excel" / "club.py", ROOT / "web" / "pages" / "club.py",
    ROOT / "web" / "chart.py"]
TEMPLATES = sorted((ROOT / "web" / "templates").glob("*club*.html"))
#: the words only one game has (its terms as players say them, in English and in the
#: deals' file form); the games' own names and declared keys are added from the registry
GAME_WORDS = {"misere", "miseres", "misère", "misères", "allpass", "vist", "vists", "whists",
              "pulya", "pulka", "gora", "remiz", "remizes", "honour", "honours", "nota",
              "bomb", "dil", "solo", "solos", "sol", "vip", "gode", "halve", "sans", "bordlægger"}


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.split(r"[\W_]+", text) if w}


def _forbidden() -> tuple[set[str], re.Pattern[str]]:
    """(words, keys): the hand list and every installed game's name (the tests' own games
    registered for a test are not among them), and the keys of the records and lines of
    play each of them declares, found as whole keys (``most_miseres``, not
    ``whistscore``'s ``whists``)."""
    games = declared()
    words = GAME_WORDS | {name.lower() for name in games}
    keys = set()
    for name in games:
        club = get_game(name).club
        keys |= {r.key for r in club.records} | {p.key for p in club.play}
    return words, re.compile(r"(?<![A-Za-z0-9])(%s)(?![A-Za-z0-9])"
                             % "|".join(map(re.escape, sorted(keys))))


def _texts(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every name and string of a module's code, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and n.body and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)}
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
            out.append((n.lineno, n.value))
        elif isinstance(n, ast.Name):
            out.append((n.lineno, n.id))
        elif isinstance(n, ast.Attribute):
            out.append((n.lineno, n.attr))
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.append((n.lineno, n.name))
        elif isinstance(n, ast.arg):
            out.append((n.lineno, n.arg))
        elif isinstance(n, ast.alias):
            out.append((getattr(n, "lineno", 0), n.asname or n.name))
    return out


def _where(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name


def named_games(paths: list[Path], templates: list[Path]) -> list[str]:
    """Every place in ``paths`` (Python) and ``templates`` (any text) that names a game or
    a word or key only one game has: ``path:line: text``."""
    words, keys = _forbidden()
    found = []
    for path in paths:
        for line, text in _texts(path):
            if _words(text) & words or keys.search(text):
                found.append(f"{_where(path)}:{line}: {text!r}")
    for path in templates:
        for line, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _words(text) & words or keys.search(text):
                found.append(f"{_where(path)}:{line}: {text.strip()}")
    return found


def test_the_club_names_no_game():
    assert TEMPLATES and all(p.is_file() for p in CODE)  # a file moved is named here anew
    assert named_games(CODE, TEMPLATES) == []


@pytest.mark.parametrize("code, found", [
    ('if kind == "misere":\n    pass\n', 1),       # a game's word in a string
    ("def _best_twist_round():\n    pass\n", 1),   # a game's name in a name
    ("x = play.whists\n", 1),                       # in an attribute
    ('x = "one of (preferans, whist)"\n', 1),
    ('x = "most_remizes"\n', 1),                    # a game's declared record key
    ('"""Preferans vists, as an example."""\nx = 1\n', 0),  # a docstring is prose
    ("# a misère\nx = whisters + whistscore\n", 0),        # so is a comment; whole words
])
def test_the_check_finds_a_game_named_in_code(tmp_path, code, found):
    """The check can fail: a module naming a game in the ways the club once did
    (``if dk == "misere"``, ``_best_twist_round``, ``play.whists``)."""
    module = tmp_path / "probe.py"
    module.write_text(code, encoding="utf-8")
    assert len(named_games([module], [])) == found


def test_the_check_reads_templates(tmp_path):
    page = tmp_path / "club_probe.html"
    page.write_text("<li>{{ cw.miseres.format(play.misere.made) }}</li>\n<p>{{ cw.play }}</p>\n",
                    encoding="utf-8")
    assert named_games([], [page]) == [
        "club_probe.html:1: <li>{{ cw.miseres.format(play.misere.made) }}</li>"]
