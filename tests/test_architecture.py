"""The layering of docs/architecture.md, checked on the source (issue 17).

Imports are read with ``ast`` from every module of the package (including those under
``if TYPE_CHECKING:``, which are imports all the same for a reader), so a cycle or an
import running back up fails here before it confuses anyone.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from whistscore.games import declared

PACKAGE = Path(__file__).resolve().parent.parent / "whistscore"
#: the games this package declares as entry points (pyproject.toml): a game added there is
#: checked here too
GAMES = tuple(name for name, value in declared().items()
              if value.startswith("whistscore.games."))
GAME_MODULES = {"__init__", "club", "deals", "fields", "game", "notation", "rules", "scoring",
                "sheet"}
#: what the game packages may import from the rest of whistscore
CORE_VALUES = {"whistscore", "whistscore.errors", "whistscore.ledger", "whistscore.checks", "whistscore.textrules", "whistscore.rules", "whistscore.layout", "whistscore.fields",
               "whistscore.game", "whistscore.paper", "whistscore.paper.ink", "whistscore.paper.pulka",
               "whistscore.paper.marker", "whistscore.paper.pad", "whistscore.wiring",
               "whistscore.language"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """The whistscore modules ``path`` imports (a ``from X import name`` of a submodule
    counts as importing that submodule)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("whistscore"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("whistscore"):
                continue
            found.add(target)
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if (PACKAGE.parent / Path(*sub.split("."))).with_suffix(".py").exists() or \
                        (PACKAGE.parent / Path(*sub.split(".")) / "__init__.py").exists():
                    found.add(sub)
    found.discard(name)
    return found


def _graph() -> dict[str, set[str]]:
    return {_module_name(p): _imports(p) for p in PACKAGE.rglob("*.py")}


def test_no_import_cycle() -> None:
    graph = _graph()
    # a package's __init__ re-exporting its own modules is not a cycle for a reader
    edges = {m: {t for t in ts if not (m.startswith(t + ".") and t in graph)}
             for m, ts in graph.items()}
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        path.append(m)
        for t in sorted(edges.get(m, ())):
            if t not in edges:
                continue
            if state.get(t) == 1:
                cycle = path[path.index(t):] + [t]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if t not in state:
                visit(t)
        path.pop()
        state[m] = 2

    for m in sorted(edges):
        if m not in state:
            visit(m)


def test_every_game_package_is_declared() -> None:
    """A folder under games/ is a game only through its entry point: none is forgotten."""
    folders = {p.parent.name for p in (PACKAGE / "games").glob("*/__init__.py")}
    assert folders == set(GAMES)
    for game in GAMES:
        assert declared()[game] == f"whistscore.games.{game}:GAME"


@pytest.mark.parametrize("game", GAMES)
def test_game_package_has_the_shape(game: str) -> None:
    folder = PACKAGE / "games" / game
    assert folder.is_dir(), f"games/{game}/ is a package"
    assert {p.stem for p in folder.glob("*.py")} == GAME_MODULES


@pytest.mark.parametrize("game", GAMES)
def test_game_imports_only_core_values(game: str) -> None:
    graph = _graph()
    for module, targets in graph.items():
        if not module.startswith(f"whistscore.games.{game}"):
            continue
        for target in targets:
            if target.startswith(f"whistscore.games.{game}"):
                continue
            assert target in CORE_VALUES, f"{module} imports {target}"


PUBLIC = {
    "rules": ("OPTIONS", "PRESETS", "RULEBOOK", "RULE_TEXTS"),
    "deals": ("Deal", "deal_from_json", "deal_to_json"),
    "notation": ("NOTATION_FORMS", "NOTATION_PLAYERS", "parse_notation", "format_notation"),
    "scoring": ("State", "initial_state", "score", "is_finished", "balance"),
    "sheet": ("sheet_json", "sheet_tables", "closing_tables", "describe_result", "drawing"),
    "fields": ("FIELDS",),
    "game": ("GAME",),
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("module", sorted(PUBLIC))
def test_same_names_in_every_game(game: str, module: str) -> None:
    mod = importlib.import_module(f"whistscore.games.{game}.{module}")
    for name in PUBLIC[module]:
        assert hasattr(mod, name), f"games/{game}/{module}.py defines {name}"
        assert name in mod.__all__, f"games/{game}/{module}.py lists {name} in __all__"


@pytest.mark.parametrize("module", ["deals", "notation", "scoring", "sheet"])
def test_same_signatures_in_every_game(module: str) -> None:
    """A reader who knows one game's function knows the others': same parameters."""
    for name in PUBLIC[module]:
        signatures = {}
        for game in GAMES:
            obj = getattr(importlib.import_module(f"whistscore.games.{game}.{module}"), name)
            if inspect.isfunction(obj):
                signatures[game] = tuple(inspect.signature(obj).parameters)
        assert len(set(signatures.values())) <= 1, f"{module}.{name}: {signatures}"


def test_lower_layers_do_not_import_upper() -> None:
    """Each core module imports only the layers below it (docs/architecture.md)."""
    below = {
        "whistscore.errors": set(),
        "whistscore.ledger": set(),
        "whistscore.textrules": {"whistscore.errors"},
        "whistscore.checks": {"whistscore.errors", "whistscore.textrules"},
        "whistscore.strictjson": {"whistscore.errors", "whistscore.game"},
        "whistscore.repair": {"whistscore.errors", "whistscore.strictjson"},
        "whistscore.rules": {"whistscore.errors"},
        "whistscore.layout": {"whistscore.ledger"},
        "whistscore.paper": {"whistscore.ledger", "whistscore.paper.ink"},
        "whistscore.paper.ink": {"whistscore.layout", "whistscore.ledger"},
        **{f"whistscore.paper.{kind}": {"whistscore.paper", "whistscore.paper.ink",
                                        "whistscore.layout", "whistscore.ledger"}
           for kind in ("pulka", "marker", "pad")},
        "whistscore.fields": set(),
        "whistscore.language": set(),
        "whistscore.running": {"whistscore.layout", "whistscore.ledger"},
        "whistscore.wiring": {"whistscore.fields", "whistscore.game", "whistscore.layout",
                              "whistscore.language",
                              "whistscore.paper", "whistscore.rules"},
    }
    graph = _graph()
    for module, allowed in below.items():
        assert graph[module] <= allowed, f"{module} imports {graph[module] - allowed}"
    upper = {"whistscore.cli", "whistscore.text", "whistscore.excel", "whistscore.web",
             "whistscore.pocket", "whistscore.club"}
    for module, targets in graph.items():
        if module.startswith("whistscore.games") or module in {
                "whistscore.game", "whistscore.wiring", "whistscore.replay", "whistscore.settlement",
                "whistscore.journal", "whistscore.files", "whistscore.scored",
                "whistscore.recording"}:
            assert not {t for t in targets if any(t == u or t.startswith(u + ".")
                                                 for u in upper)}, module


# -- a game's knowledge stays in its package (issue 22) -------------------------------

def _outside_games() -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py")) if "games" not in p.relative_to(PACKAGE).parts]


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (they may name a game)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def game_name_uses(source: str) -> list[str]:
    """Where a module names a registered game in its code: comparing ``kind.name`` with it,
    a table keyed by it, any literal of it (docstrings aside)."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    return sorted(f"line {node.lineno}: {node.value!r}" for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and id(node) not in skip
                  and isinstance(node.value, str) and node.value in GAMES)


def private_state_reads(source: str) -> list[str]:
    """Where a module reads inside a game's state: ``<replay>.state.<anything>`` or
    ``getattr(<replay>.state, ...)`` (Starlette's ``app.state`` is not a game's)."""
    def is_game_state(node: ast.AST) -> bool:
        if not (isinstance(node, ast.Attribute) and node.attr == "state"):
            return False
        base = node.value
        return not ((isinstance(base, ast.Name) and base.id == "app")
                    or (isinstance(base, ast.Attribute) and base.attr == "app")
                    or (isinstance(base, ast.Name) and base.id == "request"))
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and is_game_state(node.value):
            found.append(f"line {node.lineno}: .state.{node.attr}")
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr", "vars")
                and node.args and is_game_state(node.args[0])):
            found.append(f"line {node.lineno}: {node.func.id}(.state, ...)")
    return sorted(found)


def _is_kind_name(node: ast.AST) -> bool:
    """``kind.name`` or ``<anything>.kind.name``: which game a value is."""
    if not (isinstance(node, ast.Attribute) and node.attr == "name"):
        return False
    base = node.value
    return (isinstance(base, ast.Name) and base.id == "kind") or \
        (isinstance(base, ast.Attribute) and base.attr == "kind")


def kind_name_decisions(source: str, *, in_words: bool = False) -> list[str]:
    """Where a module decides by a game's name: ``kind.name`` compared, tested (``if``,
    ``x if ... else``, ``match``), used as a key (``table[kind.name]``, ``.get(kind.name)``)
    or, with ``in_words``, made part of a class, an id or a word (an f-string).  Writing
    the name out as data (the API's ``"game"``, a new file's game) decides nothing."""
    found = []
    for node in ast.walk(ast.parse(source)):
        places: list[ast.AST] = []
        if isinstance(node, ast.Compare):
            places = [node.left, *node.comparators]
        elif isinstance(node, (ast.If, ast.IfExp, ast.While)):
            places = [node.test]
        elif isinstance(node, ast.Match):
            places = [node.subject]
        elif isinstance(node, ast.Subscript):
            places = [node.slice]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("get", "setdefault", "pop"):
            places = list(node.args[:1])
        elif in_words and isinstance(node, ast.JoinedStr):
            places = [v.value for v in node.values if isinstance(v, ast.FormattedValue)]
        for place in places:
            for inner in ast.walk(place):
                if _is_kind_name(inner):
                    found.append(f"line {inner.lineno}: kind.name")
    return sorted(set(found))


def test_the_checks_catch_what_they_look_for() -> None:
    """The checks fail on what draw.py did before issue 22."""
    assert kind_name_decisions('div = {"class": f"ws-sheet ws-{rp.game.kind.name}"}',
                               in_words=True) == ["line 1: kind.name"]
    assert kind_name_decisions('if kind.name in SHAPES: pass\nx = DRAWERS[rp.kind.name]\n'
                               'y = T.get(game.kind.name)\nz = {"game": game.kind.name}') == [
        "line 1: kind.name", "line 2: kind.name", "line 3: kind.name"]
    assert game_name_uses('drawer = {"twist": 1}\nif kind.name == "preferans": pass') == [
        "line 1: 'twist'", "line 2: 'preferans'"]
    assert private_state_reads("x = rp.state.nota(seat)\ny = getattr(rp.state, 'round_price')"
                               "\nz = request.app.state.folder") == [
        "line 1: .state.nota", "line 2: getattr(.state, ...)"]


def test_no_module_outside_the_games_names_a_game_or_reads_its_state() -> None:
    """The drawing, the workbook, the text and the pages ask the game (its paper, labels,
    hooks), never which game it is, and never look inside its state: a fifth game adds its
    words and drawings in its own package only."""
    bad = {}
    for path in _outside_games():
        source = path.read_text(encoding="utf-8")
        web = path.relative_to(PACKAGE).parts[0] == "web"
        found = game_name_uses(source) + private_state_reads(source) + \
            kind_name_decisions(source, in_words=web)
        if found:
            bad[str(path.relative_to(PACKAGE))] = found
    assert not bad, bad


def test_the_club_sits_below_the_cli_and_the_web():
    """The club archive reads the journal, files, replay and settlement; the CLI and the web
    read it, never the other way round (its own command lives in whistscore/club/cli.py)."""
    graph = _graph()
    for module, targets in graph.items():
        if module.startswith("whistscore.club"):
            bad = {t for t in targets if t in ("whistscore.cli", "whistscore.excel")
                   or t.startswith(("whistscore.web", "whistscore.cli."))}
            assert not bad, f"{module} imports {bad}"


def test_only_the_book_module_talks_to_the_workbook_library() -> None:
    """openpyxl is reached through one module (issue 23): the tabs, the formats and the
    reader describe and read workbooks in whistscore's own values, so another tab-maker
    (a club's standings) or another library changes one place."""
    users = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            if any(n == "openpyxl" or n.startswith("openpyxl.") for n in names):
                users.add(_module_name(path))
    assert users == {"whistscore.excel.book"}
    graph = _graph()
    assert graph["whistscore.excel.book"] == set()  # it knows no game, no rule, no word


def test_the_drawing_reads_the_games_paper_only() -> None:
    """web/draw.py and the kinds of paper (whistscore/paper/) draw what ``GameType.drawing``
    says is on the paper:
    it never reads a game's ``sheet_json`` (whose keys are the game's: "pulya", "points"),
    never touches a state, and never reads an entry's column or a rule option by name --
    what the marker's lines and the pulka's closed pulya mean is each game's to say
    (before issue 22 it read whist's "rubber" columns, Danish "points", twist's X and O)."""
    for path in [PACKAGE / "web" / "draw.py", *sorted((PACKAGE / "paper").glob("*.py"))]:
        _reads_the_paper_only(ast.parse(path.read_text(encoding="utf-8")))


def _reads_the_paper_only(tree: ast.Module) -> None:
    # handing the state and the rules to one of the game's own hooks (``kind.next_deal(rp.state,
    # dealer, game.players, game.rules)``) is asking the game, not reading it
    handed = {id(arg) for node in ast.walk(tree) if isinstance(node, ast.Call)
              and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
              and node.func.value.id == "kind" for arg in node.args}
    read = {node.attr for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and id(node) not in handed}
    banned = {"sheet_json", "state", "entries", "outcome", "rules", "name_marks",
              "opening_values"}
    assert not read & banned, read & banned
