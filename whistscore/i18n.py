"""Words said in the reader's language: labels, the sentence that explains an entry,
errors, the players' terms.

The words themselves live in the catalogues (whistscore/locale/<lang>.po, each game's
locale/<lang>.po; read by :mod:`whistscore.language`); this module fills them in: numbers
agreeing (``{0|deal|deals}``, the language's Plural-Forms), names in their case
(``{0@dative}``, the language's name-case hook), ordinals.  The players' own terms (pulya,
gora, remark, nota) stay as they are in the English texts; the Russian texts use the
words written on paper.
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from .language import CORE, ENGLISH, Catalogue, grammar, langs, register_hook
from .ledger import Entry, Label, Phrase, format_amount

if TYPE_CHECKING:  # a game's own words are read from it; the games import this module's peers
    from collections.abc import Sequence

    from .errors import InputError
    from .game import GameType

__all__ = ["LANGS", "lookup", "Term", "terms", "term_spans", "text", "rule_name", "explain", "column_name", "detail_text",
           "game_title", "game_name", "preset_name", "name_case", "pays", "count_deals", "error_message",
           "error_line", "said", "formed",
           "entries_said"]

#: the languages whose catalogues are found (whistscore/language.py), English first
LANGS = langs()


#: a name pytrovich may decline: one Russian first name, or a double one ("Анна-Мария")
_RUSSIAN_NAME = re.compile(r"[А-ЯЁ][а-яё]{1,30}(?:-[А-ЯЁ][а-яё]{1,30})?")
_CASES = ("dative", "accusative", "genitive")


@functools.lru_cache(maxsize=2048)
def name_case(name: str, case: str) -> str | None:
    """A player's name in a Russian case ("Аня" -> dative "Ане", accusative "Аню").

    ``None`` when the name is not one pytrovich can decline (Latin letters, a nickname with
    digits, two words): the caller then says the sentence in a form that needs no case
    ("Боря → Anna: 1.20").  The gender is guessed from the name, as a reader would.
    pytrovich is pure Python with its rules in the package, so this works offline.
    """
    if case not in _CASES:
        raise ValueError(f"unknown case {case!r}")
    if not _RUSSIAN_NAME.fullmatch(name):
        return None
    from pytrovich.detector import PetrovichGenderDetector
    from pytrovich.enums import Case, NamePart
    from pytrovich.maker import PetrovichDeclinationMaker

    gender = _detector(PetrovichGenderDetector).detect(firstname=name)
    said = _maker(PetrovichDeclinationMaker).make(NamePart.FIRSTNAME, gender,
                                                  getattr(Case, case.upper()), name)
    if not isinstance(said, str):
        return None
    said = _AFTER_HUSHER.sub(r"\1и", said)  # "Саша" -> "Саши", not pytrovich's "Сашы"
    return said if _RUSSIAN_NAME.fullmatch(said) else None


#: Russian spelling: after г к х ж ш ч щ an и, never an ы
_AFTER_HUSHER = re.compile(r"([гкхжшчщ])ы(?=$|-)")


@functools.lru_cache(maxsize=1)
def _detector(cls: Any) -> Any:
    return cls()


@functools.lru_cache(maxsize=1)
def _maker(cls: Any) -> Any:
    return cls()


def pays(payer: str, payee: str, amount: str, lang: str = "en") -> tuple[str, str, str, str]:
    """Who pays whom, as four parts: (payer, link, payee, after), names left bare so a page
    can set them in bold.  "Боря платит Ане 1.20" -> ("Боря", " платит ", "Ане", " 1.20");
    a payee pytrovich cannot decline: ("Боря", " → ", "Anna", ": 1.20")."""
    cases = grammar(lang).name_cases
    if cases is not None:
        dative = cases(payee, "dative")
        if dative is None:
            return (payer, said("pays.undeclined", (), lang), payee, f": {amount}")
        return (payer, said("pays.verb", (), lang), dative, f" {amount}")
    return (payer, said("pays.verb", (), lang), payee, f" {amount}")


def count_deals(n: int, lang: str = "en") -> str:
    """"16 deals", "1 сдача", "3 сдачи", "16 сдач": the count agrees with its number."""
    return said("count.deals", (n,), lang)


def game_title(kind: GameType[Any, Any], lang: str = "en") -> str:
    """The game's name in the sheet's language ("Преферанс (пуля, гора, висты)")."""
    return _lookup("game.title", kind, lang) or kind.title


def game_name(kind: GameType[Any, Any], lang: str = "en") -> str:
    """The game's short name in the page's language ("Преферанс")."""
    return _lookup("game.name", kind, lang) or kind.title


def preset_name(kind: GameType[Any, Any], preset: str, lang: str = "en") -> str:
    """A preset as players name it ("Сочи", "классика"); the key itself when the game names
    none."""
    return _lookup(f"preset.{preset}", kind, lang) or preset


def lookup(key: str, kind: GameType[Any, Any] | None = None, lang: str = "en") -> str | None:
    """``key``'s text in ``lang`` as its catalogue has it (fields unfilled): the game's,
    then the core's; ``None`` when no catalogue has it."""
    return _lookup(key, kind, lang)


def _lookup(key: str, kind: GameType[Any, Any] | None, lang: str) -> str | None:
    """``key``'s text in ``lang``: the game's catalogue first, then the core's; a language
    that lacks the key says it in English; ``None`` when no catalogue has it."""
    words: Catalogue | None = getattr(kind, "words", None) if kind is not None else None
    if words is not None:
        found = words.get(key, lang)
        if found is not None:
            return found
    found = CORE.get(key, lang)
    if found is None and lang != ENGLISH:
        return _lookup(key, kind, ENGLISH)
    return found


def text(value: Any, kind: GameType[Any, Any] | None = None, lang: str = "en") -> Any:
    """Say a :class:`Label` or :class:`Phrase` in ``lang``; anything else (names, numbers)
    passes through.

    A label's text is a :meth:`str.format` template over its arguments, with two more
    forms of a field: ``{0@accusative}`` (a name in a Russian case, :func:`name_case`;
    also ``dative``, ``genitive``; ``{0@ordinal}``: a number as an English ordinal,
    "1st") and ``{0|trick|tricks}`` (the word that agrees with the number argument 0:
    English gives two forms, one and other; Russian three, "{0|взятка|взятки|взяток}"
    for 1, 3 and 5 взяток: the catalogue's Plural-Forms).  So a count agrees in the label's own
    words, never through a rule over finished sentences.
    """
    if isinstance(value, Phrase):
        return value.sep.join(str(text(part, kind, lang)) for part in value.parts)
    if isinstance(value, Label):
        found = _lookup(value.key, kind, lang)
        if found is None:
            found = value.key
        if not value.args:
            return found
        return _filled(found, [text(a, kind, lang) for a in value.args], lang)
    return value


def formed(template: str, args: "Sequence[object]", lang: str = "en") -> str:
    """``template`` (a label's text in ``lang``) with ``args``: names in their case, nouns
    agreeing with their numbers ("{0|evening|evenings}", "{0|вечер|вечера|вечеров}")."""
    return _filled(template, list(args), lang)


def _filled(found: str, args: list[Any], lang: str) -> str:
    """A label's text with its arguments: names in their case, nouns agreeing."""
    if "@" in found or "|" in found:
        found = _FORMED.sub(lambda m: _formed(args, m, lang), found)
    return found.format(*args) if args else found


def detail_text(detail: Any, kind: GameType[Any, Any] | None = None, lang: str = "en") -> str:
    """An entry's detail (a label of the game's words) said in ``lang``: "3 tricks x 4",
    "3 взятки × 4".  The details of an evening repeat, so each is said once per game
    and language and kept (a few thousand texts at most)."""
    if not detail:
        return ""
    said_in = _DETAILS.get((id(kind), lang))
    if said_in is None or said_in[0] is not kind:
        if len(_DETAILS) > 64:
            _DETAILS.clear()
        said_in = _DETAILS[id(kind), lang] = (kind, {})
    said = said_in[1].get(detail)
    if said is None:
        said = str(text(detail, kind, lang))
        if len(said_in[1]) < 50_000:
            said_in[1][detail] = said
    return said


#: (id of the game, language) -> (the game, detail -> its text); the game is kept so its id
#: cannot name another one
_DETAILS: dict[tuple[int, str], tuple[Any, dict[Any, str]]] = {}

#: the fields said in a form: "{0@accusative}", "{1@ordinal}", "{0|взятка|взятки|взяток}"
_FORMED = re.compile(r"\{(\d)(?:@(dative|accusative|genitive|ordinal)|((?:\|[^{}|]*){2,3}))\}")


def _formed(args: list[Any], m: re.Match[str], lang: str) -> str:
    """One field of :data:`_FORMED` said, braces doubled for the format that follows."""
    i = int(m.group(1))
    if m.group(2) == "ordinal":
        ordinals = grammar(lang).ordinals
        return ordinals(args[i]) if ordinals is not None else str(args[i])
    if m.group(2):
        return _cased(args, i, m.group(2), lang)
    forms = m.group(3)[1:].split("|")
    word = _plural(args[i], forms, lang)
    return word.replace("{", "{{").replace("}", "}}")


def _ordinal(n: Any) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    n = int(n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _plural(n: Any, forms: list[str], lang: str) -> str:
    """The form of ``forms`` that agrees with the number ``n``, by the language's
    ``Plural-Forms`` (English: one, other; Russian: one, few, many); a number that is not
    whole takes the language's ``grammar.fraction_form`` ("other" in English, the "few"
    form in Russian: the genitive singular, "1/2 виста").  Forms of another count than
    the language's are read as (one, ..., other)."""
    whole = isinstance(n, int) or (isinstance(n, Fraction) and n.denominator == 1)
    said = grammar(lang)
    if len(forms) == said.nplurals:
        if not whole:
            return forms[min(said.fraction_form, len(forms) - 1)]
        return forms[min(said.plural(abs(int(n))), len(forms) - 1)]
    if whole and abs(int(n)) == 1:
        return forms[0]
    return forms[-1]


def _ordinal_da(n: Any) -> str:
    """1., 2., 11.: a Danish ordinal is the number and a dot."""
    return f"{int(n)}."


def _cased(args: list[Any], i: int, case: str, lang: str) -> str:
    """A name argument in its case (the language's ``grammar.name_cases`` hook), braces
    doubled for the format that follows; a name that cannot be declined stays as written
    (an indeclinable foreign name, as Russian treats "Anna" or "Жан-Поль Ж."), and so does
    every name in a language with no cases."""
    name = str(args[i])
    cases = grammar(lang).name_cases
    said = (cases(name, case) if cases is not None else None) or name
    return said.replace("{", "{{").replace("}", "}}")


def error_message(exc: "InputError", kinds: "Sequence[GameType[Any, Any]]" = (),
                  lang: str = "en") -> str:
    """A refused input as one short sentence a person reads, in ``lang``.

    The error's ``key`` names the sentence (``err.<key>``, from the games in ``kinds`` or the
    core words); an error with no sentence of its own names its field in the reader's words
    ("Не записано: проверьте поле «вист (Аня)»"), never the technical text, which stays in
    ``str(exc)`` (the CLI's message, the page's "details").
    """
    key = exc.key
    if key:
        for kind in (*kinds, None):
            said = _lookup(f"err.{key}", kind, lang)
            if said is not None:
                # what was typed goes back short (a 10 MB name is no sentence), and its
                # braces are no placeholders
                args = tuple(_clipped(a) for a in exc.args_said)
                if "{field}" in said:
                    where = _field_words(exc.field, kinds, lang) or str(
                        text(Label("err.this_field"), None, lang))
                    said = said.replace("{field}", where.replace("{", "{{").replace("}", "}}"))
                return _filled(said, [text(a, kind, lang) for a in args], lang)
    field = _field_words(exc.field, kinds, lang)
    if field is not None:
        return str(text(Label("err.field", (field,)), None, lang))
    if lang == ENGLISH:  # the technical text is English already
        reason = exc.reason[:1].upper() + exc.reason[1:]
        return reason if reason.endswith(".") else reason + "."
    return str(text(Label("err.any"), None, lang))


def error_line(exc: Exception, kinds: "Sequence[GameType[Any, Any]]" = (), lang: str = "en",
               hint: str = "") -> str:
    """A refusal as one line in ``lang``: its sentence there, the technical text (deal,
    field, value) after it in brackets.  In English, or for an error with no sentence of
    its own, the technical text alone: it is already English, and it is what the CLI has
    always printed, so a file's problem reads the same in the terminal and on the page."""
    from .errors import InputError

    if lang == "en" or not isinstance(exc, InputError) or not exc.key:
        return f"{exc}{hint}"
    return f"{error_message(exc, kinds, lang)} ({exc}{hint})"


def _clipped(value: object) -> object:
    if isinstance(value, str) and len(value) > 40:
        return value[:40] + "…"
    return value


def _field_words(field: str | None, kinds: "Sequence[GameType[Any, Any]]",
                 lang: str) -> str | None:
    """A field path in the reader's words: "whist.Аня" -> "вист (Аня)"; ``None`` when
    its first part has no words (the sentence then names no field)."""
    if not field:
        return None
    head, _, rest = field.partition(".")
    if re.fullmatch(r"[a-z_]+(?:\..*)?", rest):  # a sub-field ("revoke.by"), not a player
        rest = ""
    for kind in (*kinds, None):
        said = _lookup(f"field.{head}", kind, lang)
        if said is not None:
            if "{0}" in said:
                return said.replace("{0}", rest)
            return f"{said} ({rest})" if rest else said
    return None


def entries_said(entries: "Sequence[Entry]", kind: GameType[Any, Any] | None = None,
                 lang: str = "en") -> str:
    """What a deal wrote, as players say it: "Аня +4 в пулю, Боря +6 на Аню" (one phrase per
    player, column and opponent, in the order written; amounts summed)."""
    totals: dict[tuple[str, str, str | None], Any] = {}
    for e in entries:
        k = (e.player, e.column, e.against)
        totals[k] = totals.get(k, 0) + e.amount
    parts = []
    for (player, column, against), amount in totals.items():
        if amount == 0:
            continue
        said = format_amount(amount, signed=True)
        if against is not None:
            parts.append(text(Label("said.on", (player, said, against)), kind, lang))
        elif _lookup(f"said.{column}", kind, lang) is not None:
            parts.append(text(Label(f"said.{column}", (player, said)), kind, lang))
        else:
            into = _lookup(f"into.{column}", kind, lang) or column_name(column, kind, lang)
            parts.append(text(Label("said.into", (player, said, into)), kind, lang))
    return ", ".join(str(p) for p in parts) or str(text(Label("said.nothing"), kind, lang))


def said(key: str, args: "Sequence[object]" = (), lang: str = "en") -> str:
    """One of the core sentences (a status line of the command line) in ``lang``."""
    return str(text(Label(key, tuple(args)), None, lang))


def column_name(column: str, kind: GameType[Any, Any] | None = None, lang: str = "en") -> str:
    return _lookup(column, kind, lang) or column


def rule_name(key: str, kind: GameType[Any, Any] | None = None, lang: str = "en", *,
              with_source: bool = True) -> str:
    name = _lookup(f"rule.{key}", kind, lang) if kind is not None else None
    if name is None:
        return key
    if with_source:
        source = _lookup(f"rule.{key}.source", kind, lang)
        if source:
            name = f"{name} ({source})"
    return name


def _written_on(kind: GameType[Any, Any] | None) -> str | None:
    """The column said without its name after "writes N on X" (the game's own)."""
    return kind.written_on if kind is not None else None


def explain(entry: Entry, kind: GameType[Any, Any] | None = None, lang: str = "en") -> str:
    """One entry as a sentence: "deal 7: Boris writes 12 on Anna: 3 tricks x 4, greedy whist"."""
    amount = format_amount(entry.amount)
    column = column_name(entry.column, kind, lang)
    if entry.against is not None:
        # "висты на Аню"; a name that cannot be declined stays as written ("на Anna")
        head = said("explain.on", (entry.deal, entry.player, amount, entry.against), lang)
        if entry.column != _written_on(kind):
            head += f" ({column})"
    else:
        # "пишет 4 в пулю": the column as written into, where the language has such a form
        into = _lookup(f"into.{entry.column}", kind, lang) or column
        head = said("explain.into", (entry.deal, entry.player, amount, into), lang)
    rule = rule_name(entry.rule, kind, lang)
    detail = f"{detail_text(entry.detail, kind, lang)}, " if entry.detail else ""
    return f"{head}: {detail}{rule}"


# -- the players' terms, each explained in one line where it appears (issue 22) --------------

class Term(NamedTuple):
    """A players' term on a page: its label key, its headword and its one-line explanation
    (``"пуля — очки за сыгранные игры…"``), in one language."""

    key: str
    word: str
    line: str


#: what a term's label holds: its forms as written on the pages, "|" between them (the
#: headword first), then " — " and the one-line explanation
TERM_SEPARATOR = " — "


def _term_labels(kind: GameType[Any, Any] | None, lang: str) -> dict[str, str]:
    found = {k: v for k, v in CORE.texts(lang).items() if k.startswith("term.")}
    words = getattr(kind, "words", None) if kind is not None else None
    if words is not None:
        found.update({k: v for k, v in words.texts(lang).items() if k.startswith("term.")})
    return found


@functools.lru_cache(maxsize=64)
def _term_table(kind: GameType[Any, Any] | None,
                lang: str) -> tuple[tuple[Term, ...], re.Pattern[str] | None, dict[str, Term]]:
    """The game's terms in ``lang``, and one pattern finding any of their forms (the longest
    first, whole words only: "полвиста" before "вист", "half-whist" before "whist")."""
    found: list[Term] = []
    by_form: dict[str, Term] = {}
    for key, said in _term_labels(kind, lang).items():
        forms, _, explanation = said.partition(TERM_SEPARATOR)
        names = [f.strip() for f in forms.split("|") if f.strip()]
        term = Term(key, names[0], f"{names[0]}{TERM_SEPARATOR}{explanation.strip()}")
        found.append(term)
        for name in names:
            by_form.setdefault(name.casefold(), term)
    if not by_form:
        return (), None, {}
    alternatives = "|".join(re.escape(f) for f in sorted(by_form, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w-])({alternatives})(?![\w-])", re.IGNORECASE)
    return tuple(found), pattern, by_form


def terms(kind: GameType[Any, Any] | None = None, lang: str = "en") -> tuple[Term, ...]:
    """Every players' term of a game (its own ``term.*`` labels and the shared ones), in
    ``lang``; docs/glossary.md explains the same words for readers of the docs."""
    return _term_table(kind, lang)[0]


def term_spans(said: str, kind: GameType[Any, Any] | None = None,
               lang: str = "en") -> list[str | tuple[str, Term]]:
    """A text cut where a players' term is written: plain strings, and ``(the word as
    written, its Term)`` for the first time each term occurs in it, so the page can make
    that word open its one-line explanation in place."""
    _, pattern, by_form = _term_table(kind, lang)
    if pattern is None or not said:
        return [said] if said else []
    out: list[str | tuple[str, Term]] = []
    seen: set[str] = set()
    at = 0
    for match in pattern.finditer(said):
        term = by_form[match.group(1).casefold()]
        if term.key in seen:
            continue
        seen.add(term.key)
        if match.start() > at:
            out.append(said[at:match.start()])
        out.append((match.group(1), term))
        at = match.end()
    if at < len(said):
        out.append(said[at:])
    return out


# the grammar hooks a language's catalogue may name (grammar.ordinals, grammar.name_cases)
register_hook("ordinals", "en", _ordinal)
register_hook("ordinals", "da", _ordinal_da)
register_hook("name-cases", "ru", name_case)
