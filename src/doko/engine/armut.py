"""Armut and Schmeißen (house rules, ``Rules.armut`` and ``Rules.throw_*``; docs/rules.md).

Who may name an Armut (at most 3 trumps in the normal card order, the ♦A counted as
``Rules.armut_fox`` says), how many cards the poor player hands over (all its trumps, filled
up to 3 cards), and who may throw (Schmeißen) in the Vorbehaltsabfrage. Both engines decide
alike (``native/src/game.rs`` has the same functions).

>>> from doko.engine.cards import hand_from_codes
>>> from doko.engine.rules import Rules
>>> h = hand_from_codes(["AD", "QC", "JH", "AC", "AC", "TC", "KC", "AS", "AS", "KS", "AH", "9H"])
>>> armut_trumps(h, "counts"), armut_trumps(h, "single_not"), give_count(h)
(3, 2, 3)
>>> can_armut(h, Rules(armut=True)), can_armut(h, Rules())
(True, False)
>>> throw_reason(h, Rules(throw_trumps=True)), throw_reason(h, Rules(throw_kings=True))
('trumps', None)
"""

from __future__ import annotations

from doko.engine.cards import AD, KING, NINE, hand_count, hand_kinds
from doko.engine.contracts import ORDERS, TRUMP
from doko.engine.rules import Rules

__all__ = ["armut_trumps", "can_armut", "give_count", "throw_reason", "trump_count"]

_NORMAL_EFF = ORDERS[0].eff_suit
#: The trump kinds of the normal card order as a bit set of kinds.
TRUMP_KINDS = sum(1 << k for k in range(24) if _NORMAL_EFF[k] == TRUMP)


def trump_count(hand: int) -> int:
    """The trumps (normal card order) in ``hand``."""
    m = TRUMP_KINDS | TRUMP_KINDS << 24
    return (hand & m).bit_count()


def armut_trumps(hand: int, fox_rule: str) -> int:
    """The trumps that count for an Armut: every trump, less the ♦A that ``fox_rule`` does not
    count ("single_not": a single ♦A; "never": every ♦A)."""
    n = trump_count(hand)
    foxes = hand_count(hand, AD)
    if fox_rule == "never" or (fox_rule == "single_not" and foxes == 1):
        n -= foxes
    return n


def can_armut(hand: int, rules: Rules) -> bool:
    """True if a seat dealt ``hand`` may name an Armut under ``rules``."""
    return rules.armut and armut_trumps(hand, rules.armut_fox) <= 3


def give_count(hand: int) -> int:
    """How many cards the poor player hands over: all its trumps, at least 3 cards."""
    return max(3, trump_count(hand))


def throw_reason(hand: int, rules: Rules) -> str | None:
    """Why a seat dealt ``hand`` may throw (Schmeißen): ``"nines"``, ``"kings"``,
    ``"trumps"`` or ``"nines_kings"`` (the first that holds), or None."""
    kinds = hand_kinds(hand)
    nines = sum(1 for k in kinds if k % 6 == NINE)
    kings = sum(1 for k in kinds if k % 6 == KING)
    if rules.throw_nines and nines >= 5:
        return "nines"
    if rules.throw_kings and kings >= 5:
        return "kings"
    if rules.throw_trumps and armut_trumps(hand, rules.armut_fox) <= 3:
        return "trumps"
    if rules.throw_nines_kings and nines + kings >= rules.throw_nines_kings:
        return "nines_kings"
    return None
