import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import system_tools  # noqa: E402
import tallygame  # noqa: E402
from whistscore.games import register  # noqa: E402

register(tallygame.GAME)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def root() -> Path:
    return ROOT


def pytest_sessionstart(session):
    """Install the browser and LibreOffice when missing (as root); else their tests fail."""
    problem = system_tools.ensure()
    if problem:
        sys.stderr.write(f"\nwhistscore tests: {problem}\n")
