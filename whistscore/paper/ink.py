"""What every paper kind draws with: HTML elements built as ``xml.etree.ElementTree`` trees
(escaped by construction, never by remembering to), and the page's side of a drawing
(:class:`Ink`: its words in the page's language, the players' terms, who deals next).

A paper kind (:mod:`whistscore.paper`) lays out its own values with these; it never asks
which game it draws.  ElementTree is loaded by the first drawing, not by ``import
whistscore`` (a command that draws nothing does not pay for it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, NamedTuple, Protocol, Sequence, Union

from ..ledger import Amount, format_amount

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

    from ..layout import Label

    #: an element of a drawing (ElementTree's, loaded by the first drawing)
    Node = Element

__all__ = ["Ink", "Term", "add_text", "el", "html", "num", "row"]


class Term(Protocol):
    """A players' term as a drawing writes it: its key and its one-line explanation
    (:class:`whistscore.i18n.Term` is one)."""

    @property
    def key(self) -> str: ...

    @property
    def line(self) -> str: ...


class Ink(NamedTuple):
    """The page's side of a drawing: its words, its terms and the table's moment.

    ``say`` puts a sheet word (a :class:`~whistscore.layout.Label`, a phrase or text) in
    the page's language; ``spans`` cuts a text where a players' term is written
    (:func:`whistscore.i18n.term_spans`); ``dealer`` is who deals next (None once the
    game is over)."""

    say: Callable[[object], str]
    spans: Callable[[str], Sequence[Union[str, tuple[str, Term]]]]
    dealer: str | None = None

    def termed(self, element: Node, said: str) -> Node:
        """``said`` written into ``element``, the first of each players' term a button that
        opens its one-line explanation beneath it (static/terms.js); the words are the game's."""
        for part in self.spans(said):
            if isinstance(part, str):
                add_text(element, part)
            else:
                word, term = part
                element.append(el("button", {"type": "button", "class": "term",
                                             "data-term": term.key, "data-line": term.line,
                                             "aria-expanded": "false"}, word))
        return element

    def legend(self, words: Label | None) -> list[Node]:
        """The line under a sheet that says what its marks mean, if the game gives one."""
        if not words:
            return []
        return [self.termed(el("p", {"class": "ws-legend"}), self.say(words))]


def el(tag: str, attrs: dict[str, object] | None = None, text: str | None = None,
       *children: Node) -> Node:
    """An element with its attributes (in this order), its text and its children.

    Values are kept as they are and escaped only when the tree is written, so
    nothing a player types can become markup."""
    from xml.etree.ElementTree import Element

    element = Element(tag, {k: str(v) for k, v in (attrs or {}).items()})
    element.text = text or None
    element.extend(children)
    return element


def add_text(element: Node, value: str) -> None:
    """Write ``value`` after what ``element`` already holds (as the pencil goes on)."""
    if not value:
        return
    if len(element):
        last = element[-1]
        last.tail = (last.tail or "") + value
    else:
        element.text = (element.text or "") + value


def html(element: Node) -> str:
    """The element written as HTML that inline SVG shares.

    Written as XML, which escapes ``<``, ``>``, ``&`` and ``"`` in every text and
    attribute (ElementTree's HTML writer leaves ``<`` raw in attributes), with
    no empty element shortened (HTML has no ``<td/>``); ``<br>``, the one void
    element drawn here, is then written as HTML writes it.  No text of a player
    can hold a raw ``<``, so that replacement can only meet the drawing's own."""
    from xml.etree.ElementTree import tostring

    written = tostring(element, encoding="unicode", method="xml", short_empty_elements=False)
    return written.replace("<br></br>", "<br>")


def row(attrs: dict[str, object] | None, *cells: Node) -> Node:
    """A table row of ``cells``."""
    return el("tr", attrs, None, *cells)


def num(value: Amount) -> str:
    """A number as the sheet writes it."""
    return format_amount(value)
