"""A test helper: the same game as one seat sees it, with other hidden cards (for the tests that
a player's decision never depends on cards its seat cannot see)."""

from __future__ import annotations

import random

from doko.engine.cards import QC, hand_kinds, hand_remove
from doko.engine.game import Game


def swapped(g: Game, seat: int, rng: random.Random) -> Game | None:
    """The same public history and the same hand of ``seat``, but two other seats exchange an
    unplayed card of the same effective suit (no ♣Q, so the parties stay as they are); None if
    no such exchange exists."""
    others = [s for s in range(4) if s != seat]
    rng.shuffle(others)
    a, b = others[0], others[1]
    eff = g.order.eff_suit
    ka = [k for k in hand_kinds(g.hands[a]) if k != QC]
    kb = [k for k in hand_kinds(g.hands[b]) if k != QC]
    pairs = [(x, y) for x in ka for y in kb if x != y and eff[x] == eff[y]]
    if not pairs:
        return None
    x, y = rng.choice(pairs)
    hands = list(g.initial_hands)
    ha, hb = hand_remove(hands[a], x), hand_remove(hands[b], y)
    hands[a] = ha | (1 << (y + 24) if ha >> y & 1 else 1 << y)
    hands[b] = hb | (1 << (x + 24) if hb >> x & 1 else 1 << x)
    h = Game(hands, g.dealer, owes_pflichtsolo=g.owes_pflichtsolo, vorfuehrung=g.vorfuehrung,
             rules=g.rules)
    for act in g.history:
        h.apply(act)
    return h
