"""Worked examples in docs/*.md are executed: a ```game block then an ```expect block.

``expect`` may hold ``balance`` (player -> exact fraction string), ``sheet`` (the
``settle --json`` sheet), ``finished`` and ``money`` (with the file's stake).
"""

import contextlib
import doctest
import importlib
import inspect
import json
import re
import shlex
from fractions import Fraction
from pathlib import Path

import pytest

import whistscore
from whistscore import journal
from whistscore.games import declared
from whistscore.replay import replay
from whistscore.settlement import settle

DOCS = Path(__file__).resolve().parent.parent / "docs"
BLOCK = re.compile(r"```(\w+)[^\n]*\n(.*?)```", re.S)


def examples():
    found = []
    for doc in sorted(DOCS.glob("*.md")):
        blocks = BLOCK.findall(doc.read_text(encoding="utf-8"))
        for i, (lang, body) in enumerate(blocks):
            if lang == "game":
                assert i + 1 < len(blocks) and blocks[i + 1][0] == "expect", \
                    f"{doc.name}: a game block must be followed by an expect block"
                found.append(pytest.param(body, blocks[i + 1][1],
                                          id=f"{doc.stem}-{len(found) + 1}"))
    return found


@pytest.mark.parametrize("game_text, expect_text", examples())
def test_doc_example(game_text, expect_text):
    game = journal.loads(game_text)
    expect = json.loads(expect_text)
    s = settle(replay(game))
    data = s.to_json()
    if "balance" in expect:
        assert {p: Fraction(v) for p, v in data["balance"].items()} == \
            {p: Fraction(v) for p, v in expect["balance"].items()}
    if "sheet" in expect:
        assert data["sheet"] == expect["sheet"]
    if "finished" in expect:
        assert data["finished"] == expect["finished"]
    if "money" in expect:
        assert data["money"] == expect["money"]


@pytest.mark.parametrize("game", declared())
def test_every_game_page_has_executed_examples(game):
    blocks = BLOCK.findall((DOCS / f"{game}.md").read_text(encoding="utf-8"))
    assert sum(1 for lang, _ in blocks if lang == "game") >= 5


PYTHON = re.compile(r"```python\n(.*?)```", re.S)


def python_pages():
    return [pytest.param(doc, id=doc.stem) for doc in sorted(DOCS.glob("*.md"))
            if PYTHON.search(doc.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("doc", python_pages())
def test_python_blocks_run(doc, tmp_path, monkeypatch):
    """Every ```python block of a page runs, in order, in one namespace, in an empty folder."""
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": f"docs_{doc.stem}"}
    for i, block in enumerate(PYTHON.findall(doc.read_text(encoding="utf-8")), 1):
        exec(compile(block, f"{doc.name} python block {i}", "exec"), namespace)  # noqa: S102


def test_the_library_page_has_executed_examples_for_every_game():
    blocks = PYTHON.findall((DOCS / "library.md").read_text(encoding="utf-8"))
    text = "\n".join(blocks)
    for game in declared():
        assert f'whistscore.new("{game}"' in text


# -- the README and the package docstring ---------------------------------------------

ROOT = DOCS.parent
README = ROOT / "README.md"
SHELL = re.compile(r"```sh\n(.*?)```", re.S)
#: what the README's shell lines run besides ``whistscore``: the setting up of a checkout
#: (a venv, an install, the test suite), which this test suite cannot run inside itself
SETUP = (("python3", "-m", "venv"), (".",), ("pip", "install"), ("python", "-m", "pytest"))


def readme_commands() -> list[list[str]]:
    """Every ``whistscore`` command of the README's shell blocks, in order, as argv."""
    found = []
    for block in SHELL.findall(README.read_text(encoding="utf-8")):
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            command: list[str] = []
            for word in words + ["&&"]:
                if word != "&&":
                    command.append(word)
                    continue
                if command and command[0] == "whistscore":
                    found.append(command[1:])
                elif command:
                    assert any(tuple(command[:len(s)]) == s for s in SETUP), \
                        f"README runs a command this test does not know: {' '.join(command)}"
                command = []
    return found


def test_readme_commands_run(tmp_path, monkeypatch):
    """Each ``whistscore`` line of the README, in order, in an empty folder (its first,
    ``whistscore demo``, writes the samples as from an installed package): it exits 0 and says nothing on stderr (``serve`` is started up to the server itself)."""
    from clirun import run

    import whistscore.web.server

    monkeypatch.chdir(tmp_path)  # an empty folder: the README's `whistscore demo` writes the samples
    served = []
    monkeypatch.setattr(whistscore.web.server, "serve", lambda *args, **options: served.append(args))
    commands = readme_commands()
    assert len(commands) >= 15
    for argv in commands:
        status, out, err = run(argv)
        assert (status, err) == (0, ""), f"whistscore {' '.join(argv)}: {status} {err}"
        assert out or argv[0] == "serve", f"whistscore {' '.join(argv)} printed nothing"
    assert served == [(".", "0.0.0.0", 8000, False)]
    game = whistscore.load("evening.json")
    assert game.title == "Friday pulka" and game.rules["pulya"] == 30
    assert [game.notation(r) for r in game.deals] == ["Anna 7S Boris:p Vera:p"]
    assert Path("evening.xlsx").stat().st_size > 0


def test_readme_python_blocks_run(tmp_path, monkeypatch):
    """The README's ```python blocks run, in order, in one namespace, in an empty folder."""
    monkeypatch.chdir(tmp_path)
    blocks = PYTHON.findall(README.read_text(encoding="utf-8"))
    assert blocks
    namespace: dict = {"__name__": "readme"}
    for i, block in enumerate(blocks, 1):
        exec(compile(block, f"README.md python block {i}", "exec"), namespace)  # noqa: S102
    assert len(whistscore.load("evening.json").deals) == 3


def test_package_docstring_examples_run(tmp_path, monkeypatch):
    """``help(whistscore)`` shows examples that doctest runs, outputs compared."""
    import whistscore

    monkeypatch.chdir(tmp_path)
    result = doctest.testmod(whistscore, report=True)
    assert result.attempted >= 10 and result.failed == 0


# -- docs/api.md: every heading is a real object with its real parameters ---------------

API = DOCS / "api.md"
HEADING = re.compile(r"^### `(whistscore(?:\.\w+)*)(?:\((.*)\))?`$", re.M)
#: the modules whose public names (``__all__``) api.md must all document
API_MODULES = ("whistscore", "whistscore.replay", "whistscore.settlement", "whistscore.journal",
               "whistscore.files", "whistscore.recording", "whistscore.scored", "whistscore.game",
               "whistscore.errors", "whistscore.paper", "whistscore.paper.pulka",
               "whistscore.paper.marker", "whistscore.paper.pad")


def _resolve(path: str) -> object:
    """``whistscore.replay.check`` -> the function: a part names a submodule when more
    parts follow it (``whistscore.replay`` alone is the function the package exports)."""
    parts = path.split(".")
    obj: object = importlib.import_module(parts[0])
    for i, part in enumerate(parts[1:], 1):
        if i < len(parts) - 1:
            with contextlib.suppress(ModuleNotFoundError):
                obj = importlib.import_module(".".join(parts[:i + 1]))
                continue
        obj = getattr(obj, part)
    return obj


def _parameters(obj: object) -> str:
    """The parameters as the page writes them: names, ``*``, defaults; no annotations."""
    sig = inspect.signature(obj)  # a bound classmethod comes without its cls
    params = [p.replace(annotation=inspect.Parameter.empty) for p in sig.parameters.values()]
    if params and params[0].name in ("self", "cls"):
        params = params[1:]
    shown = []
    for p in params:
        if p.default is not p.empty and isinstance(p.default, type):  # error=GameFileError
            p = p.replace(default=_Named(p.default.__name__))
        shown.append(p)
    text = str(sig.replace(parameters=shown, return_annotation=inspect.Signature.empty))
    return text[1:-1]


class _Named:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


def api_headings() -> list[tuple[str, str | None]]:
    """(dotted path, the parameters written, or None when the heading writes none)."""
    return [(m.group(1), m.group(2)) for m in HEADING.finditer(API.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("path, params", api_headings(), ids=lambda v: v if v else "")
def test_api_heading_is_the_code(path, params):
    """The heading's object exists, and its parameters are the code's."""
    obj = _resolve(path)
    if params is not None:
        assert params == _parameters(obj), f"docs/api.md: {path}({params})"


def test_api_documents_every_public_name():
    documented = {path for path, _ in api_headings()}
    objects = [_resolve(path) for path in documented]
    missing = []
    for module_name in API_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            value = getattr(module, name)
            if f"{module_name}.{name}" in documented:
                continue
            if not isinstance(value, (str, int)) and any(value is o for o in objects):
                continue
            missing.append(f"{module_name}.{name}")
    assert missing == [], f"docs/api.md does not document {missing}"


def test_api_documents_the_whole_plugin_contract():
    """Every function of GameType has its heading, and the call it writes is the parameters
    of every declared game's function (and of the default)."""
    import attrs

    from whistscore.game import GameType
    from whistscore.games import declared, get_game

    text = API.read_text(encoding="utf-8")
    functions = [f for f in attrs.fields(GameType) if str(f.type).startswith("Callable")]
    assert len(functions) == 19
    for f in functions:
        written = re.search(rf"^### `whistscore\.GameType\.{f.name}`\n\n`{f.name}\((.*?)\)`",
                            text, re.M)
        assert written, f"docs/api.md documents GameType.{f.name}"
        implementations = [getattr(get_game(g), f.name) for g in declared()]
        if f.default is not attrs.NOTHING:
            implementations.append(f.default)
        for fn in implementations:
            assert _parameters(fn) == written.group(1), f"{f.name}: {fn.__module__}"
