"""Named rule options and presets.

Tables differ on many small points (how much a vist is worth, who consoles a
failed declarer...).  Each such point is an :class:`Option` with a name and a
value kind; a preset is a complete set of option values a school of players
uses.  A game file stores the preset name and only the options set on top of
it, so a file written today still reads the same when a preset gains options.

Option values are accepted in two spellings: as JSON values (from a game file)
and as the strings a user types after ``--rule name=value``.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal, InvalidOperation
from typing import Any, Callable, Iterator, Mapping, Sequence

import attrs

from .errors import RuleError

__all__ = [
    "Kind",
    "Choice",
    "Integer",
    "Boolean",
    "IntList",
    "IntMap",
    "Option",
    "RuleBook",
    "Rules",
    "parse_stake",
    "assignments_of",
    "json_text",
    "typed_pairs",
    "typed_or_json",
    "MAX_STAKE",
    "MAX_STAKE_DIGITS",
    "STAKE_PLACES",
    "MAX_RULE_ITEMS",
    "RULE_CEILING",
]


class Kind:
    """How one option's values are read, checked, written back and shown."""

    def parse(self, value: Any) -> Any:  # pragma: no cover - interface
        raise NotImplementedError

    def dump(self, value: Any) -> Any:
        return value

    def show(self, value: Any) -> str:
        return str(self.dump(value))

    def describe(self) -> str:  # pragma: no cover - interface
        raise NotImplementedError

    def said(self) -> tuple[str, tuple[Any, ...]]:
        """What a refused value is told in the reader's words: the key of the sentence
        (``err.<key>``, the option's name its first argument) and the rest of its
        arguments.  A game's own kind names its own sentence, in the game's words."""
        return "rule_value", ()


@attrs.frozen
class Choice(Kind):
    choices: tuple[str, ...]

    def parse(self, value: Any) -> str:
        if not isinstance(value, str) or value not in self.choices:
            raise ValueError(f"must be one of {', '.join(self.choices)}")
        return value

    def describe(self) -> str:
        return " | ".join(self.choices)

    def said(self) -> tuple[str, tuple[Any, ...]]:
        return "rule_choice", (", ".join(self.choices),)


@attrs.frozen
class Integer(Kind):
    minimum: int | None = None
    maximum: int | None = None

    def parse(self, value: Any) -> int:
        if isinstance(value, str):
            try:
                value = _rule_int(value.strip())
            except ValueError:
                raise ValueError("must be a whole number") from None
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError("must be a whole number")
        _bounded(value)
        if self.minimum is not None and value < self.minimum:
            raise ValueError(f"must be at least {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise ValueError(f"must be at most {self.maximum}")
        return value

    def describe(self) -> str:
        lo = "" if self.minimum is None else str(self.minimum)
        hi = "" if self.maximum is None else str(self.maximum)
        return f"integer {lo}..{hi}" if lo or hi else "integer"

    def said(self) -> tuple[str, tuple[Any, ...]]:
        if self.minimum is not None and self.maximum is not None:
            return "rule_int", (self.minimum, self.maximum)
        return "rule_whole", ()


@attrs.frozen
class Boolean(Kind):
    def parse(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in ("true", "yes", "on", "1"):
            return True
        if isinstance(value, str) and value.strip().lower() in ("false", "no", "off", "0"):
            return False
        raise ValueError("must be true or false")

    def show(self, value: bool) -> str:
        return "true" if value else "false"

    def describe(self) -> str:
        return "true | false"

    def said(self) -> tuple[str, tuple[Any, ...]]:
        return "rule_bool", ()


#: no rule value comes near: a larger number is a typing slip (or an attack), and
#: refusing it here keeps every score a game computes from it small
RULE_CEILING = 10 ** 9
#: the most numbers a rule's list may hold
MAX_RULE_ITEMS = 100


#: the longest value typed for one rule (a list of 100 numbers is a few hundred characters)
MAX_RULE_TEXT = 2000
#: the most digits a number in a rule's value may have (RULE_CEILING has 10)
MAX_RULE_DIGITS = 12
_LONG_RULE_NUMBER = re.compile(r"[0-9]{%d,}" % (MAX_RULE_DIGITS + 1))


def _bounded_text(text: str) -> None:
    """A rule's value as typed: refused, before any number in it is read, if it is
    longer than MAX_RULE_TEXT or holds a number of more than MAX_RULE_DIGITS digits
    (each game's own option kinds then read only short numbers)."""
    if len(text) > MAX_RULE_TEXT:
        raise ValueError(f"a rule's value is at most {MAX_RULE_TEXT} characters")
    long = _LONG_RULE_NUMBER.search(text)
    if long:
        raise ValueError(f"a number of {len(long.group())} digits is larger than any rule's "
                         f"value (at most {RULE_CEILING:,})")


def _rule_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_RULE_DIGITS:
        raise ValueError(f"numbers must be at most {RULE_CEILING:,} in size")
    return int(text)


def _bounded(value: int) -> None:
    if not -RULE_CEILING <= value <= RULE_CEILING:
        raise ValueError(f"must be a number of at most {RULE_CEILING:,} in size")


def json_text(text: str) -> Any:
    """A value typed as JSON after ``--rule name=`` (a list or an object)."""
    _bounded_text(text)
    try:
        return json.loads(text, parse_int=_rule_int, parse_float=_no_float)
    except (ValueError, RecursionError):
        raise ValueError("is not readable JSON") from None


def _no_float(text: str) -> float:
    raise ValueError("must hold whole numbers")


def typed_pairs(text: str, example: str) -> dict[str, str]:
    """``key:value,key:value`` as typed after ``--rule name=``."""
    pairs: dict[str, str] = {}
    for part in text.split(","):
        if ":" not in part:
            raise ValueError(f"must be written like {example}")
        key, value = part.split(":", 1)
        pairs[key.strip()] = value.strip()
    return pairs


def typed_or_json(value: Any, opener: str, typed: Callable[[str], Any]) -> Any:
    """A rule's value as given: a string is JSON when it opens with ``opener`` (``[``
    or ``{``), else the typed form that ``typed`` reads (of the stripped text); any other
    value (from a game file, already JSON) is returned as it is."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    return json_text(text) if text.startswith(opener) else typed(text)


def _whole(item: Any, minimum: int | None) -> int:
    if isinstance(item, str):
        item = item.strip()
        if not item.lstrip("-").isdigit():
            raise ValueError("must hold whole numbers")
        if len(item) > 12:
            raise ValueError(f"numbers must be at most {RULE_CEILING:,} in size")
        item = int(item)
    if isinstance(item, bool) or not isinstance(item, int):
        raise ValueError("must hold whole numbers")
    _bounded(item)
    if minimum is not None and item < minimum:
        raise ValueError(f"numbers must be at least {minimum}")
    return item


@attrs.frozen
class IntList(Kind):
    """A list of whole numbers, typed ``2/4/6/8/10`` or ``1,2,3`` or given as a JSON list.

    ``length`` fixes the count (one value per contract level); ``None`` allows
    any non-empty list (a price progression whose last item repeats).
    """

    length: int | None = None
    minimum: int | None = 0

    def parse(self, value: Any) -> tuple[int, ...]:
        value = typed_or_json(value, "[", lambda text: text.replace(",", "/").split("/"))
        if not isinstance(value, (list, tuple)) or not value:
            raise ValueError("must be a non-empty list of whole numbers")
        if len(value) > MAX_RULE_ITEMS:
            raise ValueError(f"must hold at most {MAX_RULE_ITEMS} numbers")
        items = tuple(_whole(item, self.minimum) for item in value)
        if self.length is not None and len(items) != self.length:
            raise ValueError(f"must hold exactly {self.length} numbers")
        return items

    def dump(self, value: tuple[int, ...]) -> list[int]:
        return list(value)

    def show(self, value: tuple[int, ...]) -> str:
        return "/".join(str(v) for v in value)

    def describe(self) -> str:
        n = f"{self.length} " if self.length else ""
        return f"{n}numbers a/b/c"

    def said(self) -> tuple[str, tuple[Any, ...]]:
        return ("rule_list", (self.length,)) if self.length else ("rule_numbers", ())


@attrs.frozen
class IntMap(Kind):
    """A map from a whole-number key (a level) to a whole number: ``6:2,7:1`` or ``{"6": 2}``."""

    keys: tuple[int, ...] | None = None
    minimum: int | None = 0

    def parse(self, value: Any) -> tuple[tuple[int, int], ...]:
        value = typed_or_json(value, "{", lambda text: {} if text in ("", "none", "-")
                              else typed_pairs(text, "6:2,7:1"))
        if not isinstance(value, Mapping):
            raise ValueError("must be a map like 6:2,7:1")
        if len(value) > MAX_RULE_ITEMS:
            raise ValueError(f"must hold at most {MAX_RULE_ITEMS} numbers")
        out = {}
        for k, v in value.items():
            key = _whole(k, None)
            if self.keys is not None and key not in self.keys:
                raise ValueError(f"keys must be among {', '.join(map(str, self.keys))}")
            out[key] = _whole(v, self.minimum)
        return tuple(sorted(out.items()))

    def dump(self, value: tuple[tuple[int, int], ...]) -> dict[str, int]:
        return {str(k): v for k, v in value}

    def show(self, value: tuple[tuple[int, int], ...]) -> str:
        return ",".join(f"{k}:{v}" for k, v in value) or "none"

    def describe(self) -> str:
        return "map level:number,..."

    def said(self) -> tuple[str, tuple[Any, ...]]:
        return "rule_map", ()


@attrs.frozen
class Option:
    name: str
    kind: Kind
    doc: str


@attrs.frozen
class Rules:
    """The rules one game is played under: a preset plus options set on top of it.

    Read a value with ``rules["pulya"]``.  ``overrides`` keeps what the game
    file (or ``--rule``) set, so saving writes back exactly that.
    """

    game: str
    preset: str
    values: Mapping[str, Any] = attrs.field(repr=False)
    overrides: Mapping[str, Any] = attrs.field(factory=dict)
    book: "RuleBook" = attrs.field(repr=False, eq=False, default=None)

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"preset": self.preset}
        for name, value in self.overrides.items():
            out[name] = self.book.option(name).kind.dump(value)
        return out

    def resolved(self) -> "Rules":
        """The same rules with every option set explicitly (the preset's name kept).

        What a new game file records (journal.md): the values, not a reference to a
        preset whose defaults a later version might change, so a game already played
        is never scored under other rules.
        """
        return attrs.evolve(self, overrides=dict(self.values))

    @property
    def complete(self) -> bool:
        """Whether every option is set explicitly (a file written since issue 24)."""
        return len(self.overrides) == len(self.values)

    def differences(self) -> dict[str, Any]:
        """Options whose value differs from the preset's (restated ones left out)."""
        base = self.book.presets[self.preset]
        return {k: v for k, v in self.overrides.items() if base[k] != v}


@attrs.frozen
class RuleBook:
    """Every option of one game, its presets, and how to build a :class:`Rules`."""

    game: str
    options: tuple[Option, ...]
    presets: Mapping[str, Mapping[str, Any]]
    default_preset: str
    preset_docs: Mapping[str, str] = attrs.field(factory=dict)
    check: Callable[[Mapping[str, Any]], None] | None = None
    #: the values players usually agree for an option (Preferans: a pulya of 10, 20, 30 or
    #: 50), offered as buttons when a game is made; the options box takes any other
    usual: Mapping[str, tuple[Any, ...]] = attrs.field(factory=dict)

    def __attrs_post_init__(self) -> None:
        names = {o.name for o in self.options}
        for preset, values in self.presets.items():
            missing = names - set(values)
            extra = set(values) - names
            if missing or extra:  # a programming error in a game module
                raise AssertionError(f"preset {preset}: missing {missing}, extra {extra}")

    def option(self, name: str) -> Option:
        """The option called ``name``.

        :raises RuleError: the game has no such option (the known ones listed).
        """
        for opt in self.options:
            if opt.name == name:
                return opt
        raise RuleError(
            f"unknown rule option for {self.game} (known: {', '.join(self.names())})",
            field=f"rules.{name}", key="rule_unknown", args=(name,),
        )

    def names(self) -> Iterator[str]:
        return (o.name for o in self.options)

    def resolve(self, spec: Mapping[str, Any] | None = None) -> Rules:
        """Rules from a game file's ``rules`` object: ``{"preset": P, option: value...}``.

        :raises RuleError: an unknown preset or option, a value the option's kind does not
            read, or options that do not go together (the game's own check).
        """
        spec = dict(spec or {})
        preset = spec.pop("preset", self.default_preset)
        if not isinstance(preset, str) or preset not in self.presets:
            raise RuleError(
                f"unknown preset for {self.game} (known: {', '.join(self.presets)})",
                field="rules.preset",
                value=preset, key="preset_unknown", args=(str(preset)[:40],),
            )
        overrides = {}
        for name, raw in spec.items():
            opt = self.option(name)
            try:
                if isinstance(raw, str):
                    _bounded_text(raw)
                overrides[name] = opt.kind.parse(raw)
            except ValueError as exc:
                key, args = opt.kind.said()
                raise RuleError(
                    f"{exc} ({opt.kind.describe()})", field=f"rules.{name}", value=raw,
                    key=key, args=(name, *args),
                ) from None
        values = dict(self.presets[preset])
        values.update(overrides)
        if self.check is not None:
            try:
                self.check(values)
            except ValueError as exc:
                raise RuleError(str(exc), field="rules", key="rules_together") from None
        return Rules(self.game, preset, values, overrides, self)

    def from_cli(self, preset: str | None, assignments: Sequence[str]) -> Rules:
        """Rules from ``--preset P --rule name=value ...`` (values as typed).

        :raises RuleError: an assignment without ``=``, or as :meth:`resolve`.
        """
        spec: dict[str, Any] = {}
        if preset is not None:
            spec["preset"] = preset
        spec.update(assignments_of(assignments))
        return self.resolve(spec)

    def show(self, name: str, value: Any) -> str:
        return self.option(name).kind.show(value)


def assignments_of(items: Sequence[str], field: str = "rule") -> dict[str, str]:
    """``name=value`` items (``--rule``, the scorepad's options box) as a mapping of the
    names to their values as typed; the one reading of that form.

    :raises RuleError: an item without ``=`` (``field`` named, the item shown).
    """
    out: dict[str, str] = {}
    for item in items:
        if "=" not in item:
            raise RuleError("a rule is written name=value", field=field,
                            value=item if len(item) <= 80 else item[:80], key="rule_form")
        name, raw = item.split("=", 1)
        out[name.strip()] = raw.strip()
    return out


#: the largest stake (money per unit) and its finest step: a stake outside is a
#: typing slip, and refusing it at the door keeps every later sum small and fast
MAX_STAKE = Decimal(1_000_000)
STAKE_PLACES = 6
#: the most digits a stake is written with, and the largest exponent (either sign) it
#: may carry: ``1E-999999999`` is refused by its exponent, before any normalization
MAX_STAKE_DIGITS = 40


def parse_stake(value: object, field: str = "stake") -> Decimal:
    """A stake is money per unit: a decimal string (or a Decimal/int), never a float.

    The one door for stakes, used by files, ``new``, ``settle --stake`` and the
    library: 0..MAX_STAKE with at most STAKE_PLACES decimal places, so
    ``1e400`` or ``1e999999999`` is refused here instead of building a number
    of a billion digits later.

    :raises RuleError: not a decimal string, int or Decimal (a float is refused); not
        finite; negative; above MAX_STAKE; more than STAKE_PLACES decimal places.
    """
    if isinstance(value, bool) or not isinstance(value, (str, int, Decimal)):
        raise RuleError("a stake is a decimal string such as \"0.10\"", field=field,
                        value=value if isinstance(value, float) else type(value).__name__,
                            key="stake")
    if isinstance(value, Decimal):
        stake = value
    else:
        raw = value.strip() if isinstance(value, str) else value
        if isinstance(raw, str) and len(raw) > 40:
            raise RuleError("a stake is a decimal number such as 0.10", field=field, value=value,
                key="stake")
        if isinstance(raw, int) and not -MAX_STAKE <= raw <= MAX_STAKE:
            raise RuleError(f"a stake must be 0..{MAX_STAKE}", field=field, value=value,
                key="stake_range", args=(MAX_STAKE,))
        try:
            stake = Decimal(raw)
        except (InvalidOperation, ValueError):
            raise RuleError("a stake is a decimal number such as 0.10", field=field,
                            value=value, key="stake") from None
    if not stake.is_finite():
        raise RuleError("a stake must be a finite number, not negative", field=field,
                        value=str(value), key="stake_negative")
    # Read the number's own digits and exponent, before any arithmetic: normalizing
    # 1E-999999999 underflows to 0 (so it passed as "no decimals"), and every later
    # sum with it then worked on a billion digits.
    sign, digits, exponent = stake.as_tuple()
    if not isinstance(exponent, int):  # pragma: no cover - is_finite() refused those
        raise RuleError("a stake must be a finite number", field=field, value=str(value),
            key="stake")
    if len(digits) > MAX_STAKE_DIGITS:
        raise RuleError(f"a stake is a decimal number of at most {MAX_STAKE_DIGITS} digits, "
                        f"such as 0.10", field=field, value=str(value), key="stake")
    if exponent < -MAX_STAKE_DIGITS:
        raise RuleError(f"a stake has at most {STAKE_PLACES} decimal places", field=field,
                        value=str(value), key="stake_places", args=(STAKE_PLACES,))
    if exponent > MAX_STAKE_DIGITS:
        raise RuleError(f"a stake must be 0..{MAX_STAKE}", field=field, value=str(value),
            key="stake_range", args=(MAX_STAKE,))
    nonzero = any(digits)
    if sign and nonzero:
        raise RuleError("a stake must be a finite number, not negative", field=field,
                        value=str(value), key="stake_negative")
    trailing = len(digits) - len("".join(map(str, digits)).rstrip("0"))
    if nonzero and -(exponent + trailing) > STAKE_PLACES:
        raise RuleError(f"a stake has at most {STAKE_PLACES} decimal places", field=field,
                        value=str(value), key="stake_places", args=(STAKE_PLACES,))
    if nonzero and exponent + len(digits) - 1 > 6 or stake > MAX_STAKE:
        raise RuleError(f"a stake must be 0..{MAX_STAKE}", field=field, value=str(value),
            key="stake_range", args=(MAX_STAKE,))
    if exponent > 0:  # 1E+3 is written 1000
        stake = stake.quantize(Decimal(1))
    if not nonzero:
        return Decimal(0).scaleb(max(exponent, -STAKE_PLACES)) if exponent < 0 else Decimal(0)
    return stake


def _exponent(number: Decimal) -> int:
    """The exponent of a finite Decimal (only NaN and infinities have a letter there)."""
    exponent = number.as_tuple().exponent
    if not isinstance(exponent, int):  # pragma: no cover - parse_stake refused those
        raise RuleError("a stake must be a finite number", field="stake", value=str(number),
            key="stake")
    return exponent
