"""One source per game for its short notation (issue 13 point 1): every example parses and
round-trips, `whistscore notation` and the docs page show the same list, and an unreadable
deal's message ends with the game's one-line hint."""

import re
from pathlib import Path

import pytest

import whistscore
from whistscore import InputError
from whistscore.games import declared, get_game
from whistscore.scored import notation_hint
from whistscore.text import render_notation

from clirun import run  # one way to drive the CLI

DOCS = Path(__file__).resolve().parent.parent / "docs"
#: every game installed (its entry point): a game added is checked too
GAMES = list(declared())


def examples():
    return list(_examples())


def _examples():
    for name in GAMES:
        kind = get_game(name)
        for i, form in enumerate(kind.notation_forms):
            yield pytest.param(name, form, id=f"{name}-{i + 1}")


@pytest.mark.parametrize("name, form", examples())
def test_every_example_parses_and_round_trips(name, form):
    kind = get_game(name)
    players = form.players or kind.notation_players
    rules = kind.rulebook.resolve({})
    deal = kind.parse_notation(form.example, players, rules)
    back = kind.format_notation(deal, players, rules)
    assert kind.parse_notation(back, players, rules) == deal
    assert kind.format_notation(kind.parse_notation(back, players, rules), players, rules) == back


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_forms(name):
    kind = get_game(name)
    assert len(kind.notation_forms) >= 5
    assert len(kind.notation_players) in kind.player_counts


@pytest.mark.parametrize("name", GAMES)
def test_the_docs_page_shows_the_same_list(name):
    page = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- notation table:[^\n]*-->\n(.*?)\n<!-- end of notation table -->",
                      page, re.S)
    assert found, f"docs/{name}.md has no generated notation table"
    assert found.group(1) == render_notation(get_game(name), markdown=True), \
        f"docs/{name}.md is stale: paste `whistscore notation {name} --markdown` between the markers"


@pytest.mark.parametrize("name", GAMES)
def test_the_command_lists_every_form_and_example(name):
    status, out, _ = run(["notation", name])
    assert status == 0
    for form in get_game(name).notation_forms:
        assert f"  {form.form}\n" in out and f"    {form.example}\n" in out
    status, out, _ = run(["notation", name, "--markdown"])
    assert status == 0
    assert out.startswith("| form | example | means |")


def test_add_help_points_to_the_notation():
    status, out, _ = run(["add", "--help"])  # argparse's SystemExit(0), as a status
    assert status == 0
    assert "whistscore notation GAME" in out


#: a line that looks like each game's notation but cannot be read, with the seats
UNREADABLE = {
    "preferans": (["Anna", "Boris", "Vera"], "Anna 7S Boris:x Vera:p 7/3/0"),
    "twist": (["Oleg", "Irina", "Pavel", "Sveta"], "Oleg 8X 5/2/4/1"),
    "whist": (["Anna", "Boris", "Vera", "Gleb"], "NS eight"),
    "danish": (["Anna", "Bo", "Carl", "Dina"], "Anna 9 good"),
}


def test_every_game_has_an_unreadable_line():
    assert sorted(UNREADABLE) == sorted(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_an_unreadable_deal_ends_with_the_hint(name, tmp_path):
    players, bad = UNREADABLE[name]
    kind = get_game(name)
    hint = notation_hint(kind)
    assert hint == f"e.g. {kind.notation_forms[0].example}; every form: whistscore notation {name}"
    with pytest.raises(InputError) as info:
        whistscore.new(name, players).add(bad)
    assert str(info.value).endswith(f"({hint})") and info.value.deal == 1
    path = tmp_path / "g.json"
    assert run(["new", name, str(path), "--players", *players])[0] == 0
    status, _, err = run(["add", str(path), *bad.split()])
    assert status == 1
    assert err.rstrip("\n").endswith(f"({hint})")
