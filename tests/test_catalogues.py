"""The word catalogues (issue 35): every language is one catalogue per package, each .mo is
its .po compiled, every language has exactly English's keys, and a language is read only
when it is said.  docs/languages.md says how to add one."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from whistscore import i18n
from whistscore.games import declared, get_game
from whistscore.language import CORE, Catalogue, grammar, langs
from whistscore.layout import Label

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("catalogues_tool", ROOT / "tools" / "catalogues.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_catalogue_is_compiled_and_has_exactly_the_english_keys() -> None:
    assert _tool().problems() == []


def test_every_package_has_a_catalogue_in_every_language() -> None:
    own = [n for n, where in declared().items() if where.startswith("whistscore.games.")]
    assert len(own) >= 4
    folders = [ROOT / "whistscore" / "locale"] + [Path(get_game(n).words.folder) for n in own]
    for folder in folders:
        assert sorted(p.stem for p in folder.glob("*.po")) == sorted(langs()), folder
        assert sorted(p.stem for p in folder.glob("*.mo")) == sorted(langs()), folder


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "whistscore"
    shutil.copytree(ROOT / "whistscore" / "locale", root / "locale")
    return root


def test_the_check_finds_a_missing_key_an_extra_one_other_fields_and_a_stale_mo(tmp_path) -> None:
    tool = _tool()
    root = _copy(tmp_path)
    ru = root / "locale" / "ru.po"
    text = ru.read_text("utf-8")
    text = text.replace('msgid "player"\nmsgstr "Игрок"', 'msgid "playerz"\nmsgstr "Игрок"')
    text = text.replace('msgstr "Изменение {0}"', 'msgstr "Изменение {1}"')
    ru.write_text(text, "utf-8")
    found = tool.problems(root)
    assert any("missing player" in f for f in found), found
    assert any("playerz is not an English key" in f for f in found), found
    assert any("change names other fields" in f for f in found), found
    assert any("ru.mo: not ru.po compiled" in f for f in found), found
    tool.compile_all(root)
    assert not any("compiled" in f for f in tool.problems(root))


def test_import_reads_no_catalogue_and_a_language_is_read_when_said() -> None:
    code = ("import sys, whistscore; assert 'gettext' not in sys.modules; "
            "from whistscore import i18n, language; from whistscore.layout import Label; "
            "assert 'gettext' not in sys.modules; "
            "i18n.text(Label('player'), None, 'en'); "
            "assert sorted(language.CORE._texts) == ['en'], language.CORE._texts.keys(); "
            "i18n.text(Label('player'), None, 'ru'); "
            "assert sorted(language.CORE._texts) == ['en', 'ru']")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_the_plural_form_comes_from_the_catalogue_header() -> None:
    """Russian's Plural-Forms (one, few, many), by hand: 1 сдача, 3 сдачи, 5 сдач, 11 сдач,
    21 сдача, 22 сдачи, 112 сдач; English's (one, other)."""
    ru = grammar("ru")
    assert ru.nplurals == 3
    assert [ru.plural(n) for n in (1, 3, 5, 11, 21, 22, 112)] == [0, 1, 2, 2, 0, 1, 2]
    assert [i18n.count_deals(n, "ru") for n in (1, 3, 5, 11, 21)] == \
        ["1 сдача", "3 сдачи", "5 сдач", "11 сдач", "21 сдача"]
    assert [i18n.count_deals(n, "en") for n in (0, 1, 2)] == ["0 deals", "1 deal", "2 deals"]


def test_a_game_in_memory_says_its_words_and_falls_back_to_english() -> None:
    class Kind:
        words = Catalogue(None, "mem", texts={"en": {"mem.a": "{0} {0|cat|cats}"},
                                              "ru": {"mem.a": "{0} {0|кот|кота|котов}"}})

    assert i18n.text(Label("mem.a", (2,)), Kind, "ru") == "2 кота"
    assert i18n.text(Label("mem.a", (1,)), Kind, "en") == "1 cat"
    # a key the language lacks is said in English; one no catalogue has is the key itself
    assert i18n.text(Label("mem.b"), Kind, "ru") == "mem.b"
    lang = [code for code in langs() if code not in ("en", "ru")]
    for code in lang:
        assert i18n.text(Label("mem.a", (2,)), Kind, code) == "2 cats"


@pytest.mark.parametrize("key", ["player", "err.any", "web.record", "club.standings"])
def test_the_core_catalogue_holds_the_core_the_page_and_the_club(key) -> None:
    assert all(CORE.get(key, lang) for lang in langs())


def test_a_unit_is_named_once() -> None:
    """``unit.vist`` is one key of the core catalogue, read by the sheet, the page and the
    club alike (it was written three times)."""
    from whistscore.club.words import own_words
    from whistscore.web.words import words

    keys = [k for k in CORE.texts("en") if k.endswith(("unit.vist", "unit.point"))]
    assert keys == ["unit.vist", "unit.point"] or sorted(keys) == ["unit.point", "unit.vist"]
    for lang in langs():
        assert words(lang)["unit.vist"] == own_words(lang)["unit.vist"] == \
            CORE.get("unit.vist", lang)
