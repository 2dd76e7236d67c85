"""The scorepad's scripts (whistscore/web/static/*.js) have rooms of one job (issue 35):

* no words: every text a script shows comes from the server, already in the page's
  language (the page's ``words`` block, the fields' ``word``); no script holds a Russian
  letter, an English sentence, one of the server's words, or picks a language itself;
* no shared mutable object: no script writes a global on ``window`` or exports a variable,
  and the page's state has one owner each (live.js: the live view; form.js: the taps);
* the DOM helpers live in dom.js alone (no second ``$``, ``el``, ``createElement``);
* the seating is the game's: form.js names no side and counts no seat.

Static reads of the sources, so they run in a blink; the browser tests show the pages
still behave and look the same.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import whistscore
from whistscore.fields import DealFields, Field
from whistscore.language import langs
from whistscore.web.words import words

STATIC = Path(__file__).resolve().parent.parent / "whistscore" / "web" / "static"
SCRIPTS = sorted(STATIC.glob("*.js"))

#: a literal that may hold letters and spaces or capitals without being shown to anyone
#: (HTTP's own names, a key's name, the sides' separator); checked exactly
ALLOWED = {"Content-Type", "X-Whistscore-Token", "GET", "POST", "PUT", "DELETE", "Enter"}
#: a literal that is a CSS selector, an address or a query: never shown
_NOT_SHOWN = re.compile(r"^(?:[#.\[/?&]|\./)|\[data-|^button[.\[]|^main$")


def _strings(code: str) -> list[str]:
    """The string literals of a script (comments and regular expressions skipped): each
    quoted text, a template's text without its ``${…}`` parts."""
    out: list[str] = []
    i, n = 0, len(code)
    last = ""   # the last significant character, to tell a division from a regex
    while i < n:
        c = code[i]
        if code.startswith("//", i):
            i = code.find("\n", i)
            i = n if i < 0 else i
            continue
        if code.startswith("/*", i):
            i = code.index("*/", i) + 2
            continue
        if c in "\"'`":
            j, text, depth = i + 1, [], 0
            while code[j] != c or depth:
                if code[j] == "\\":
                    text.append(code[j:j + 2])
                    j += 2
                    continue
                if c == "`" and code.startswith("${", j):
                    depth += 1
                elif c == "`" and depth and code[j] == "}":
                    depth -= 1
                elif not depth:
                    text.append(code[j])
                j += 1
            out.append("".join(text))
            i, last = j + 1, c
            continue
        if c == "/" and (last in "(,=:[!&|?{};" or code[max(0, i - 7):i].endswith("return ")):
            j = i + 1
            in_class = False
            while code[j] != "/" or in_class:
                if code[j] == "\\":
                    j += 1
                elif code[j] == "[":
                    in_class = True
                elif code[j] == "]":
                    in_class = False
                j += 1
            i, last = j + 1, "/"
            continue
        if not c.isspace():
            last = c
        i += 1
    return out


def _css_classes() -> set[str]:
    text = "".join(p.read_text(encoding="utf-8") for p in STATIC.glob("*.css"))
    return set(re.findall(r"\.([a-z][\w-]*)", text))


def _shown(literal: str, classes: set[str]) -> str | None:
    """Why a literal reads as a word shown to a user (None: it does not)."""
    if re.search(r"[\u0400-\u04ff]", literal):
        return "Russian letters"
    if literal in ALLOWED or _NOT_SHOWN.search(literal):
        return None
    if literal in langs():
        return "a language picked in the script"
    server = {w for lang in langs() for w in words(lang).values() if len(w) > 2}
    if literal.strip() in server and not re.fullmatch(r"[a-z-]+", literal):
        return "one of the server's words"   # (a lone lowercase name is a tag or a key)
    if re.fullmatch(r"[a-z][a-z-]*(?: [a-z][a-z-]*)+", literal):
        # a class list ("choices every", "error field-error") names a class of the CSS
        if any(w in classes or w.endswith("-") for w in literal.split()):
            return None
        return "an English sentence"
    if re.search(r"[A-Za-z]{2,}", literal) and (re.search(r"[A-Za-z]+ [A-Za-z]+", literal)
                                                or re.match(r"[A-Z][a-z]", literal)
                                                or re.search(r"[A-Za-z][.!?:…]\s*$", literal)):
        return "an English sentence"
    return None


def test_the_string_reader_finds_what_the_page_would_show():
    """The heuristic itself: it reads literals past comments, templates and regexes, and
    tells a word from a selector, a class list and a key."""
    code = ('// "a comment"\nconst x = /"[a-z]"/g; b.textContent = "Drop deal " + n;\n'
            'el("div", { class: "choices every" }, `Кон ${n}`); x.replace(/\\{(\\d)\\}/g, "x");'
            '\nif (lang === "ru") y = 1 / 2; s = "#strip button[data-first]";')
    found = _strings(code)
    assert found == ["Drop deal ", "div", "choices every", "Кон ", "x", "ru",
                     "#strip button[data-first]"]
    classes = {"choices", "every"}
    said = {s: _shown(s, classes) for s in found}
    assert said["Drop deal "] == "an English sentence"
    assert said["Кон "] == "Russian letters"
    assert said["ru"] == "a language picked in the script"
    assert said["choices every"] is None and said["#strip button[data-first]"] is None
    assert _shown("Delete", classes) == "one of the server's words"
    assert _shown("Content-Type", classes) is None


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_no_script_holds_a_word_of_its_own(script):
    """The words travel from the server in the page's language: a script with a Russian
    letter, an English sentence or a language test of its own is refused (issue 35)."""
    code = script.read_text(encoding="utf-8")
    assert not re.search(r"[\u0400-\u04ff]", code), f"{script.name}: Russian letters"
    assert not re.search(r"\.(?:en|ru)\b", code), f"{script.name}: a word picked by language"
    classes = _css_classes()
    bad = {s: why for s in _strings(code) if (why := _shown(s, classes))}
    assert not bad, f"{script.name}: {bad}"


def test_no_script_shares_a_mutable_object():
    """No global written on window, no exported variable, no page-wide state object handed
    around for others to write: each piece of state has one module that owns it."""
    for script in SCRIPTS:
        code = re.sub(r"//.*", "", script.read_text(encoding="utf-8"))
        assert not re.search(r"\bwindow\.\w+\s*=(?!=)", code), f"{script.name} writes on window"
        assert not re.search(r"^export\s+(?:let|var)\b", code, re.M), script.name
        assert not re.search(r"\bpad\.\w+\s*=", code), f"{script.name} writes a shared pad"


def test_the_dom_helpers_are_written_once():
    """dom.js alone reaches document.getElementById and createElement; the others import it."""
    for script in SCRIPTS:
        if script.name == "dom.js":
            continue
        code = re.sub(r"//.*", "", script.read_text(encoding="utf-8"))
        assert "getElementById" not in code, script.name
        assert "createElement" not in code, script.name
        assert not re.search(r"\b(?:const|function)\s+(?:\$|el|fmt)\b", code), script.name


def test_the_form_knows_no_seating():
    """Who plays with whom is the game's (DealFields.sides): form.js counts no seat."""
    code = (STATIC / "form.js").read_text(encoding="utf-8")
    assert not re.search(r"players\[\s*\d|\+\s*2\)\s*%|\"(?:NS|EW)\"", code)


def _page_fields(folder: Path, name: str, lang: str) -> dict:
    from test_web_routes import client

    text = client(folder).get(f"/g/{name}?lang={lang}").text
    start = text.index('<script type="application/json" id="fields">') + 44
    return json.loads(text[start: text.index("</script>", start)])


def _pairs(data: object) -> list[str]:
    """Every key of an object holding an ``en`` or ``ru`` word, anywhere in ``data``."""
    if isinstance(data, list):
        return [k for item in data for k in _pairs(item)]
    if isinstance(data, dict):
        return [k for k in ("en", "ru") if k in data] + [k for v in data.values() for k in _pairs(v)]
    return []


@pytest.mark.parametrize("lang", ["en", "ru", "da"])
def test_the_form_is_sent_its_words_in_the_pages_language(tmp_path, lang):
    """Each field, choice, suit and notation line says one `word`, in the page's language:
    the script shows it as sent (before: both languages, and form.js picked one)."""
    from test_web_routes import new

    new(tmp_path)
    fields = _page_fields(tmp_path, "ev", lang)
    assert _pairs(fields) == []
    kind = whistscore.get_game("preferans").deal_fields
    first = kind.fields[0]
    words_of = whistscore.get_game("preferans").words
    assert fields["fields"][0]["word"] == words_of.get(f"form.{first.key}", lang)
    assert fields["fields"][0]["choices"][0]["word"] == words_of.get(
        f"form.{first.key}.{first.choices[0].value}", lang)
    assert all(n["word"] for n in fields["notation"])


def test_the_game_declares_its_pairs_and_the_page_is_sent_them(tmp_path):
    """Whist's NS and EW (and Twist's partners) are the game's, by seat: the page is sent
    them; a field naming sides in a game that declares none is a mistake caught at once."""
    from test_web_routes import new

    new(tmp_path, "w", "whist", ("Anna", "Boris", "Vera", "Gleb"))
    assert _page_fields(tmp_path, "w", "en")["sides"] == [
        {"key": "NS", "seats": [0, 2]}, {"key": "EW", "seats": [1, 3]}]
    assert whistscore.get_game("twist").deal_fields.to_json(4)["sides"][0]["seats"] == [0, 2]
    assert "sides" not in whistscore.get_game("preferans").deal_fields.to_json(3)
    with pytest.raises(AssertionError, match="declares no sides"):
        DealFields(fields=(Field("tricks", "tricks", among="sides",
                                 total=13),))


POCKET = STATIC.parent.parent / "pocket" / "site"
#: the one-phone site's literals that are never shown to a reader: the scripts' mode, the
#: name of an error the browser throws, the page's own doctype, and the start's diagnostics
#: (how Python started, whether the service worker took over) that the benchmark reads
POCKET_NOT_SHOWN = {"use strict", "AbortError", "<!doctype html>\\n", "failed: ",
                    "plain (the snapshot did not load)", "plain, snapshot made"}


@pytest.mark.parametrize("script", sorted(POCKET.glob("*.js")), ids=lambda p: p.name)
def test_no_pocket_script_holds_a_word_of_its_own(script):
    """The one-phone site's own scripts too: their words come in the page's language from
    the server's catalogue (a script's Python source run in the worker is not a word)."""
    code = script.read_text(encoding="utf-8")
    assert not re.search(r"[\u0400-\u04ff]", code), f"{script.name}: Russian letters"
    classes = _css_classes()
    bad = {s: why for s in _strings(code)
           if s not in POCKET_NOT_SHOWN and not s.startswith("import ")
           and (why := _shown(s, classes))}
    assert not bad, f"{script.name}: {bad}"
