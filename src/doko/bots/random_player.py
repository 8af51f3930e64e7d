"""The random players: :class:`RandomPolicy`, a cheap policy on the whole game (``doko simulate``,
``doko bench``, tests), and :class:`RandomPlayer`, the registered ``random`` computer player that
decides from its seat's view.

``RandomPolicy``: uniform legal card plays, rare reservations, solos and calls; deterministic for
a given seed.

>>> from doko.engine.game import Game
>>> g = Game.deal(seed=5)
>>> p = RandomPolicy(seed=1)
>>> while not g.is_over:
...     g.apply(p.choose(g))
>>> g.ended in ("played", "conceded", "claimed")
True
>>> g.history == _replay(5, 1)  # the same seeds play the same game
True

``RandomPlayer`` (``random``): uniform legal card plays; Vorbehalte, solos and calls with small
probabilities.

>>> from doko.bots.base import play_game
>>> g = play_game(Game.deal(9), [RandomPlayer(seed=s) for s in range(4)])
>>> g.is_over
True
"""

from __future__ import annotations

import random

from doko.bots.base import Player, register
from doko.engine.actions import (
    BLACK,
    CALL_RE,
    CLAIM,
    CODE_OF,
    CONCEDE,
    HEALTHY,
    MARRIAGE,
    PASS,
    RESERVATION,
    SEAT_OF,
    WITHDRAW,
    Action,
    code_of,
)
from doko.engine.game import NAMING, PLAY, QUERY, Game
from doko.engine.view import SeatView

__all__ = ["RandomPlayer", "RandomPolicy"]



def _replay(deal_seed: int, seed: int) -> list[Action]:
    g = Game.deal(seed=deal_seed)
    p = RandomPolicy(seed)
    while not g.is_over:
        g.apply(p.choose(g))
    return g.history


class RandomPolicy:
    """Random play with small probabilities for everything but card play.

    ``p_reservation``: chance to answer Vorbehalt in the Vorbehaltsabfrage; ``p_marriage``: chance
    to name a Hochzeit (when allowed) instead of a solo; ``p_pass``: chance to pass when asked for
    a solo among several Vorbehalte (when allowed); ``p_call``: chance, at each decision in play,
    to make a call (a seat that may call now is picked uniformly and calls its party's next
    level); ``p_claim``: chance for the soloist to claim the rest when that is allowed;
    ``p_concede``: chance per decision that the soloist gives up. A card play is picked
    uniformly among the legal ones.
    """

    __slots__ = ("_random", "p_call", "p_claim", "p_concede", "p_marriage", "p_pass",
                 "p_reservation", "rng")

    def __init__(
        self,
        seed: int | str | None = None,
        p_reservation: float = 0.05,
        p_call: float = 0.02,
        *,
        p_marriage: float = 0.5,
        p_pass: float = 0.5,
        p_claim: float = 0.5,
        p_concede: float = 0.002,
    ) -> None:
        self.rng = random.Random(seed)
        self._random = self.rng.random
        self.p_reservation = p_reservation
        self.p_call = p_call
        self.p_marriage = p_marriage
        self.p_pass = p_pass
        self.p_claim = p_claim
        self.p_concede = p_concede

    def choose(self, game: Game) -> Action:
        """An action legal in ``game`` now (the game must not be over)."""
        return self.pick(game.legal_actions(), game.phase)

    def pick(self, actions: list[Action], phase: int) -> Action:
        """Choose among ``actions`` (all legal now) in a game in ``phase``."""
        if not actions:
            raise ValueError("no legal action to choose from")
        r = self._random()
        code_at = CODE_OF  # action -> code (a table, as cheap as the bit operation)
        if phase == PLAY:
            n = 0
            for a in actions:  # card plays come first in legal_actions; stop at the rest
                if code_at[a] >= 24:
                    break
                n += 1
            if n < len(actions):
                rest = actions[n:]
                if r < self.p_call:  # the next level of some seat's party, uniformly
                    calls: list[Action] = []
                    seats = 0
                    for a in rest:
                        s = SEAT_OF[a]
                        if CALL_RE <= code_at[a] < CONCEDE and not seats >> s & 1:
                            seats |= 1 << s
                            calls.append(a)
                    if calls:
                        return calls[int(self._random() * len(calls))]
                for a in rest:
                    code = code_at[a]
                    if code == CLAIM and self._random() < self.p_claim:
                        return a
                    if code == CONCEDE and self._random() < self.p_concede:
                        return a
            if n == 0:
                return actions[int(r * len(actions))]
            return actions[int(self._random() * n)]
        if phase == QUERY:
            want = RESERVATION if r < self.p_reservation else HEALTHY
            for a in actions:
                if code_at[a] == want:
                    return a
            return actions[0]
        if phase == NAMING:
            codes = [code_at[a] for a in actions]
            if MARRIAGE in codes and r < self.p_marriage:
                return actions[codes.index(MARRIAGE)]
            if PASS in codes and r < self.p_pass:
                return actions[codes.index(PASS)]
            # a Vorbehalt is never withdrawn (TSR 4.1.2): random games name it
            solos = [a for a in actions if code_at[a] not in (MARRIAGE, PASS, WITHDRAW)]
            return solos[int(self._random() * len(solos))]
        return actions[int(r * len(actions))]


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
