import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import tallygame  # noqa: E402
from whistscore.games import register  # noqa: E402

register(tallygame.GAME)

# tests/test_registry_loops.py runs the registry's loops again with a fifth game known
import os  # noqa: E402

if os.environ.get("WHISTSCORE_FIFTH_GAME") == "1":
    import fifthgame  # noqa: E402

    register(fifthgame.make())

# Without --lang the command line speaks the reader's locale (issue 38); the tests read its
# English, so a Russian locale of the machine running them is set aside for their time
# (tests/test_console.py sets the locale it tests itself).
from whistscore.console import env_lang  # noqa: E402

if env_lang() != "en":
    import os

    os.environ["LC_ALL"] = "C.UTF-8"

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def root() -> Path:
    return ROOT
