"""``random``: uniform legal card plays; Vorbehalte, solos and calls with small probabilities.

>>> from doko.game import Game
>>> from doko.bots.base import play_game
>>> g = play_game(Game.deal(9), [RandomPlayer(seed=s) for s in range(4)])
>>> g.is_over
True
"""

from __future__ import annotations

from doko.actions import BLACK, CALL_RE, CLAIM, CONCEDE, Action, code_of
from doko.bots.base import Player, register
from doko.bots.randomplay import RandomPolicy
from doko.view import SeatView


@register("random")
class RandomPlayer(Player):
    """A random player. ``p_reservation`` and ``p_call`` default to small values so that random
    games still contain solos and calls; set both to 0 for a player that never reserves nor
    calls."""

    def __init__(
        self,
        seed: int | None = None,
        p_reservation: float = 0.05,
        p_call: float = 0.02,
        p_concede: float = 0.0,
    ) -> None:
        super().__init__(seed)
        self.policy = RandomPolicy(
            seed, p_reservation=p_reservation, p_call=p_call, p_concede=p_concede
        )

    def decide(self, view: SeatView) -> Action | None:
        actions = list(view.legal_actions)
        if not actions:
            return None
        if view.to_play:
            return self.policy.pick(actions, view.phase)
        # out of turn: only calls, a concession or a claim are possible; take a call rarely
        rng = self.policy.rng
        calls = [a for a in actions if CALL_RE <= code_of(a) <= BLACK or code_of(a) == CLAIM]
        if calls and rng.random() < self.policy.p_call:
            return calls[int(rng.random() * len(calls))]
        if any(code_of(a) == CONCEDE for a in actions) and rng.random() < self.policy.p_concede:
            return next(a for a in actions if code_of(a) == CONCEDE)
        return None
