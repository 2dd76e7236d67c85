"""Worked examples in docs/*.md are executed: a ```game block then an ```expect block.

``expect`` may hold ``balance`` (player -> exact fraction string), ``sheet`` (the
``settle --json`` sheet), ``finished`` and ``money`` (with the file's stake).
"""

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from whistscore import journal
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


@pytest.mark.parametrize("game", ["preferans", "twist", "whist", "danish"])
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
    for game in ("preferans", "twist", "whist", "danish"):
        assert f'whistscore.new("{game}"' in text
