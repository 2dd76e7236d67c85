"""A Danish deal: the value, its form in the game file, and the checks of its shape.

The dealer who sits out with five players is not checked here but in the
scoring, which knows who deals.
"""

from __future__ import annotations

from typing import Any, Mapping

import attrs

from ...checks import player as _player, whole
from ...errors import DealError
from ...game import JSONObject
from ...rules import Rules
from .rules import NEGATIVE_NAMES, NEGATIVES

__all__ = ["Deal", "deal_from_json", "deal_to_json", "ATTACHMENTS", "ATTACHMENT_NAMES",
           "NEEDED", "LOW_BID", "HIGH_BID", "MAX_TRICKS", "DEAL_KEYS"]

#: attachments in the seed's ascending order (the order does not change the score)
ATTACHMENTS = ("tournee", "good", "half", "strong", "sans")
#: an attachment as it may be written (lower case), English or Danish
ATTACHMENT_NAMES = {
    "tournee": "tournee", "tourne": "tournee", "tournée": "tournee", "tourné": "tournee",
    "vip": "tournee",
    "good": "good", "gode": "good",
    "half": "half", "halve": "half",
    "strong": "strong", "stærke": "strong", "staerke": "strong",
    "sans": "sans",
}
#: the soloist's tricks a negative contract needs: exactly one, or none
NEEDED = {"solo": 1, "nolo": 0, "open_solo": 1, "open_nolo": 0}
LOW_BID, HIGH_BID = 7, 13
MAX_TRICKS = 13
#: the fields of a deal in the file, in the order the file writes them
DEAL_KEYS = ("declarer", "bid", "attachment", "partner", "tricks")
_KEY_SET = frozenset(DEAL_KEYS)
_REQUIRED = ("declarer", "bid", "tricks")


@attrs.frozen(slots=True, cache_hash=True)
class Deal:
    """One played deal.

    ``bid`` is 7..13 or one of :data:`NEGATIVES`; ``partner`` is ``None``
    when the declarer plays alone (own ace called or ace in the cat) and
    always ``None`` for a negative contract.  ``tricks`` are the declaring
    side's (for a negative contract, the soloist's).  The hash is kept: the
    scoring looks each deal up in a memo (:func:`.scoring.score`).
    """

    declarer: str
    bid: int | str
    tricks: int
    partner: str | None = None
    attachment: str | None = None

    @property
    def negative(self) -> bool:
        return isinstance(self.bid, str)


def _bid(value: Any) -> int | str:
    if isinstance(value, str):
        name = NEGATIVE_NAMES.get(" ".join(value.split()).casefold())
        if name is None:
            raise DealError(f"a bid is 7..13 or one of {', '.join(NEGATIVES)}",
                            field="bid", value=value, key="danish.bid")
        return name
    if isinstance(value, bool) or not isinstance(value, int):
        raise DealError(f"a bid is a whole number 7..13 or one of {', '.join(NEGATIVES)}",
                        field="bid", value=value, key="danish.bid")
    if not LOW_BID <= value <= HIGH_BID:
        raise DealError("a bid is 7..13 tricks", field="bid", value=value, key="danish.bid")
    return value


def _attachment(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise DealError(f"an attachment is one of {', '.join(ATTACHMENTS)}",
                        field="attachment", value=value, key="danish.attachment")
    name = ATTACHMENT_NAMES.get(value.strip().casefold())
    if name is None:
        raise DealError(f"unknown attachment (known: {', '.join(ATTACHMENTS)}; "
                        "vip, gode, halve, stærke)", field="attachment", value=value,
                            key="danish.attachment")
    return name


def deal_from_json(obj: Mapping[str, Any], players: tuple[str, ...], rules: Rules) -> Deal:
    """Check one deal's JSON object (shape and values) and build the deal.

    A deal written as the file writes it (known keys, a player's exact name, the
    English words) passes a few exact lookups; anything else goes through the
    checks that accept the other spellings or word the refusal.

    :raises DealError: naming the field and the value that is wrong.
    """
    if obj.__class__ is not dict and not isinstance(obj, Mapping):  # dict: skip the ABC
        raise DealError("a deal is a JSON object", field="deal", value=obj, key="deal_object")
    if not _KEY_SET.issuperset(obj):
        for key in obj:
            if key not in _KEY_SET:
                raise DealError("unknown field of a Danish deal "
                                f"(known: {', '.join(DEAL_KEYS)})", field=str(key),
                                value=obj[key], key="unknown_field", args=(str(key),))
    for key in _REQUIRED:
        if key not in obj:
            raise DealError("missing field", field=key, key="missing_field")
    declarer = obj["declarer"]
    if declarer.__class__ is not str or declarer not in players:
        declarer = _player(declarer, players, "declarer")
    bid = obj["bid"]
    if bid.__class__ is not int or not LOW_BID <= bid <= HIGH_BID:
        bid = _bid(bid)
    tricks = obj["tricks"]
    if tricks.__class__ is not int or not 0 <= tricks <= MAX_TRICKS:
        tricks = whole(tricks, "tricks", 0, MAX_TRICKS, "tricks")
    attachment = obj.get("attachment")
    partner = obj.get("partner")
    if isinstance(bid, str):
        if attachment is not None:
            raise DealError(f"a negative contract ({bid}) takes no attachment",
                            field="attachment", value=attachment, key="danish.negative_attachment")
        if partner is not None:
            raise DealError(f"a negative contract ({bid}) is played alone, without a partner",
                            field="partner", value=partner, key="danish.negative_alone")
        return Deal(declarer, bid, tricks)
    if attachment is not None:
        if attachment.__class__ is not str or attachment not in ATTACHMENTS:
            attachment = _attachment(attachment)
    if partner is None:
        if "partner" not in obj:
            raise DealError("missing field (the called ace's holder, or null when alone)",
                            field="partner", key="danish.partner")
    else:
        if partner.__class__ is not str or partner not in players:
            partner = _player(partner, players, "partner")
        if partner == declarer:  # own ace called: alone
            partner = None
    return Deal(declarer, bid, tricks, partner, attachment)


def deal_to_json(deal: Deal) -> JSONObject:
    """The deal as the file writes it: English words, ``partner`` only for a bid of tricks."""
    out: JSONObject = {"declarer": deal.declarer, "bid": deal.bid}
    if deal.attachment is not None:
        out["attachment"] = deal.attachment
    if not deal.negative:
        out["partner"] = deal.partner
    out["tricks"] = deal.tricks
    return out
