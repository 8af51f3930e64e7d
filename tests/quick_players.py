"""Computer players at tiny budgets for tests that play whole games under a rule (shared by the
house-rule tests)."""

from __future__ import annotations

import pytest

from doko.bots.base import Player, make_player
from doko.engine.backend import native_available


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
