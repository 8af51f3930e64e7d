"""Hints: what the search player would do in a seat's place, from the seat's own view.

:func:`hint` runs the ``search`` player (:class:`doko.bots.search_player.SearchPlayer`) on a
:class:`~doko.engine.view.SeatView` with a fixed number of sampled worlds and no time limit,
so that the hint depends only on the view and the seed: two games that look the same to the
seat get the same hint, whatever the hidden cards are. The one-line reason is worked out from
the view too (the trick so far, the parties as far as the seat knows them, the voids shown), so
it never names or hints at a card the seat cannot see.

>>> from doko.engine.game import Game
>>> from doko.engine.actions import HEALTHY, encode
>>> from doko.engine.view import view
>>> g = Game.deal(seed=3)
>>> for _ in range(4):
...     g.apply(encode(g.to_move, HEALTHY))
>>> h = hint(view(g, g.to_move), worlds=4)
>>> h is not None and h.action in g.legal_actions()
True
"""

from __future__ import annotations

from dataclasses import dataclass

from doko.bots.search_player import SearchPlayer
from doko.engine.actions import CALL_RE, CLAIM, Action, code_of
from doko.engine.cards import ACE, EYES, rank_of
from doko.engine.contracts import TRUMP, card_order, trick_winner
from doko.engine.rules import DULLE_RULES
from doko.engine.texts import text
from doko.engine.view import SeatView
from doko.engine.vocab import Phase

__all__ = ["DEFAULT_WORLDS", "Hint", "hint", "reason_key"]

#: Sampled worlds per hint (the search player's playouts: about a second for a card).
DEFAULT_WORLDS = 24


@dataclass(frozen=True)
class Hint:
    """The suggested action and the catalogue key of its reason (None: no reason given)."""

    action: Action
    reason: str | None

    def text(self, lang: str = "de") -> str:
        """``Tipp: ♣D – reason`` in ``lang``."""
        from doko.analysis.report import action_label

        label = action_label(self.action, lang)
        if self.reason is None:
            return text("hint.text", lang, action=label)
        return text("hint.with_reason", lang, action=label, reason=text(self.reason, lang))

    def to_json(self, lang: str = "de") -> dict[str, object]:
        from doko.engine.actions import to_dict

        return {"action": to_dict(self.action), "reason": self.reason,
                "text": self.text(lang)}


def hint(v: SeatView, *, seed: int = 0, worlds: int = DEFAULT_WORLDS) -> Hint | None:
    """The search player's action for the seat of ``v`` (None if it is not the seat's turn),
    with a reason where one can be given from the view (:func:`reason_key`)."""
    if not v.to_play:
        return None
    player = SearchPlayer(seed=seed, worlds=worlds, budget_ms=None)
    a = player.decide(v)
    if a is None:  # pragma: no cover - the search player always acts on its turn
        return None
    return Hint(a, reason_key(v, a))


def _voids(v: SeatView) -> dict[int, set[int]]:
    """Effective suits each seat has shown void in (did not follow)."""
    order = card_order(v.order) if v.order is not None else None
    out: dict[int, set[int]] = {s: set() for s in range(4)}
    if order is None:
        return out
    tricks = [(leader, cards) for leader, cards, _ in v.tricks]
    if v.trick:
        tricks.append((v.trick[0][0], tuple(k for _, k in v.trick)))
    for leader, cards in tricks:
        led = order.eff_suit[cards[0]]
        for i, k in enumerate(cards[1:], 1):
            if order.eff_suit[k] != led:
                out[(leader + i) & 3].add(led)
    return out


def reason_key(v: SeatView, a: Action) -> str | None:
    """The catalogue key of a one-line reason for action ``a`` in view ``v``, or None. Only
    public facts and the seat's own hand are used (module docstring)."""
    code = code_of(a)
    if v.phase != Phase.PLAY or v.order is None or v.seat is None:
        return None
    if CALL_RE <= code < CLAIM:
        return "hint.reason.call"
    if code >= 24:
        return None
    cards = [code_of(x) for x in v.legal_actions if code_of(x) < 24]
    if len(set(cards)) == 1:
        return "hint.reason.only"
    order = card_order(v.order)
    seat = v.seat
    k = code
    if not v.trick:
        if order.eff_suit[k] == TRUMP:
            return "hint.reason.trump_lead"
        suit = order.eff_suit[k]
        voids = _voids(v)
        if rank_of(k) == ACE and not any(suit in voids[s] for s in range(4) if s != seat):
            return "hint.reason.ace"
        return None
    played = [c for _, c in v.trick]
    dulle = DULLE_RULES.index(v.rules.dulle)
    last = max(v.hand_sizes) <= 1  # the last trick (the Dulle rule may differ there)
    w = trick_winner(order, played, dulle, last_trick=last)
    winner = v.trick[w][0]
    after = trick_winner(order, [*played, k], dulle, last_trick=last) == len(played)
    mine = v.parties[seat]
    partner = mine is not None and v.parties[winner] == mine and winner != seat
    opponent = mine is not None and v.parties[winner] is not None and v.parties[winner] != mine
    led = order.eff_suit[played[0]]
    if partner and not after and EYES[k] >= 10:
        return "hint.reason.schmieren"
    if after:
        if order.eff_suit[k] == TRUMP and led != TRUMP:
            return "hint.reason.ruff"
        return "hint.reason.win"
    if opponent and EYES[k] == min(EYES[c] for c in cards):
        return "hint.reason.cheap"
    return None
