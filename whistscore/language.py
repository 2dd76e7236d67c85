"""A language: its catalogues of words and the record of its grammar.

Every word whistscore says lives in gettext catalogues, one per language per package:
``whistscore/locale/<lang>.po`` for the core (the sheet, errors, the command line, the
workbook, the pages and the club) and ``<game package>/locale/<lang>.po`` for a game's own
words.  A catalogue is key-based: its ``msgid`` is the key (``err.game_over``,
``pref.d.tricks_times``), its ``msgstr`` the text in that language.  Each ``.po`` is compiled
to a ``.mo`` beside it (``tools/catalogues.py compile``), and the ``.mo`` is what is read
here, with the standard library's :class:`gettext.GNUTranslations`, once per language and
only when that language is first said.

The language's grammar is part of its core catalogue (docs/languages.md): the standard
``Plural-Forms`` header chooses the form in a text's ``{0|deal|deals}``, and reserved
``grammar.*`` keys give the rest: ``grammar.language`` (its own name), ``grammar.fraction_form``
(the form a number that is not whole takes), ``grammar.decimal``, ``grammar.currencies``
(``kr.=kr,dkk``: the sign a currency is written with, and the ways it is typed),
``grammar.date`` (``{d_}.{m_}.{y}``), and ``grammar.ordinals`` and ``grammar.name_cases``,
which name hooks registered in code once (the English and Danish ordinals, the Russian name
cases).  So a language is its catalogues, with no code change.

More folders of catalogues may be named in ``WHISTSCORE_LOCALE_PATH`` (separated as
``PATH`` is): a folder there holds ``<lang>.mo`` for the core and ``<game>/<lang>.mo`` for a
game, and a language found there is one the program speaks.
"""

from __future__ import annotations

import os
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

if TYPE_CHECKING:
    from gettext import GNUTranslations

__all__ = ["CORE", "ENGLISH", "LOCALE_PATH_VARIABLE", "Catalogue", "Grammar", "grammar",
           "forget", "langs", "register_hook", "search_path"]

#: the language every text's technical part (an error's detail, a file's field) is in
ENGLISH = "en"
#: the environment variable naming more folders of catalogues
LOCALE_PATH_VARIABLE = "WHISTSCORE_LOCALE_PATH"
_HERE = Path(__file__).resolve().parent


def search_path() -> tuple[Path, ...]:
    """The folders of catalogues named in :data:`LOCALE_PATH_VARIABLE`, in order."""
    value = os.environ.get(LOCALE_PATH_VARIABLE, "")
    return tuple(Path(p) for p in value.split(os.pathsep) if p)


def langs() -> tuple[str, ...]:
    """The languages whistscore speaks: English first, then each language whose core
    catalogue is found (the package's, then :func:`search_path`'s), in the order of their
    codes.  Listing folders reads no catalogue; the list is kept while the search path
    stays the same."""
    key = os.environ.get(LOCALE_PATH_VARIABLE, "")
    found_before = _LANGS.get(key)
    if found_before is not None:
        return found_before
    found: set[str] = set()
    for folder in (_HERE / "locale", *search_path()):
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        found.update(n[:-3] for n in names if n.endswith(".mo") and 2 <= len(n) - 3 <= 8)
    found.discard(ENGLISH)
    out = _LANGS[key] = (ENGLISH, *sorted(found))
    return out


#: the search path -> the languages found there
_LANGS: dict[str, tuple[str, ...]] = {}


_CATALOGUES: "weakref.WeakSet[Catalogue]" = weakref.WeakSet()


class Catalogue:
    """One package's words, in every language: key -> text, read from ``<folder>/<lang>.mo``
    (or ``<extra>/<name>/<lang>.mo`` in a folder of :func:`search_path`) when a language is
    first asked for, and kept.

    ``texts`` (language -> key -> text) makes one in memory: a test's game says its words
    without files."""

    def __init__(self, folder: Path | str | None, name: str = "",
                 texts: Mapping[str, Mapping[str, str]] | None = None) -> None:
        self.folder = Path(folder) if folder is not None else None
        self.name = name
        self._given: dict[str, dict[str, str]] = {k: dict(v) for k, v in (texts or {}).items()}
        self._texts: dict[str, dict[str, str]] = dict(self._given)
        _CATALOGUES.add(self)
        self._headers: dict[str, dict[str, str]] = {}
        self._plurals: dict[str, Callable[[int], int]] = {}

    @classmethod
    def beside(cls, module_file: str, name: str = "") -> "Catalogue":
        """The catalogues in the ``locale`` folder beside a module (a game's ``game.py``);
        ``name`` is the game's, for the folders of :func:`search_path`."""
        return cls(Path(module_file).resolve().parent / "locale", name)

    def __repr__(self) -> str:
        return f"Catalogue({str(self.folder)!r}, {self.name!r})"

    def _files(self, lang: str) -> Iterator[Path]:
        if self.folder is not None:
            yield self.folder / f"{lang}.mo"
        for extra in search_path():
            yield (extra / self.name / f"{lang}.mo") if self.name else (extra / f"{lang}.mo")

    def _load(self, lang: str) -> dict[str, str]:
        texts = self._texts.get(lang)
        if texts is not None:
            return texts
        texts = {}
        headers: dict[str, str] = {}
        for path in self._files(lang):
            translations = _read(path)
            if translations is None:
                continue
            # the catalogue's own dictionary: GNUTranslations keeps key -> text there (the
            # header under ""); the first catalogue found is taken as it is, no copy
            found: dict[Any, str] = translations._catalog  # type: ignore[attr-defined]
            found.pop("", None)
            if not texts:
                texts = found
            else:
                for key, said in found.items():
                    texts.setdefault(key, said)
            for field, value in translations.info().items():
                headers.setdefault(field.lower(), value)
            if lang not in self._plurals:
                self._plurals[lang] = translations.plural  # type: ignore[attr-defined]
            if "plural-forms" in headers and "x-nplurals" not in headers:
                headers.setdefault("x-nplurals", headers["plural-forms"].split(";")[0]
                                   .partition("=")[2].strip())
        self._texts[lang] = texts
        self._headers[lang] = headers
        return texts

    def get(self, key: str, lang: str) -> str | None:
        """``key``'s text in ``lang``; ``None`` when this catalogue has none."""
        texts = self._texts.get(lang)
        if texts is None:
            texts = self._load(lang)
        return texts.get(key)

    def texts(self, lang: str) -> Mapping[str, str]:
        """Every key's text in ``lang``."""
        texts = self._texts.get(lang)
        return texts if texts is not None else self._load(lang)

    def __contains__(self, key: object) -> bool:
        return key in self.texts(ENGLISH)

    def keys(self) -> Iterator[str]:
        """The keys, as English has them."""
        return iter(self.texts(ENGLISH))

    def header(self, lang: str) -> Mapping[str, str]:
        """The header fields of ``lang``'s catalogue, names in lower case."""
        self.texts(lang)
        return self._headers.get(lang, {})

    def plural(self, lang: str) -> Callable[[int], int] | None:
        """The catalogue's ``Plural-Forms`` as a function of ``n`` (the form's index)."""
        self.texts(lang)
        return self._plurals.get(lang)

    def with_texts(self, texts: Mapping[str, Mapping[str, str]]) -> "Catalogue":
        """A copy with more words (language -> key -> text) over this one's: a test's game
        adds a word to a real one."""
        merged = {lang: {**self.texts(lang), **more} for lang, more in texts.items()}
        out = Catalogue(self.folder, self.name, merged)
        return out


def _read(path: Path) -> "GNUTranslations | None":
    try:
        fp = open(path, "rb")
    except OSError:
        return None
    import gettext

    with fp:
        return gettext.GNUTranslations(fp)


#: the core's catalogue: whistscore/locale/<lang>.mo
CORE = Catalogue(_HERE / "locale")


# -- the grammar: the core catalogue's header ------------------------------------------

#: named hooks a catalogue may name: ``grammar.ordinals: en`` -> the English ordinal,
#: ``grammar.name_cases: ru`` -> the Russian name cases (registered by i18n, which knows
#: pytrovich)
_HOOKS: dict[tuple[str, str], Callable[..., Any]] = {}


def register_hook(kind: str, name: str, hook: Callable[..., Any]) -> None:
    """Register a grammar hook: ``kind`` is ``"ordinals"`` (``n -> text``) or
    ``"name-cases"`` (``(name, case) -> text or None``)."""
    _HOOKS[kind, name] = hook


class Grammar:
    """What a language says of its grammar: the ``Plural-Forms`` header of its core
    catalogue, and the core catalogue's reserved ``grammar.*`` keys (docs/languages.md)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

        def said(key: str, default: str = "") -> str:
            found = CORE.get(f"grammar.{key}", lang)
            return default if found is None else found

        self.name = said("language", lang)
        plural = CORE.plural(lang)
        self.plural: Callable[[int], int] = plural if plural is not None else _other_unless_one
        try:
            self.nplurals = int(CORE.header(lang).get("x-nplurals", "2"))
        except ValueError:
            self.nplurals = 2
        try:
            self.fraction_form = int(said("fraction_form", "1"))
        except ValueError:
            self.fraction_form = 1
        #: "," in "148,00"
        self.decimal = said("decimal", ".")
        #: a currency's own sign, and the ways it is typed: "₽=руб,руб.,р"
        sign, _, typed = said("currencies").partition("=")
        self.currency_sign = sign.strip()
        self.currencies = {c.strip().casefold() for c in typed.split(",") if c.strip()}
        #: "{d}.{m}.{y}" (zero-padded), "{d_}.{m_}.{y}" (no padding); "": ISO as it is
        self.date = said("date")
        self.ordinals = _HOOKS.get(("ordinals", said("ordinals")))
        self.name_cases = _HOOKS.get(("name-cases", said("name_cases")))


def _other_unless_one(n: int) -> int:
    return 0 if n == 1 else 1


_GRAMMARS: dict[str, Grammar] = {}


def grammar(lang: str) -> Grammar:
    """``lang``'s grammar, read once."""
    found = _GRAMMARS.get(lang)
    if found is None:
        found = _GRAMMARS[lang] = Grammar(lang)
    return found


def forget() -> None:
    """Forget every catalogue and grammar read (a test that changes
    :data:`LOCALE_PATH_VARIABLE`)."""
    _GRAMMARS.clear()
    for catalogue in _CATALOGUES:
        catalogue._texts = {k: v for k, v in catalogue._given.items()}
        catalogue._headers.clear()
        catalogue._plurals.clear()
