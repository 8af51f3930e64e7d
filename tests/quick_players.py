"""Computer players at tiny budgets for tests that play whole games under a rule (shared by the
house-rule tests)."""

from __future__ import annotations

import random

import pytest

from doko.bots.base import Player, make_player
from doko.engine.actions import HEALTHY, code_of, encode
from doko.engine.backend import native_available
from doko.engine.game import Game
from doko.engine.rules import Rules


def quick_players(name: str, seed: int) -> list[Player]:
    """Four players of kind ``name`` (``rules``, ``random``, ``search``, ``uct``, or
    ``search_native``: the search player on the native core, skipping the test where it is not
    built), seeded ``seed * 4 + seat``, with budgets small enough for whole games in tests."""
    opts: dict[str, object] = {}
    if name.startswith("search"):
        if name == "search_native" and not native_available():
            pytest.skip("the native core is not built")
        opts = {"budget_ms": None, "worlds": 2,
                "backend": "native" if name == "search_native" else "python"}
    elif name == "uct":
        opts = {"worlds": 2, "rollouts": 20}
    return [make_player(name.removesuffix("_native"), seed=seed * 4 + s, **opts)
            for s in range(4)]


def play_out_randomly(g: Game, rng: random.Random, p_card: float) -> Game:
    """Play ``g`` to its end with random actions: a random card with probability ``p_card``
    where one may be played, else any legal action (reservations, calls, claims)."""
    while not g.is_over:
        acts = g.legal_actions()
        plays = [a for a in acts if code_of(a) < 24]
        g.apply(rng.choice(plays if plays and rng.random() < p_card else acts))
    return g


def random_normalspiel(seed: int, rules: Rules) -> Game:
    """A random Normalspiel of deal ``seed`` (every seat healthy), played out with random
    cards."""
    rng = random.Random(seed)
    g = Game.deal(seed, rules=rules)
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    while not g.is_over:
        g.apply(rng.choice(g.legal_plays()))
    return g
