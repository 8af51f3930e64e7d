"""Card-play inference of the native ``search`` player (``inference``): the sampled worlds are
weighted by the likelihood of the other seats' observed cards under the playouts' model of them
(``native/src/search.rs``: ``log_likelihood``, ``tempered_weights``).

- The likelihood itself on constructed cases: in the true deal of a table of ``rules`` players
  every observed card is the rules card, so no world scores higher, and a world in which two
  other seats hold exchanged cards scores lower where the exchange changes a rules card.
- The weights: pools of worlds resampled by weight, each world played out with its number of
  draws; the same view with other hidden cards gives the same weights (privacy). (The
  tempering to an effective-size floor and the resampling counts are tested in Rust.)
- The player with inference on: legal in every game kind, no hidden information (same view,
  other hidden cards, same action), deterministic for a seed; the pure-Python backend refuses
  the option instead of ignoring it.

Skipped where ``doko_native`` is not built.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

doko_native = pytest.importorskip("doko_native")

from test_search_native import KINDS, RULES, _game_of_kind, _table  # noqa: E402

from doko.bots.base import Player, make_player, play_game, step  # noqa: E402
from doko.bots.sampler import Sampler  # noqa: E402
from doko.bots.search_player import SearchPlayer  # noqa: E402
from doko.engine.actions import code_of, seat_of  # noqa: E402
from doko.engine.cards import hand_from_kinds  # noqa: E402
from doko.engine.game import PLAY, Game  # noqa: E402
from doko.engine.view import SeatView, view  # noqa: E402
from hidden_cards import swapped  # noqa: E402


def _rules_game(seed: int, tricks: int) -> Game:
    """A Normalspiel of four ``rules`` players after ``tricks`` tricks."""
    g = Game.deal(seed, dealer=seed % 4)
    players = [make_player("rules", seed=seed * 4 + s) for s in range(4)]
    while not g.is_over and (g.phase != PLAY or len(g.tricks) < tricks or g.trick):
        step(g, players)
    return g


def _observed(g: Game, seat: int) -> list[int]:
    return [i for i, a in enumerate(g.history) if code_of(a) < 24 and seat_of(a) != seat]


def _worlds(g: Game, seat: int) -> Any:
    return doko_native.SearchWorlds(g.dealer, list(g.owes_pflichtsolo), g.vorfuehrung, g.rules,
                                    list(g.history), seat)


def test_the_true_deal_of_rules_players_is_the_likeliest_world() -> None:
    """Against ``rules`` players the observed cards are the rules cards in the true deal: its
    log-likelihood is Σ ln(ν / |legal| + 1 − ν) over the observed cards; a deal where two other
    seats exchanged cards has less where the exchange changes a rules card (a miss counts
    ν / |legal| alone), and about as much where it does not (only the numbers of legal cards
    differ)."""
    nu = 0.1
    rng = random.Random(5)
    lower = 0
    for seed in range(12):
        g = _rules_game(300 + seed, 7)
        if g.is_over or g.contract != 0:
            continue
        seat = g.to_move
        at = _observed(g, seat)
        ws = _worlds(g, seat)
        obs = ws.observations(list(g.initial_hands), at)
        assert obs is not None and all(hit for hit, _ in obs)
        true_ll = ws.log_likelihood(list(g.initial_hands), at, nu)
        assert true_ll == pytest.approx(sum(math.log(nu * inv + 1 - nu) for _, inv in obs))
        for _ in range(10):
            h = swapped(g, seat, rng)
            if h is None:
                continue
            other = ws.log_likelihood(list(h.initial_hands), at, nu)
            assert other is not None
            o_obs = ws.observations(list(h.initial_hands), at)
            want = sum(math.log(nu * inv + (1 - nu) * hit) for hit, inv in o_obs)
            assert other == pytest.approx(want)
            if not all(hit for hit, _ in o_obs):
                assert other < true_ll
                lower += 1
            else:  # all rules cards there too: only the numbers of legal cards differ
                assert abs(other - true_ll) <= len(at) * -math.log(1 - nu)
    assert lower >= 3


def _run(ws: Any, v: SeatView, seed: int, infer_at: list[int] | None, ess: float = 0.1,
         pool: int = 40) -> tuple[list[list[float]], list[float], float]:
    cands = [(a, -1) for a in v.legal_actions if code_of(a) < 24]
    values, _, weights, tau = ws.run(cands, [], [0.0], None, 0.0, 0.0, 3, 60, 4, None, seed,
                                     infer_at=infer_at, infer_nu=0.1, infer_temper=1.0,
                                     infer_ess=ess, infer_pool=pool)
    return list(map(list, values)), list(weights), float(tau)


def _deal_of(v: SeatView) -> Any:
    s = Sampler(v)
    ws = doko_native.SearchWorlds(v.dealer, list(v.owes_pflichtsolo), v.vorfuehrung, v.rules,
                                  list(v.history), v.seat)
    ws.set_deal(hand_from_kinds(v.hand), s.pool, s.need, s.allowed, s.must_qc,
                [hand_from_kinds(p) for p in s.played], must=s.must_cards)
    return ws


def test_the_playouts_go_to_the_worlds_drawn_by_weight() -> None:
    """With inference the worlds come in pools, resampled by weight: each world played out
    carries its number of draws (a likely world is drawn, and counted, more than once); with
    an effective-size floor of the whole pool (τ = 0) every pool world is drawn once; without
    inference there are no weights."""
    g = _rules_game(41, 6)
    v = view(g, g.to_move)
    ws = _deal_of(v)
    at = _observed(g, g.to_move)
    values, weights, tau = _run(ws, v, 7, at, ess=0.2)
    n = len(values[0])
    assert n == 60 and len(weights) == n
    assert all(w >= 1 and w == int(w) for w in weights)
    assert sum(weights) > n
    assert 0.0 < tau <= 1.0
    _, flat, tau0 = _run(ws, v, 7, at, ess=1.0)
    assert tau0 == pytest.approx(0.0, abs=1e-6) and flat == [1.0] * 60
    assert _run(ws, v, 7, None)[1] == []


def test_the_weights_read_no_hidden_cards() -> None:
    """The same view with other hidden cards gives the same worlds and the same weights."""
    rng = random.Random(2)
    compared = 0
    for seed in range(6):
        g = _rules_game(500 + seed, 5)
        if g.is_over:
            continue
        seat = g.to_move
        h = swapped(g, seat, rng)
        if h is None:
            continue
        v1, v2 = view(g, seat), view(h, seat)
        assert v1 == v2
        at = _observed(g, seat)
        assert _run(_deal_of(v1), v1, seed, at) == _run(_deal_of(v2), v2, seed, at)
        p1 = SearchPlayer(seed=seed, budget_ms=None, worlds=40, inference=True)
        p2 = SearchPlayer(seed=seed, budget_ms=None, worlds=40, inference=True)
        assert p1.decide(v1) == p2.decide(v2)
        assert p1.last_weights is not None and p1.last_weights == p2.last_weights
        compared += 1
    assert compared >= 3


def _inferring(seed: int, worlds: int = 12) -> SearchPlayer:
    return SearchPlayer(seed=seed, budget_ms=None, worlds=worlds, backend="native",
                        inference=True)


@pytest.mark.parametrize("kind", KINDS)
def test_inference_is_legal_and_reads_no_hidden_cards(kind: str) -> None:
    """In games of every kind the search with inference plays legal actions, and the same view
    with other hidden cards gives the same action for the same seed and worlds."""
    rng = random.Random(40 + KINDS.index(kind))
    rules = RULES[KINDS.index(kind) % len(RULES)]
    g = _game_of_kind(kind, 700 + KINDS.index(kind), rules)
    players = _table(KINDS.index(kind) + 3)
    compared = 0
    while not g.is_over:
        s = g.to_move
        if s is not None and s >= 0 and (g.phase != PLAY or rng.random() < 0.3):
            v1 = view(g, s)
            a = _inferring(s).decide(v1)
            assert a is None or a in v1.legal_actions
            h = swapped(g, s, rng)
            if h is not None:
                v2 = view(h, s)
                assert _inferring(s).decide(v2) == a
                compared += 1
        step(g, players)
    assert compared >= 2


def test_inference_plays_whole_games_deterministically() -> None:
    histories = []
    for _ in range(2):
        g = Game.deal(62, dealer=2)
        players: list[Player] = [make_player("rules", seed=s) for s in range(4)]
        players[0] = _inferring(8, worlds=20)
        players[2] = _inferring(9, worlds=20)
        play_game(g, players)
        assert g.is_over
        histories.append(g.history)
    assert histories[0] == histories[1]


def test_the_option_is_checked_and_python_refuses_it() -> None:
    assert SearchPlayer(seed=1, worlds=2, budget_ms=None, backend="native",
                        inference="auto").inference
    assert not SearchPlayer(seed=1, worlds=2, budget_ms=None, backend="python",
                            inference=None).inference
    assert not SearchPlayer(seed=1, worlds=2, budget_ms=None, backend="native").inference
    assert SearchPlayer(seed=1, worlds=2, budget_ms=None, inference=True).inference
    with pytest.raises(ValueError, match="native core"):
        SearchPlayer(seed=1, worlds=2, budget_ms=None, backend="python", inference="on")
    with pytest.raises(ValueError, match="inference"):
        SearchPlayer(seed=1, worlds=2, budget_ms=None, inference="maybe")
    with pytest.raises(ValueError, match="infer_ess"):
        SearchPlayer(seed=1, worlds=2, budget_ms=None, infer_ess=1.5)
    g = _rules_game(41, 2)
    ws = _worlds(g, g.to_move)
    with pytest.raises(ValueError, match="not a card play"):
        ws.log_likelihood(list(g.initial_hands), [0], 0.1)
    with pytest.raises(ValueError, match="nu"):
        ws.log_likelihood(list(g.initial_hands), [], 1.5)
