"""The strength levels of the computer players (:mod:`doko.bots.levels`): what ``doko play
--level`` and the web table offer, their names from the text catalogue in German and English,
and their time budgets (``search`` at most 300 ms per decision, ``strong`` 1 s), capped by a
caller's bound (the web table's share of ``Limits.bot_budget_ms``) and never raised by it."""

from __future__ import annotations

import pytest

from doko.bots.levels import LEVELS, level_label, level_names, level_options, make_level
from doko.bots.search_player import SearchPlayer
from doko.cli.play import LEVELS as PLAY_LEVELS
from doko.engine.backend import resolve
from doko.engine.game import Game
from doko.engine.texts import TEXTS
from doko.engine.view import view


def test_levels_on_offer_and_their_names_in_both_languages() -> None:
    # only the catalogue's levels are offered (another registered player, e.g. uct, is not)
    assert level_names() == ["random", "rules", "search", "strong"]
    assert set(PLAY_LEVELS) == set(LEVELS)
    for name in LEVELS:
        de, en = TEXTS[f"level.{name}"]
        assert level_label(name, "de") == de and level_label(name, "en") == en
    assert (level_label("strong", "de"), level_label("strong", "en")) == ("Stark", "strong")
    # a name without a catalogue entry stays as it is
    assert level_label("no_such_player", "de") == "no_such_player"


def test_search_levels_budgets_and_the_cap() -> None:
    """search: 300 ms per decision (the issue's level: at most 300 ms), strong: 1 s; a bound
    lowers a budget, never raises it; below 0 it is 0 (the minimum worlds still count)."""
    assert level_options("search") == ("search", {"budget_ms": 300.0})
    assert level_options("strong") == ("search", {"inference": "auto", "budget_ms": 1000.0})
    assert level_options("strong", 450) == ("search", {"inference": "auto", "budget_ms": 450.0})
    assert level_options("search", 5000) == ("search", {"budget_ms": 300.0})
    assert level_options("search", -1) == ("search", {"budget_ms": 0.0})
    assert level_options("rules", 10) == ("rules", {})
    strong = make_level("strong", seed=1, max_budget_ms=200)
    assert isinstance(strong, SearchPlayer) and strong.budget_ms == 200.0
    # card-play inference where the playouts run natively; without the native core the level
    # is the plain search and still plays
    assert strong.inference == (resolve() == "native")
    plain = make_level("strong", seed=1, max_budget_ms=20, options={"backend": "python"})
    assert isinstance(plain, SearchPlayer) and plain.inference is False
    g = Game.deal(5)
    assert plain.decide(view(g, g.to_move)) in view(g, g.to_move).legal_actions
    # options override the level's (the web table's capped budget, a budget in worlds)
    fixed = make_level("search", seed=1, options={"budget_ms": None, "worlds": 2})
    assert isinstance(fixed, SearchPlayer) and fixed.budget_ms is None and fixed.worlds == 2
    g = Game.deal(4)
    assert fixed.decide(view(g, g.to_move)) in view(g, g.to_move).legal_actions


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level 'grandmaster'; known: random, rules"):
        make_level("grandmaster")
