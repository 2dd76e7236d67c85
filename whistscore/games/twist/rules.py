"""Twist's options, presets and rulebook, the rule texts its entries carry, its sheet labels.

Every entry names one of :data:`RULE_TEXTS` (``Entry.rule``), each citing the
the Twist rules section it follows; the options are the readings spec twist.md leaves
to the table (the starting gora, a failed dil's price, several nota symbols of
one kind).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...rules import Choice, Integer, Option, RuleBook

__all__ = ["OPTIONS", "PRESETS", "RULEBOOK", "RULE_TEXTS"]

OPTIONS: tuple[Option, ...] = (
    Option("gora", Integer(1, 1_000_000),
           "the number every player writes into his gora at the start; the game ends when "
           "a gora reaches 0"),
    Option("dil_failure", Choice(("scaled", "literal")),
           "a failed dil: 'scaled' prices the opponents' gora at the value and remark and "
           "vists at 10 x value per trick (the rules' pattern elsewhere); 'literal' uses the "
           "printed 10 (not value or 10 x value)"),
    Option("same_kind", Choice(("one", "all")),
           "several live nota symbols of one kind (the Twist rules «нота»: a symbol is written each "
           "time): one (a contract uses and crosses the oldest X or O; overlapping dazin or "
           "operet windows double a deal once) or all (every live symbol doubles, all are "
           "crossed)"),
)

PRESETS: dict[str, dict[str, Any]] = {
    "seed": {"gora": 30, "dil_failure": "scaled", "same_kind": "one"},
}

_PRESET_DOCS = {"seed": "the Twist rules as whistscore reads them"}


def _check_rules(values: Mapping[str, Any]) -> None:
    if values["gora"] < 1:
        raise ValueError("the gora must be at least 1")


RULEBOOK = RuleBook(
    game="twist",
    options=OPTIONS,
    presets=PRESETS,
    default_preset="seed",
    preset_docs=_PRESET_DOCS,
    check=_check_rules,
)


#: every rule an entry may carry (``Entry.rule``); each is named, with its source, in
#: the game's catalogues (``rule.<key>``, ``rule.<key>.source``: locale/<lang>.po)
RULE_TEXTS: tuple[str, ...] = (
    "made_remark_declarer",
    "made_remark_other",
    "made_gora",
    "made_vists",
    "view_vist",
    "failed_gora_declarer",
    "failed_gora_partner",
    "failed_gora_opponent",
    "failed_remark_pair",
    "failed_remark_opponent",
    "failed_vists_declarer",
    "failed_vists_partner",
    "twist_made_remark",
    "twist_made_gora",
    "twist_made_vists",
    "bomb_made_gora",
    "bomb_made_remark",
    "bomb_made_vists",
    "bomb_failed_gora_soloist",
    "bomb_failed_gora_opponent",
    "bomb_failed_remark",
    "bomb_failed_vists",
    "dil_made_gora",
    "dil_made_remark",
    "dil_made_vists",
    "dil_failed_gora_soloist",
    "dil_failed_remark_soloist",
    "dil_failed_gora_opponent",
    "dil_failed_remark_opponent",
    "dil_failed_vists_soloist",
    "dil_failed_vists_opponents",
    "twist_round_vists",
    "settle_gora",
    "settle_remark",
    "settle_vists",
)




