"""The strength levels of the computer players, as ``doko play --level`` and the web table
offer them.

A level is a registered player with options: ``random``, ``rules``, ``search`` (the
determinized search with 300 ms per decision) and ``strong`` (the same search with 1 s per
decision and, where the native core is installed, card-play inference: ``inference="auto"``;
at 600 ms it beat the same search without it by +0.43 (0.05 to 0.81) points per game,
docs/players.md). Their names for people come from the text catalogue (``level.<name>``, German and
English). Only these are offered (another registered player, e.g. ``uct``, is for the arena:
its work is not bounded by a time budget of the table's). Where a caller bounds the thinking
time (the web table's per-table budget, ``doko.server.limits.Limits.bot_budget_ms``), a level's
time budget is capped at that bound, never raised: a table cannot ask for more than its limit.

>>> level_names()
['random', 'rules', 'search', 'strong']
>>> level_options("strong")
('search', {'inference': 'auto', 'budget_ms': 1000.0})
>>> level_options("strong", max_budget_ms=600)
('search', {'inference': 'auto', 'budget_ms': 600.0})
>>> level_label("strong", "de"), level_label("strong", "en")
('Stark', 'strong')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from doko.bots.base import Player, make_player, player_names
from doko.engine.texts import TEXTS, text

__all__ = ["LEVELS", "Level", "level_label", "level_names", "level_options", "make_level"]


@dataclass(frozen=True)
class Level:
    """One strength level: the registered ``player`` and its ``options``; ``budget_ms`` is its
    time per decision (None: the player takes no time budget)."""

    name: str
    player: str
    budget_ms: float | None = None
    options: Mapping[str, object] = field(default_factory=dict)


#: The levels in the order they are offered, weakest first.
LEVELS: dict[str, Level] = {
    lv.name: lv for lv in (
        Level("random", "random"),
        Level("rules", "rules"),
        Level("search", "search", budget_ms=300.0),
        Level("strong", "search", budget_ms=1000.0, options={"inference": "auto"}),
    )
}


def level_names() -> list[str]:
    """The levels on offer: those of :data:`LEVELS` whose player is registered."""
    players = player_names()
    return [name for name, lv in LEVELS.items() if lv.player in players]


def level_options(name: str, max_budget_ms: float | None = None) -> tuple[str, dict[str, object]]:
    """The player and options of level ``name``; the time budget capped at ``max_budget_ms``
    (never below 0, where the search still evaluates its minimum number of worlds). A name
    that is no level of :data:`LEVELS` is a registered player with its defaults (for callers
    that make any player, such as the tests' stand-ins; nothing is capped then)."""
    lv = LEVELS.get(name)
    if lv is None:
        return name, {}
    options = dict(lv.options)
    if lv.budget_ms is not None:
        budget = lv.budget_ms if max_budget_ms is None else min(lv.budget_ms, max_budget_ms)
        options["budget_ms"] = max(0.0, float(budget))
    return lv.player, options


def make_level(name: str, seed: int | None = None, *, max_budget_ms: float | None = None,
               options: Mapping[str, object] | None = None) -> Player:
    """A player of level ``name`` (see :func:`level_options`); ``options`` override the
    level's. Raises ValueError for a name that is neither a level nor a registered player."""
    if name not in LEVELS and name not in player_names():
        raise ValueError(f"unknown level {name!r}; known: {', '.join(level_names())}")
    player, opts = level_options(name, max_budget_ms)
    return make_player(player, seed=seed, **{**opts, **(options or {})})


def level_label(name: str, lang: str = "de") -> str:
    """The level's name for people (the catalogue's ``level.<name>``; a player without an
    entry keeps its own name)."""
    key = f"level.{name}"
    return text(key, lang) if key in TEXTS else name
