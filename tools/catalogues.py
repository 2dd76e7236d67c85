"""Compile and check whistscore's word catalogues (docs/languages.md).

    python tools/catalogues.py compile   # every .po under whistscore/ -> the .mo beside it
    python tools/catalogues.py check     # each .mo is its .po compiled; every language has
                                          # exactly English's keys, with the same fields
    python tools/catalogues.py add [--game NAME] KEY en=TEXT ru=TEXT da=TEXT
                                          # a new word, in every language (then compile)

A catalogue is key-based: msgid is the key, msgstr the text.  English (en.po) is the
reference: another language must have every key of it and no other, each text naming the
same placeholders ({0}, {field}) as the English one, and no text empty.  Needs Babel (the
dev dependency group); the program itself reads the .mo files with the standard library.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
#: a placeholder of a text: "{0}", "{field}", and the number of "{0|a|b}", "{2@accusative}"
_FIELD = re.compile(r"\{(\w+)(?=[}|@])")


def po_files(root: Path = ROOT / "whistscore") -> list[Path]:
    return sorted(root.rglob("locale/*.po"))


def compiled(po: Path) -> bytes:
    """The .mo bytes of ``po`` (messages sorted by key, so the same .po gives the same
    bytes)."""
    with open(po, "rb") as fh:
        catalog = read_po(fh, locale=po.stem)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def texts(po: Path) -> dict[str, str]:
    with open(po, "rb") as fh:
        catalog = read_po(fh, locale=po.stem)
    return {m.id: m.string for m in catalog if m.id}


def same_words(po: Path, mo: Path) -> bool:
    """Whether ``mo`` says what ``po`` says, as the program reads it (the standard library's
    GNUTranslations): the same keys and texts and the same Plural-Forms.  Not the bytes:
    the header names the Babel that compiled it."""
    import gettext

    with open(mo, "rb") as fh:
        read = gettext.GNUTranslations(fh)
    said = {k: v for k, v in read._catalog.items() if k}  # type: ignore[attr-defined]
    with open(po, "rb") as fh:
        catalog = read_po(fh, locale=po.stem)
    wanted = {m.id: m.string for m in catalog if m.id and m.string}
    return said == wanted and read.info().get("plural-forms") == catalog.plural_forms


def compile_all(root: Path = ROOT / "whistscore") -> list[Path]:
    written = []
    for po in po_files(root):
        mo = po.with_suffix(".mo")
        data = compiled(po)
        if not mo.exists() or not same_words(po, mo) or mo.read_bytes() != data:
            mo.write_bytes(data)
            written.append(mo)
    return written


def problems(root: Path = ROOT / "whistscore") -> list[str]:
    """What is wrong with the catalogues under ``root`` (nothing: an empty list)."""
    found: list[str] = []
    folders = sorted({po.parent for po in po_files(root)})
    for folder in folders:
        english_po = folder / "en.po"
        if not english_po.exists():
            found.append(f"{folder}: no en.po")
            continue
        english = texts(english_po)
        for po in sorted(folder.glob("*.po")):
            mo = po.with_suffix(".mo")
            if not mo.exists() or not same_words(po, mo):
                found.append(f"{mo}: not {po.name} compiled (tools/catalogues.py compile)")
            if po == english_po:
                continue
            said = texts(po)
            for key in english.keys() - said.keys():
                found.append(f"{po}: missing {key}")
            for key in said.keys() - english.keys():
                found.append(f"{po}: {key} is not an English key")
            for key in english.keys() & said.keys():
                if key.startswith("grammar."):  # the language's own record: no English twin
                    continue
                if not said[key] and english[key]:
                    found.append(f"{po}: {key} is empty")
                elif set(_FIELD.findall(said[key])) != set(_FIELD.findall(english[key])):
                    found.append(f"{po}: {key} names other fields than English "
                                 f"({said[key]!r} / {english[key]!r})")
    return found


def add(folder: Path, key: str, texts: dict[str, str]) -> None:
    """Append ``key`` to each catalogue of ``folder`` (one text per language, English in
    every other catalogue's comment), keeping each file's order."""
    from babel.messages.pofile import write_po

    missing = {po.stem for po in folder.glob("*.po")} - texts.keys()
    if missing:
        raise SystemExit(f"no text for {sorted(missing)}")
    for po in sorted(folder.glob("*.po")):
        with open(po, "rb") as fh:
            catalog = read_po(fh, locale=po.stem)
        if key in catalog:
            raise SystemExit(f"{po}: {key} is there already")
        catalog.add(key, texts[po.stem],
                    auto_comments=[] if po.stem == "en" else [f"en: {texts['en']}"])
        with open(po, "wb") as fh:
            write_po(fh, catalog, width=0, sort_output=False, no_location=True)


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "check"
    if what == "add":
        rest = argv[1:]
        folder = ROOT / "whistscore" / "locale"
        if rest[:1] == ["--game"]:
            folder = ROOT / "whistscore" / "games" / rest[1] / "locale"
            rest = rest[2:]
        key, pairs = rest[0], rest[1:]
        add(folder, key, dict(p.split("=", 1) for p in pairs))
        compile_all()
        return 0
    if what == "compile":
        for mo in compile_all():
            print(f"wrote {mo.relative_to(ROOT)}")
        return 0
    if what == "check":
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
