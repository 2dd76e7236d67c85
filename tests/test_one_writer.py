"""Issue 35 item 2, "one writer": the scorepad's refusals come from one handler, every
change of a game file goes through :mod:`whistscore.recording`, and the text rules are
one module (tests here fail without each)."""

from __future__ import annotations

import ast
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.testclient import TestClient

PACKAGE = Path(__file__).resolve().parent.parent / "whistscore"
TOKEN = "tok-" + "x" * 20
H = {"X-Whistscore-Token": TOKEN}


def _catches(path: Path, name: str) -> list[int]:
    """The lines of ``path`` where an ``except`` names ``name``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ExceptHandler) and node.type is not None:
            names = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            if any(isinstance(n, ast.Name) and n.id == name for n in names):
                found.append(node.lineno)
    return found


def test_the_api_catches_no_refusal_by_hand() -> None:
    """web/api.py raises; the app's one handler answers (it caught InputError 13 times)."""
    assert _catches(PACKAGE / "web" / "api.py", "InputError") == []


def _client(folder: Path) -> "TestClient":
    with warnings.catch_warnings():  # starlette asks for httpx2, not yet on every machine
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from whistscore.web.app import create_app

    return TestClient(create_app(folder, TOKEN), base_url="http://127.0.0.1:8000",
                      client=("127.0.0.1", 50000))


def test_one_handler_answers_a_refusal(tmp_path: Path) -> None:
    from whistscore.errors import InputError
    from whistscore.web.app import refused

    client = _client(tmp_path)
    assert client.app.exception_handlers[InputError] is refused
    with client:
        r = client.get("/api/games/nothere/settle")
        assert r.status_code == 404
        assert r.json()["error"] == 'field \'name\', value "nothere": no such game'
        assert r.json()["field"] == "name"
        r = client.get("/api/games/nothere", headers={"accept-language": "ru"})
        assert r.status_code == 404 and r.json()["message"] != r.json()["error"]
