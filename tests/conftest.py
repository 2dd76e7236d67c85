import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import tallygame  # noqa: E402
from whistscore.games import register  # noqa: E402

register(tallygame.GAME)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def root() -> Path:
    return ROOT
