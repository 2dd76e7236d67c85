"""Bad input at the command line (issue 8): refused with exit 1, named, file untouched.

Two kinds of bad input per game:

- every invalid deal of ``tests/corpus/<game>.json`` typed with ``whistscore add``
  on a copy of the corpus's game file: exit 1, the message names the deal number
  and the field, and the file's sha256 is unchanged;
- damaged game files made here from the corpus's valid file (truncated, a newer
  version, wrong players, a 10 MB string, non-UTF-8 bytes, deep nesting...):
  ``whistscore check`` and ``whistscore show`` each exit 1 with a one-line message
  (no traceback) naming the line or the field.
"""

from __future__ import annotations

import copy
import hashlib
import io
import json
from pathlib import Path

import pytest

from whistscore import journal
from whistscore.games import declared, get_game

TESTS = Path(__file__).resolve().parent
#: every game installed (its entry point): a game added is checked too
GAME_NAMES = list(declared())
HUGE = "x" * 10_000_000

TALLY_FILE = {"format": "whistscore", "version": 1, "game": "tally",
              "players": ["Anna", "Boris", "Vera"], "rules": {"preset": "plain", "target": 50},
              "stake": "0.10", "deals": [{"winner": "Anna", "points": 2},
                                         {"winner": "Vera", "points": 1, "note": "late"}]}
TALLY_BAD_DEALS = [
    {"why": "unknown winner", "deal": {"winner": "Nobody", "points": 1}, "field": "winner"},
    {"why": "points a string", "deal": {"winner": "Anna", "points": "2"}, "field": "points"},
    {"why": "notation without points", "deal": "Anna", "field": "deal"},
    {"why": "unknown key", "deal": {"winner": "Anna", "points": 1, "x": 1}, "field": "x"},
]


def corpus(name: str) -> dict:
    if name == "tally":
        return {"game_file": TALLY_FILE, "bad_deals": TALLY_BAD_DEALS}
    path = TESTS / "corpus" / f"{name}.json"
    assert path.exists(), f"every game has a bad-input corpus: tests/corpus/{name}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


from clirun import run  # noqa: E402  (one way to drive the CLI)


def canonical(game_file: dict) -> str:
    return journal.dumps(journal.loads(json.dumps(game_file, ensure_ascii=False)))


# -- bad deals ------------------------------------------------------------------------

def bad_deal_cases():
    cases = []
    for name in GAME_NAMES + ["tally"]:
        path = TESTS / "corpus" / f"{name}.json"
        if name != "tally" and not path.exists():
            cases.append(pytest.param(name, None, id=f"{name}-missing"))
            continue
        entries = corpus(name)["bad_deals"]
        cases += [pytest.param(name, i, id=f"{name}-{i}") for i in range(len(entries))]
    return cases


@pytest.mark.parametrize("name, index", bad_deal_cases())
def test_bad_deal_is_refused_by_add(name, index, tmp_path):
    data = corpus(name)
    entry = data["bad_deals"][index]
    path = tmp_path / "game.json"
    path.write_text(canonical(data["game_file"]), encoding="utf-8")
    before = sha(path)
    number = len(data["game_file"]["deals"]) + 1
    deal = entry["deal"]
    text = deal if isinstance(deal, str) else json.dumps(deal, ensure_ascii=False)
    if text.lstrip().startswith("-"):  # argparse would read it as an option; use stdin
        status, out, err = run(["add", str(path), "-"], stdin=text)
    else:
        status, out, err = run(["add", str(path), text])
    why = f"{name} bad deal {index} ({entry['why']}): {text[:200]!r} -> {err.strip()!r}"
    assert status == 1, why
    assert f"deal {number}" in err, why
    assert entry["field"] in err, why
    assert "Traceback" not in err and "internal error" not in err, why
    assert len(err.strip().splitlines()) == 1, why
    assert sha(path) == before, why


# -- bad files ------------------------------------------------------------------------

def _with(data: dict, **changes) -> bytes:
    out = copy.deepcopy(data)
    out.update(changes)
    return json.dumps(out, ensure_ascii=False, indent=2).encode("utf-8")


def _without(data: dict, key: str) -> bytes:
    out = copy.deepcopy(data)
    del out[key]
    return json.dumps(out, ensure_ascii=False, indent=2).encode("utf-8")


def bad_files(data: dict) -> list[tuple[str, bytes, list[str]]]:
    """(what, a maker of the file bytes, texts the message must hold) from a valid file."""
    kind = get_game(data["game"])
    text = canonical(data)
    raw = text.encode("utf-8")
    lines = text.splitlines()
    deal_line = lines.index('  "deals": [') + 2  # the first deal's line
    first = json.loads(text)["deals"][0]
    first_text = "    " + json.dumps(first, ensure_ascii=False)
    assert lines[deal_line - 1].startswith(first_text)

    def deal1(new: object) -> bytes:
        body = new if isinstance(new, str) else json.dumps(new, ensure_ascii=False)
        return text.replace(first_text, "    " + body, 1).encode("utf-8")

    players = list(data["players"])
    too_few = min(kind.player_counts) - 1
    too_many = max(kind.player_counts) + 1
    first_key = next(k for k in first if k not in ("dealer", "note"))
    players_line = next(i for i, l in enumerate(lines, 1) if l.startswith('  "players"'))
    cases = [
        ("truncated at a quarter", lambda: raw[: len(raw) // 4], ["not valid JSON", "line "]),
        ("truncated at half", lambda: raw[: len(raw) // 2], ["not valid JSON", "line "]),
        ("truncated at three quarters", lambda: raw[: 3 * len(raw) // 4], ["not valid JSON", "line "]),
        ("truncated before the last brace", lambda: raw[:-3], ["not valid JSON", "line "]),
        ("empty file", lambda: b"", ["not valid JSON", "line 1"]),
        ("only whitespace", lambda: b"  \n\n", ["not valid JSON", "line 3"]),
        ("a newer version", lambda: _with(data, version=2), ["field 'version'", "newer"]),
        ("version 0", lambda: _with(data, version=0), ["field 'version'"]),
        ("version as text", lambda: _with(data, version="1"), ["field 'version'"]),
        ("version as a float", lambda: _with(data, version=1.0), ["field 'version'"]),
        ("format wrong", lambda: _with(data, format="whistscore2"), ["field 'format'"]),
        ("format missing", lambda: _without(data, "format"),
         ["field 'format'", "not a whistscore game file", 'no "format"']),
        ("another program's file", lambda: json.dumps({"format": "pulka", "players": players,
                                                      "score": {}}).encode(),
         ["field 'format'", 'value "pulka"', "not a whistscore game file"]),
        ("deals missing", lambda: _without(data, "deals"), ["field 'deals'", "missing"]),
        ("unknown top-level key", lambda: _with(data, colour="red"), ["field 'colour'"]),
        ("unknown game", lambda: _with(data, game="bridge"), ["field 'game'"]),
        ("too few players", lambda: _with(data, players=players[:too_few]), ["field 'players'"]),
        ("too many players",
         lambda: _with(data, players=players + [f"Extra{i}" for i in range(too_many - len(players))]),
         ["field 'players'"]),
        ("duplicate player", lambda: _with(data, players=[players[0], players[0], *players[2:]]),
         ["field 'players[1]'"]),
        ("empty player name", lambda: _with(data, players=["", *players[1:]]), ["field 'players[0]'"]),
        ("players not a list", lambda: _with(data, players=" ".join(players)), ["field 'players'"]),
        ("a float stake", lambda: _with(data, stake=0.1), ["field 'stake'"]),
        ("a negative stake", lambda: _with(data, stake="-1"), ["field 'stake'"]),
        ("currency a number", lambda: _with(data, currency=5), ["field 'currency'"]),
        ("unknown rule option", lambda: _with(data, rules={**data.get("rules", {}), "colour": 1}),
         ["field 'rules.colour'"]),
        ("unknown preset", lambda: _with(data, rules={"preset": "nope"}), ["field 'rules.preset'"]),
        ("rules not an object", lambda: _with(data, rules=["sochi"]), ["field 'rules'"]),
        ("deals not a list", lambda: _with(data, deals={"1": first}), ["field 'deals'"]),
        ("top level a list", lambda: json.dumps([data]).encode(), ["line 1", "JSON object"]),
        ("a deal that is a list", lambda: deal1([first]), [f"line {deal_line}", "deal 1"]),
        ("a deal that is a string", lambda: deal1('"7S"'), [f"line {deal_line}", "deal 1"]),
        ("a deal that is null", lambda: deal1("null"), [f"line {deal_line}", "deal 1"]),
        ("a deal with an unknown key", lambda: deal1({**first, "colour": "red"}),
         [f"line {deal_line}", "deal 1", "colour"]),
        ("a deal's first field missing", lambda: deal1({k: v for k, v in first.items() if k != first_key}),
         [f"line {deal_line}", "deal 1"]),
        ("a 10 MB dealer", lambda: deal1({"dealer": HUGE, **{k: v for k, v in first.items()
                                                      if k != "dealer"}}),
         [f"line {deal_line}", "deal 1", "field 'dealer'"]),
        ("a 10 MB string in a deal's field", lambda: deal1({**first, first_key: HUGE}),
         [f"line {deal_line}", "deal 1", first_key]),
        ("a 10 MB unknown key", lambda: deal1({**first, HUGE: 1}),
         [f"line {deal_line}", "deal 1"]),
        ("a duplicate key in a deal",
         lambda: deal1("{" + json.dumps(first_key) + ": " + json.dumps(first[first_key]) + ", "
               + json.dumps(first, ensure_ascii=False)[1:]),
         [f"line {deal_line}", "deal 1", f"field '{first_key}'", "twice"]),
        ("a duplicate top-level key", lambda: text.replace('"format": "whistscore",',
                                                   '"format": "whistscore", "format": "x",',
                                                   1).encode(),
         ["line 2", "field 'format'", "twice"]),
        ("NaN in a deal", lambda: deal1({**first, first_key: "NAN_HERE"}).replace(b'"NAN_HERE"', b"NaN"),
         [f"line {deal_line}", "NaN"]),
        ("non-UTF-8 bytes", lambda: raw.replace(players[0].encode(), b"\xff\xfe" + players[0].encode(), 1),
         [f"line {players_line}", "UTF-8"]),
        ("UTF-16 text", lambda: text.encode("utf-16"), ["line 1", "UTF-8"]),
        ("deeply nested JSON", lambda: b"[" * 100_000 + b"]" * 100_000, ["line 1", "nested"]),
        ("deeply nested inside a deal", lambda: deal1({**first, first_key: "DEEP"}).replace(
            b'"DEEP"', b"[" * 50_000 + b"]" * 50_000), [f"line {deal_line}", "nested"]),
        ("a comment line", lambda: text.replace("{\n", "{\n  // my game\n", 1).encode(),
         ["line 2", "not valid JSON"]),
        ("data after the end", lambda: raw + b"{}\n", ["not valid JSON", f"line {len(lines) + 1}"]),
    ]
    return cases


def bad_file_cases():
    cases = []
    for name in GAME_NAMES + ["tally"]:
        if name != "tally" and not (TESTS / "corpus" / f"{name}.json").exists():
            cases.append(pytest.param(name, None, id=f"{name}-missing"))
            continue
        try:
            count = len(bad_files(corpus(name)["game_file"]))
        except Exception:  # a broken corpus file fails its own test, not the collection
            cases.append(pytest.param(name, 0, id=f"{name}-file0"))
            continue
        cases += [pytest.param(name, i, id=f"{name}-file{i}") for i in range(count)]
    return cases


@pytest.mark.parametrize("name, index", bad_file_cases())
def test_bad_file_is_refused_by_check_and_show(name, index, tmp_path):
    what, make, expect = bad_files(corpus(name)["game_file"])[index]
    path = tmp_path / "game.json"
    path.write_bytes(make())
    before = sha(path)
    for command in ("check", "show"):
        status, out, err = run([command, str(path)])
        why = f"{name}, {what}: {command} -> {status} {err[:300]!r}"
        assert status == 1, why
        assert len(err.strip().splitlines()) == 1, why
        assert len(err) < 600, why  # a 10 MB value is shown shortened
        assert "Traceback" not in err and "internal error" not in err, why
        for piece in expect:
            assert piece in err, why
    assert sha(path) == before


@pytest.mark.parametrize("name", GAME_NAMES)
def test_at_least_40_bad_inputs_per_game(name):
    data = corpus(name)
    assert len(data["bad_deals"]) + len(bad_files(data["game_file"])) >= 40


@pytest.mark.parametrize("name", GAME_NAMES + ["tally"])
def test_corpus_game_file_is_valid(name, tmp_path):
    data = corpus(name)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data["game_file"], ensure_ascii=False), encoding="utf-8")
    assert run(["check", str(path)])[0] == 0
    assert run(["show", str(path)])[0] == 0


# -- crafted workbooks given to import (issues 12 #9, 15 #11) --------------------------------
#
# Built here from a real export, never committed: each is refused with exit 1 and a
# one-line message in under a second, reading only the hidden game sheet.

import re  # noqa: E402
import struct  # noqa: E402
import zipfile  # noqa: E402


def _export_parts(folder: Path) -> tuple[dict[str, bytes], str]:
    game = folder / "source.json"
    game.write_text(canonical(TALLY_FILE), encoding="utf-8")
    book = folder / "source.xlsx"
    assert run(["export", str(game), str(book)])[0] == 0
    with zipfile.ZipFile(book) as z:
        parts = {name: z.read(name) for name in z.namelist()}
    rid = re.search(rb'<sheet name="whistscore"[^>]*r:id="(rId\d+)"', parts["xl/workbook.xml"])
    target = re.search(rb'Id="' + rid.group(1) + rb'"[^>]*Target="/?(?:xl/)?([^"]+)"',
                       parts["xl/_rels/workbook.xml.rels"])
    if target is None:
        target = re.search(rb'Target="/?(?:xl/)?([^"]+)"[^>]*Id="' + rid.group(1) + rb'"',
                           parts["xl/_rels/workbook.xml.rels"])
    return parts, "xl/" + target.group(1).decode()


def _zip(parts: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    return buffer.getvalue()


def _declare_size(data: bytes, name: str, size: int) -> bytes:
    """The zip with ``name``'s declared uncompressed size changed (central directory)."""
    raw = bytearray(data)
    encoded = name.encode()
    at = 0
    while True:
        at = raw.find(b"PK\x01\x02", at)
        assert at >= 0, name
        length = struct.unpack("<H", raw[at + 28:at + 30])[0]
        if bytes(raw[at + 46:at + 46 + length]) == encoded:
            raw[at + 24:at + 28] = struct.pack("<L", size)
            return bytes(raw)
        at += 4


def _sheet_with_cells(sheet: bytes, cells: bytes) -> bytes:
    return re.sub(rb"<sheetData>.*</sheetData>", b"<sheetData>" + cells + b"</sheetData>",
                  sheet, flags=re.DOTALL)


def _header_rows(characters: bytes = b"10", chunks: bytes = b"1", encoding: bytes = b"raw",
                 part: bytes = b'<c r="B7" t="inlineStr"><is><t>x</t></is></c>') -> bytes:
    def text(ref: str, value: bytes) -> bytes:
        return b'<c r="' + ref.encode() + b'" t="inlineStr"><is><t>' + value + b"</t></is></c>"

    def number(ref: str, value: bytes) -> bytes:
        return b'<c r="' + ref.encode() + b'" t="n"><v>' + value + b"</v></c>"

    rows = [(text("A1", b"marker"), text("B1", b"whistscore game file")),
            (text("A2", b"layout"), number("B2", b"1")),
            (text("A3", b"encoding"), text("B3", encoding)),
            (text("A4", b"characters"), number("B4", characters)),
            (text("A5", b"sha256"), text("B5", b"0" * 64)),
            (text("A6", b"chunks"), number("B6", chunks)),
            (text("A7", b"part 1"), part)]
    return b"".join(b'<row r="%d">' % (i + 1) + a + b + b"</row>" for i, (a, b) in enumerate(rows))


DOCTYPE_XXE = (b'<?xml version="1.0"?><!DOCTYPE workbook [<!ENTITY xxe SYSTEM '
               b'"file:///etc/passwd">]>')
LAUGHS = (b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
          + b"".join(b'<!ENTITY lol%d "%s">' % (i, (b"&lol%d;" % (i - 1) if i > 1 else b"&lol;") * 10)
                     for i in range(1, 10)) + b"]>")


def crafted_books(folder: Path) -> list[tuple[str, bytes, str]]:
    """(what, the workbook's bytes, a piece of the message)."""
    parts, sheet = _export_parts(folder)

    def with_workbook(xml: bytes) -> dict[str, bytes]:
        return {**parts, "xl/workbook.xml": xml}

    def with_sheet(cells: bytes) -> bytes:
        return _zip({**parts, sheet: _sheet_with_cells(parts[sheet], cells)})

    million_rows = _header_rows() + b"".join(b'<row r="%d"/>' % r for r in range(8, 1_000_008))
    shared = (b'<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/'
              b'spreadsheetml/2006/main" count="1000000" uniqueCount="1000000">'
              + b"<si><t>s</t></si>" * 1_000_000 + b"</sst>")
    shared_parts = {**parts, sheet: _sheet_with_cells(parts[sheet], _header_rows(
        part=b'<c r="B7" t="s"><v>999999</v></c>')), "xl/sharedStrings.xml": shared}
    many = io.BytesIO()
    with zipfile.ZipFile(many, "w", zipfile.ZIP_STORED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
        for i in range(60_000):
            z.writestr(f"x/{i}", b"")
    huge_cell = with_sheet(_header_rows(part=b'<c r="B7" t="inlineStr"><is><t>'
                                        + b"x" * 2_000_000 + b"</t></is></c>"))
    workbook_xxe = parts["xl/workbook.xml"].replace(b'name="whistscore"', b'name="&xxe;"')
    if workbook_xxe.startswith(b"<?xml"):
        workbook_xxe = workbook_xxe.split(b"?>", 1)[1]
    sheet_laughs = parts[sheet].split(b"?>", 1)[1] if parts[sheet].startswith(b"<?xml") \
        else parts[sheet]
    sheet_laughs = LAUGHS + sheet_laughs.replace(b"<t>whistscore game file</t>", b"<t>&lol9;</t>")
    return [
        ("a million empty rows in the game sheet", with_sheet(million_rows), "rows"),
        ("a part declaring 3 GB", _declare_size(_zip(parts), sheet, 3_000_000_000), "declares"),
        ("a part lying about its size", _declare_size(huge_cell, sheet, 5000), "damaged"),
        ("a million shared strings", _zip(shared_parts), "shared strings"),
        ("shared strings of a thousand runs each", _zip({**shared_parts, sheet: _sheet_with_cells(
            parts[sheet], _header_rows(part=b'<c r="B7" t="s"><v>19999</v></c>')),
            "xl/sharedStrings.xml": shared.replace(
                b"<si><t>s</t></si>", b"<si>" + b"<r><t>a</t></r>" * 1000 + b"</si>", 300)}),
         "XML elements"),
        ("header characters 1e400", with_sheet(_header_rows(characters=b"1e400")), "header"),
        ("header chunks -1", with_sheet(_header_rows(chunks=b"-1")), "header"),
        ("header chunks a billion", with_sheet(_header_rows(chunks=b"1000000000")), "larger"),
        # (30,000 deep: a longer text is more than a cell holds, refused before JSON sees it)
        ("escaped JSON nested 30k deep",
         with_sheet(_header_rows(encoding=b"json", part=b'<c r="B7" t="inlineStr"><is><t>'
                                 + b"[" * 30_000 + b"</t></is></c>")), "does not read back"),
        ("an external entity (XXE)", _zip(with_workbook(DOCTYPE_XXE + workbook_xxe)),
         "DTD"),
        ("a billion laughs", _zip({**parts, sheet: sheet_laughs}), "DTD"),
        ("60,000 zip entries", many.getvalue(), "parts"),
        ("not a zip", b"PK\x03\x04" + b"\0" * 100, "not a zip"),
        ("an empty file", b"", "not a zip"),
        ("half a workbook", _zip(parts)[: len(_zip(parts)) // 2], "not a zip"),
        ("no game sheet", _zip(with_workbook(parts["xl/workbook.xml"].replace(
            b'name="whistscore"', b'name="Hidden"'))), "no hidden sheet"),
        ("the game sheet's part missing", _zip({k: v for k, v in parts.items() if k != sheet}),
         "missing"),
        ("broken XML in the game sheet", _zip({**parts, sheet: parts[sheet][:-40]}),
         "not well-formed"),
    ]


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    folder = tmp_path_factory.mktemp("books")
    out = []
    for i, (what, data, expect) in enumerate(crafted_books(folder)):
        path = folder / f"crafted{i}.xlsx"
        path.write_bytes(data)
        out.append((what, path, expect))
    return out


CRAFTED_COUNT = 18


@pytest.mark.parametrize("index", range(CRAFTED_COUNT))
def test_crafted_workbook_is_refused_by_import_at_once(index, books, tmp_path):
    assert len(books) == CRAFTED_COUNT
    what, path, expect = books[index]
    target = tmp_path / "game.json"
    status, out, err = run(["import", str(path), str(target)])
    why = f"{what}: {status} {err!r}"  # the time each takes: benchmarks/limits.py
    assert status == 1, why
    assert expect in err, why
    assert len(err.strip().splitlines()) == 1 and len(err) < 600, why
    assert "Traceback" not in err and "internal error" not in err, why
    assert not target.exists()


MEASURE_IMPORT = """
import resource, sys, time
from whistscore import excel
from whistscore.errors import InputError
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
for path in sys.argv[1:]:
    started = time.monotonic()
    try:
        excel.import_text(path)
        print("IMPORTED", path)
    except InputError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(path, round(time.monotonic() - started, 3), peak - base)
"""


def test_crafted_workbooks_use_little_memory(books):
    """A small multiple of the file: the 1 MB files that took 2-5 GB stay under 64 MB."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", MEASURE_IMPORT, *(str(p) for _, p, _ in books)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "IMPORTED" not in done.stdout
    for line in done.stdout.strip().splitlines():
        path, seconds, grown_kb = line.rsplit(" ", 2)
        size_kb = Path(path).stat().st_size / 1024
        assert int(grown_kb) < 64 * 1024 + 8 * size_kb, line


@pytest.mark.parametrize("data, said, ru", [
    # another app's file: its format said, not its first field unknown to a game file
    ({"format": "pulka", "players": ["a"]},
     'field \'format\', value "pulka": not a whistscore game file (format must be '
     '"whistscore")', "Это не файл партии whistscore."),
    # no format at all: said so, not "field 'name': unknown field" or "'version': missing"
    ({"name": "x", "version": 3},
     'field \'format\': not a whistscore game file (it has no "format"; a game file\'s is '
     '"whistscore")', "Это не файл партии whistscore."),
    ({"format": "whistscore-club", "version": 1, "name": "Friday pulka", "players": {}},
     'field \'format\', value "whistscore-club": this is a club\'s settings file (club.json), '
     'not a game file', "Это файл настроек клуба (club.json), а не файл партии."),
])
def test_a_file_of_another_format_is_named_by_its_format(tmp_path, data, said, ru):
    path = tmp_path / "x.json"
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(journal.GameFileError) as caught:
        journal.loads(path.read_text("utf-8"))
    assert (caught.value.field, str(caught.value).split(": ", 1)[-1]) == (
        "format", said.split(": ", 1)[-1])
    said = ("line 1, " if "format" in data else "") + said  # the line of its "format"
    assert [str(p) for p in journal.check_text(path.read_text("utf-8"))] == [said]
    status, out, err = run(["check", path])
    assert (status, out) == (1, "") and err == f"{path}: {said}\n"
    status, out, err = run(["check", path, "--lang", "ru"])
    assert status == 1 and err == f"{path}: {ru} ({said})\n"


def test_a_game_file_with_a_bad_field_is_still_named_by_that_field(tmp_path):
    data = {k: v for k, v in TALLY_FILE.items() if k != "version"}
    path = tmp_path / "x.json"
    path.write_text(json.dumps({**data, "colour": "red"}), "utf-8")
    assert "field 'colour': unknown field" in run(["check", path])[2]
    path.write_text(json.dumps(data), "utf-8")
    assert "field 'version': missing field" in run(["check", path])[2]


def test_the_club_and_the_journal_name_the_club_format_alike():
    from whistscore.club import settings

    assert journal._CLUB_FORMAT == settings.FORMAT
