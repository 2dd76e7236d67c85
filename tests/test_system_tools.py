"""The tests install nothing (issue 23): .ci/run installs the browser, LibreOffice and poppler;
a test that needs a missing one fails, naming the command that installs it, and never skips."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import system_tools

TESTS = Path(__file__).resolve().parent


def test_a_missing_program_fails_the_test_with_the_command(monkeypatch):
    monkeypatch.setattr(system_tools.shutil, "which",
                        lambda name: None if name == "chromedriver" else f"/usr/bin/{name}")
    with pytest.raises(pytest.fail.Exception) as failed:
        system_tools.require("chromium", "chromedriver")
    message = str(failed.value)
    assert "this test needs chromedriver" in message
    assert "apt-get update && apt-get install -y -q chromium-driver" in message
    assert "chromium," not in message  # only what is missing is named


def test_a_program_present_passes(monkeypatch):
    monkeypatch.setattr(system_tools.shutil, "which", lambda name: f"/usr/bin/{name}")
    assert system_tools.require("soffice", "pdftotext") is None


def test_no_test_module_runs_a_package_manager():
    """apt-get appears in the tests only inside the words of a failure, never as a
    command run (a subprocess call, os.system)."""
    for path in sorted(TESTS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr in {"run", "call", "check_call", "check_output", "Popen",
                                       "system"}:
                words = ast.dump(node)
                assert "apt-get" not in words, f"{path.name}:{node.lineno} runs apt-get"
