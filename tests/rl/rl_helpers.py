"""Shared helpers of the reinforcement-learning tests: random games and alternative deals."""

from __future__ import annotations

import random

from doko.bots.random_player import RandomPolicy
from doko.engine.cards import hand_kinds
from doko.engine.errors import IllegalActionError
from doko.engine.game import Game
from doko.engine.view import view


def random_game(seed: int, stop: int | None = None, p_reservation: float = 0.3,
                p_call: float = 0.2) -> Game:
    """A game played by ``RandomPolicy`` (often solos, Hochzeiten and calls), stopped after
    ``stop`` actions (None: to the end)."""
    g = Game.deal(seed, dealer=seed % 4)
    p = RandomPolicy(seed, p_reservation=p_reservation, p_call=p_call)
    while not g.is_over and (stop is None or len(g.history) < stop):
        g.apply(p.choose(g))
    return g


def other_deal(g: Game, seat: int, rng: random.Random, tries: int = 200) -> Game | None:
    """The same history with the cards ``seat`` has not seen dealt differently among the other
    seats (each keeps its number of cards and the cards it played), or None if no other deal
    within ``tries`` allows the same actions and gives ``seat`` the same view."""
    played: list[list[int]] = [[], [], [], []]
    for leader, cards, _ in g.tricks:
        for i, k in enumerate(cards):
            played[(leader + i) & 3].append(k)
    for s, k in g.current_trick():
        played[s].append(k)
    others = [s for s in range(4) if s != seat]
    hidden = [k for s in others for k in hand_kinds(g.hands[s])]
    sizes = [len(hand_kinds(g.hands[s])) for s in others]
    for _ in range(tries):
        rng.shuffle(hidden)
        hands = list(g.initial_hands)
        pos = 0
        for s, n in zip(others, sizes, strict=True):
            kinds = played[s] + hidden[pos:pos + n]
            pos += n
            h = 0
            for k in kinds:
                h = h | 1 << (k + 24) if h >> k & 1 else h | 1 << k
            hands[s] = h
        if hands == list(g.initial_hands):
            continue
        alt = Game(hands, g.dealer, owes_pflichtsolo=g.owes_pflichtsolo,
                   vorfuehrung=g.vorfuehrung, rules=g.rules)
        try:
            for a in g.history:
                alt.apply(a)
        except IllegalActionError:
            continue
        # the same actions may still tell the seat something else (e.g. a call's party shows
        # who holds a ♣Q, TSR 5.5.1): only a deal with the very same view is "other hidden cards"
        if view(alt, seat) != view(g, seat):
            continue
        return alt
    return None
