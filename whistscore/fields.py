"""The fields of a deal, declared once per game, for forms that are tapped, not typed.

A game's deal is a JSON object (the spec's "Deals (JSON)"); a :class:`DealFields`
says which buttons and steppers fill it in: who declared, the contract, each
defender's status, the tricks.  The scorepad builds its form from this
description alone, so adding a game needs no hand-written form; the game's own
``deal_from_json`` and ``score`` still decide what is allowed (a form never
refuses a deal the file would accept, it only makes the usual ones quick).

Conditions (:attr:`Field.when`) hide fields that do not apply: a tuple of
alternatives, each a mapping ``field key -> values``; the field shows when every
key of one alternative holds one of its values.  For a ``statuses`` field the
test is "some status is one of the values".  Pure data: no I/O, no rules.

What a deal may hold is the game's to say, never the page's: a field's
:attr:`Field.only` narrows its choices under a condition (a Twist double bomb is
worth 2, 3 or 4, so its value 1 is not offered), and a game's
:attr:`DealFields.offer` reads its rules and the state before the next deal
(no half-whist for the first defender, no contract below the all-pass minimum).
A field whose usual value is not offered has none: it must be tapped.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

import attrs

__all__ = ["KINDS", "AMONG", "Choice", "Field", "DealFields", "choices"]

#: what a field is, and so how the form draws it
KINDS = (
    "choice",    # one of ``choices`` (buttons); the value or the choice's ``json`` goes in
    "player",    # one player of ``among`` (buttons); ``choices`` may add e.g. "alone" -> null
    "players",   # any number of players of ``among`` (toggles): a list
    "contract",  # a level of ``levels`` and a suit of ``suits``: "7S"
    "statuses",  # for each player of ``among``, one of ``choices``: {name: value}
    "tricks",    # steppers per player (or side) of ``among``; the last is filled so they sum to ``total``
    "count",     # one number ``low``..``high`` (stepper)
    "flag",      # on/off; only ``true`` is written
)

#: whose names a player field offers (worked out from the seats and the chosen declarer)
AMONG = (
    "active",      # every player holding cards this deal
    "all",         # every player at the table
    "defenders",   # active players other than the declarer
    "others",      # active players other than the declarer (a partner)
    "opponents",   # the players not of the declarer's pair (the game's ``DealFields.sides``)
    "sides",       # the game's pairs, one row each (``DealFields.sides``: whist's NS and EW)
    "declarer",    # the declarer alone (a misère's tricks: only his count is asked)
)


@attrs.frozen
class Choice:
    """A button: the value it stands for; its words are the game's catalogue's
    ``form.<field>.<value>`` (:func:`value_key`), said by the page in its language.

    ``json`` (when not ``None``) is merged into the deal instead of writing
    ``value`` under the field's key, for a choice that shapes the deal
    (``{"contract": "misere"}``, ``{"revoke": {"by": "both"}}``).
    """

    value: Any
    json: Mapping[str, Any] | None = None
    #: a ``statuses`` choice that settles the others too: tapping it for one player
    #: gives every other player of the field this value (a half-whist: the other passed)
    others: Any = None

    def to_json(self, said: Callable[[str], str | None], prefix: str) -> dict[str, Any]:
        """The button as the page gets it: its value and its words, ``said`` from the key
        ``<prefix>.<value>`` (the value itself where the game has no words for it: 7)."""
        words = said(f"{prefix}.{value_key(self.value)}")
        out = {"value": self.value, "word": str(self.value) if words is None else words}
        if self.json is not None:
            out["json"] = dict(self.json)
        if self.others is not None:
            out["others"] = self.others
        return out


@attrs.frozen
class Field:
    """One part of a deal.  ``key`` is its key in the deal JSON; a key starting
    with ``_`` is the form's own (it steers other fields and is not written).  Its words
    are the game's catalogue's ``form.<key>`` (its choices' ``form.<key>.<value>``, the
    sitting-out dealer's ``form.<key>.dealer.<value>``, the all-at-once button's
    ``form.<key>.every``)."""

    key: str
    kind: str = attrs.field(validator=attrs.validators.in_(KINDS))
    choices: tuple[Choice, ...] = ()
    among: str = attrs.field(default="active", validator=attrs.validators.in_(AMONG))
    levels: tuple[int, ...] = ()
    suits: tuple[Choice, ...] = ()
    total: int | None = None
    low: int = 0
    high: int = 0
    default: Any = None
    when: tuple[Mapping[str, tuple[Any, ...]], ...] = ()
    #: the sitting-out dealer's own status (Preferans with 4: the dealer's whist)
    dealer_choices: tuple[Choice, ...] = ()
    #: the deal key written when it is not ``key`` (two fields that never show together
    #: may fill one key: a misère's tricks and a played game's)
    writes: str | None = None
    #: where a ``tricks`` field starts, as ``(who, expression)`` pairs: ``who`` a role
    #: (``"declarer"``: the player chosen in the ``declarer`` field), the expression
    #: ``"KEY.level"`` (the level of contract field KEY), ``"KEY"`` (the number in
    #: field KEY) or digits (that number: a misère starts at no trick, the usual
    #: outcome); the others start at 0 but the last, who holds the rest
    start: tuple[tuple[str, str], ...] = ()
    #: who holds the rest of a ``tricks`` field, as ``(KEY, VALUE)``: the last player whose
    #: status in statuses field KEY is VALUE (the one whister holds the defence's tricks,
    #: as the table writes them), else the last player of the row
    rest: tuple[str, str] | None = None
    #: where a ``count`` field starts after a worded bid, as ``(BID, COUNT)`` pairs: the
    #: usual outcome (a solo made is one trick); a bid not listed starts at ``low``
    start_at: tuple[tuple[str, int], ...] = ()
    #: a ``statuses`` button giving every player of the field one value at once ("both pass")
    every: Choice | None = None
    #: the values offered under a condition, as ``(condition, values)`` pairs, the first
    #: condition that holds deciding (a condition as one alternative of :attr:`when`);
    #: none holding: every choice.  A default not offered is no default: the field is tapped
    only: tuple[tuple[Mapping[str, tuple[Any, ...]], tuple[Any, ...]], ...] = ()
    #: more fields whose change clears this one (the whists given on a 6 are not those of an 8)
    after: tuple[str, ...] = ()

    def depends(self) -> list[str]:
        """The keys of the fields this one depends on: a change of any of them clears
        what was tapped here (a whist given for one declarer is not one for another)."""
        keys = [k for alt in self.when for k in alt] + [k for cond, _ in self.only for k in cond]
        keys += list(self.after)
        if self.among in ("defenders", "others", "opponents", "declarer") or \
                any(who == "declarer" for who, _ in self.start):
            keys.insert(0, "declarer")
        keys += [expr.split(".")[0] for _, expr in self.start if not expr.isdigit()]
        return list(dict.fromkeys(k for k in keys if k != self.key))

    def to_json(self, said: Callable[[str], str | None] = lambda key: None) -> dict[str, Any]:
        """The field as the page's form gets it, its words ``said`` (key -> text in the
        page's language) by the server: the page's script has no words of its own."""
        here = f"form.{self.key}"
        out: dict[str, Any] = {"key": self.key, "kind": self.kind,
                               "word": said(here) or self.key, "among": self.among}
        if self.choices:
            out["choices"] = [c.to_json(said, here) for c in self.choices]
        if self.dealer_choices:
            out["dealer_choices"] = [c.to_json(said, f"{here}.dealer")
                                     for c in self.dealer_choices]
        if self.levels:
            out["levels"] = list(self.levels)
        if self.suits:
            out["suits"] = [c.to_json(said, here) for c in self.suits]
        if self.total is not None:
            out["total"] = self.total
        if self.kind == "count":
            out["low"], out["high"] = self.low, self.high
        if self.default is not None:
            out["default"] = self.default
        if self.when:
            out["when"] = [{k: list(v) for k, v in alt.items()} for alt in self.when]
        if self.writes is not None:
            out["writes"] = self.writes
        if self.start:
            out["start"] = [list(pair) for pair in self.start]
        if self.rest is not None:
            out["rest"] = list(self.rest)
        if self.start_at:
            out["start_at"] = dict(self.start_at)
        if self.every is not None:
            every = self.every.to_json(said, here)
            every["word"] = said(f"{here}.every") or every["word"]
            out["every"] = every
        if self.only:
            out["only"] = [{"when": {k: list(v) for k, v in cond.items()}, "values": list(vals)}
                           for cond, vals in self.only]
        out["depends"] = self.depends()
        return out


@attrs.frozen
class DealFields:
    """Every field of one game's deal, in the order a player says the deal,
    and a few lines of short notation with what each means (the notation help;
    tests read every example back with the game's parser)."""

    fields: tuple[Field, ...]
    #: ``(line,)`` or ``(line, player counts it fits)``; ``{0}`` is seat 1; what a line
    #: means is the game's catalogue's ``form.notation.<line>``
    notation: tuple[tuple[Any, ...], ...] = ()
    #: what the table asks before a deal besides who deals, read from the game's own
    #: state: lines of words (Preferans: the points missing to close each pulya, the
    #: smallest contract during an all-pass series); the page only shows them
    standing: Callable[[Any], tuple[Any, ...]] | None = None
    #: what the rules and the state allow in the next deal, read by the game:
    #: ``offer(rules, players, dealer, state)`` gives ``{field key: narrowing}`` where a
    #: narrowing is ``{"values": [...]}`` (a choice's values, a contract's levels; ``[]``
    #: hides the field) or, for a ``statuses`` field, ``{"by": [KEY, ...], "index":
    #: {"V1|V2": i}, "sets": [[{player: status}, ...], ...]}``: with the fields ``by`` set
    #: to V1, V2 (a contract as written, ``7S``), the combinations of statuses that can be
    #: recorded are ``sets[i]``, the usual first; the page offers a status only if some
    #: combination has it, and a tap completes the combination nearest to the taps
    offer: Callable[[Any, tuple[str, ...], str, Any], Mapping[str, Any]] | None = None
    #: the pairs that play together, fixed by seat, as ``(name, seats)`` (whist's NS is
    #: seats 0 and 2, EW 1 and 3; Twist's partners sit opposite too): the game's to say,
    #: so the form reads its ``opponents`` and ``sides`` here and knows no seating itself
    sides: tuple[tuple[str, tuple[int, ...]], ...] = ()

    def __attrs_post_init__(self) -> None:
        keys = [f.key for f in self.fields]
        if len(set(keys)) != len(keys):
            raise AssertionError(f"a deal field is declared twice: {keys}")
        for f in self.fields:
            if f.among in ("opponents", "sides") and not self.sides:
                raise AssertionError(f"field {f.key} names the {f.among}, "
                                     "but the game declares no sides")
        for f in self.fields:
            for key in list(f.after) + [k for cond, _ in f.only for k in cond]:
                if key not in keys[: keys.index(f.key)]:
                    raise AssertionError(f"field {f.key} depends on {key}, "
                                         "which is not an earlier field")
            for alt in f.when:
                for key in alt:
                    if key not in keys[: keys.index(f.key)]:
                        raise AssertionError(f"field {f.key} depends on {key}, "
                                             "which is not an earlier field")
            for _, expr in f.start:
                if not expr.isdigit() and expr.split(".")[0] not in keys[: keys.index(f.key)]:
                    raise AssertionError(f"field {f.key} starts from {expr}, "
                                         "which is not an earlier field")

    def examples(self, seats: int) -> list[str]:
        """The notation help's lines for a table of ``seats`` players."""
        return [item[0] for item in self.notation if len(item) < 2 or seats in item[1]]

    def to_json(self, seats: int | None = None,
                said: Callable[[str], str | None] = lambda key: None) -> dict[str, Any]:
        """The form as the page gets it, every word ``said`` in the page's language (the
        page's script has no words of its own)."""
        notation = self.examples(seats) if seats else [i[0] for i in self.notation]
        out: dict[str, Any] = {
            "fields": [f.to_json(said) for f in self.fields],
            "notation": [{"text": t, "word": said(f"form.notation.{t}") or ""}
                         for t in notation]}
        if self.sides:
            out["sides"] = [{"key": name, "seats": list(seats)} for name, seats in self.sides]
        return out


def value_key(value: Any) -> str:
    """A choice's value as the last part of its words' key: ``"-"`` for none, ``"_"`` for
    the empty text, ``true``/``false``, else the value as text."""
    if value is None:
        return "-"
    if value == "" and isinstance(value, str):
        return "_"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def choices(*items: tuple[Any, ...]) -> tuple[Choice, ...]:
    """``Choice`` values from ``(value[, json[, others]])`` tuples (the game modules'
    shorthand)."""
    return tuple(Choice(*t) for t in items)
