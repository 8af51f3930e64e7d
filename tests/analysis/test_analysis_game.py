"""The analysis of finished games (doko.analysis.game_analysis).

Endgames are made from random deals played with random legal cards up to the last tricks; the
blunder is the card a plain minimax over the rules engine (no solver, no pruning: an oracle
independent of the code under test) rates worst for the seat on turn, and the rest of the game
is played optimally by the same minimax. The analysis must find the blunder with the exact loss
in Augen (best minus taken, TSR 2.2.2) and no loss anywhere after it.
"""

from __future__ import annotations

import random

import pytest

from doko.analysis.game_analysis import Analysis, analyze
from doko.bots.base import make_player, play_game
from doko.engine.actions import (
    BLACK,
    CALL_KONTRA,
    CALL_RE,
    HEALTHY,
    Action,
    code_of,
    encode,
    seat_of,
)
from doko.engine.game import PLAY, Game
from doko.engine.record import start_of, to_record
from doko.solver import principal_variation


def _after(g: Game, a: Action) -> Game:
    h = g.clone()
    h.apply(a)
    return h


def brute(g: Game, re: list[bool]) -> int:
    """Re's final Augen by plain minimax over every legal card (the oracle)."""
    if g.phase != PLAY:
        return sum(g.eyes[s] for s in range(4) if re[s])
    values = [brute(_after(g, a), re) for a in g.legal_plays()]
    return max(values) if re[g.to_move] else min(values)


def party_value(g: Game, seat: int, a: Action) -> int:
    """The seat's party's final Augen after ``a`` with best play (oracle)."""
    v = brute(_after(g, a), list(g.is_re))
    return v if g.is_re[seat] else 240 - v


def play_optimally(g: Game) -> None:
    """Finish ``g`` with the oracle's best card for every seat."""
    while g.phase == PLAY:
        s = g.to_move
        g.apply(max(g.legal_plays(), key=lambda a: party_value(g, s, a)))


def healthy_start(seed: int) -> Game:
    g = Game.deal(seed, dealer=seed % 4)
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    return g


def blunder_game(seed: int, left: int = 2) -> tuple[Game, int, int, int]:
    """A finished game in which the seat on turn, ``left`` tricks before the end and one card
    into the trick, played its worst card, and everything after it was played optimally.
    Returns (the game, the blunder's index in the history, its seat, the exact loss in Augen).
    Deals where all cards are worth the same are skipped."""
    while True:
        rng = random.Random(seed)
        g = healthy_start(seed)
        while g.tricks_total - len(g.tricks) > left:
            g.apply(rng.choice(g.legal_plays()))
        g.apply(rng.choice(g.legal_plays()))
        s = g.to_move
        values = {a: party_value(g, s, a) for a in g.legal_plays()}
        if max(values.values()) > min(values.values()):
            break
        seed += 1000
    worst = min(values, key=lambda a: values[a])
    index = len(g.history)
    g.apply(worst)
    play_optimally(g)
    assert g.is_over
    return g, index, s, max(values.values()) - values[worst]


def analysis_of(final: Game, **kw: object) -> Analysis:
    start, actions = start_of(to_record(final))
    return analyze(start, actions, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [3, 17, 29])
def test_constructed_endgame_blunder_found_with_exact_loss(seed: int) -> None:
    final, index, seat, loss = blunder_game(seed)
    a = analysis_of(final, seats=[seat], worlds=0, open_budget=0.5)
    d = {d.index: d for d in a.decisions}[index]
    assert d.kind == "card" and d.seat == seat
    assert d.trick == final.tricks_total - 1
    assert d.open.exact
    assert d.open.loss_augen == loss > 0
    assert d.action not in d.best and d.best
    assert d.open.value is not None and d.open.best_value == d.open.value + loss
    assert d.open.loss_points == (d.open.best_points or 0) - (d.open.points or 0)
    for later in a.decisions:
        if later.index > index:
            assert later.open.exact and later.open.loss_augen == 0, later


def test_the_knowable_loss_of_an_obvious_blunder_is_significant() -> None:
    """A blunder in the last but one trick that loses in every world: with 8 worlds the
    knowable loss is positive, and the seat's summary counts it."""
    for seed in range(51, 60):  # 51 is the first from 40 on where the loss costs points
        final, index, seat, loss = blunder_game(seed)
        assert loss > 0
        a = analysis_of(final, seats=[seat], worlds=8, open_budget=0.2, knowable_budget=0.5)
        d = {d.index: d for d in a.decisions}[index]
        assert d.knowable is not None and d.knowable.worlds == 8
        if d.knowable.exact and d.knowable.significant:
            assert d.knowable.loss_points is not None and d.knowable.loss_points > 0
            assert d.knowable.stderr is not None
            assert d.mistake and a.summaries[seat].mistakes >= 1
            assert d.knowable.loss_points > 2 * d.knowable.stderr
            return
    pytest.fail("no deal in 9 with a knowable blunder")  # pragma: no cover


def test_a_game_played_by_the_solver_has_no_open_loss() -> None:
    """Seven tricks of rules players, then every card from the solver's principal variation:
    every decision of the last five tricks is solved exactly with zero loss in Augen and
    points, for all four seats."""
    g = Game.deal(12)
    players = [make_player("rules", seed=s) for s in range(4)]
    from doko.bots.base import step

    while g.phase != PLAY or len(g.tricks) < 7:
        step(g, players)
    first = len(g.history)
    for _, cards, _, _ in principal_variation(g, backend="auto"):
        for k in cards[len(g.trick):] if g.trick else cards:
            g.apply(encode(g.to_move, k))
    assert g.is_over
    a = analysis_of(g, worlds=0, open_budget=0.5)
    solved = [d for d in a.decisions if d.index >= first]
    assert len(solved) == 20
    for d in solved:
        assert d.open.exact, d
        assert d.open.loss_augen == 0 and d.open.loss_points == 0, d
        assert d.action in d.best


def test_calls_are_analysed_and_bounded_decisions_say_so() -> None:
    """A game with calls: each call is a decision of kind "call" (TSR 6.4); with a tiny budget
    the early card decisions are bounds, never exact values (value None, bounds holding the
    taken card's interval)."""
    for seed in range(200):
        g = Game.deal(seed)
        play_game(g, [make_player("rules", seed=s) for s in range(4)])
        calls = [i for i, x in enumerate(g.history) if code_of(x) in (CALL_RE, CALL_KONTRA)]
        if calls and g.phase != PLAY:
            break
    a = analysis_of(g, worlds=0, open_budget=0.05)
    kinds = {d.index: d.kind for d in a.decisions}
    assert all(kinds.get(i) == "call" for i in calls)
    bounded = [d for d in a.decisions if not d.open.exact]
    assert bounded, "a whole game in 0.05 s per seat cannot be exact everywhere"
    for d in bounded:
        assert d.open.value is None and d.open.loss_points is None
        if d.kind == "reservation":  # whole games compared in points (docs/analysis.md)
            if d.open.bounds:  # (none for a Hochzeit announced: not valued)
                lo, hi = d.open.bounds["loss_points"]
                assert 0 <= lo <= hi
            continue
        lo, hi = d.open.bounds["loss_augen"]
        assert 0 <= lo <= hi <= 240
        js = d.to_json()
        assert js["open"]["exact"] is False and "bounds" in js["open"]


def test_calls_not_made_are_decisions_at_the_last_chance() -> None:
    """A seat whose party made no call gets one ``no_call`` decision: Re or Kontra (TSR 6.2.2,
    by the second card at the latest), at its last own turn at which the call was still legal;
    the action is that call, and the other choice is scored with it."""
    for seed in range(200):
        g = Game.deal(seed)
        play_game(g, [make_player("random", seed=seed * 4 + s) for s in range(4)])
        if g.contract_name == "normal" and not any(
                CALL_RE <= code_of(x) <= BLACK for x in g.history):
            break
    a = analysis_of(g, worlds=0, open_budget=0.05)
    missed = [d for d in a.decisions if d.kind == "no_call"]
    assert sorted(d.seat for d in missed) == [0, 1, 2, 3]
    start, actions = start_of(to_record(g))
    for d in missed:
        want = CALL_RE if g.is_re[d.seat] else CALL_KONTRA
        assert code_of(d.action) == want
        # the seat played a card at that index, and could call then, but not at its next turn
        assert code_of(actions[d.index]) < 24 and seat_of(actions[d.index]) == d.seat
        h = start.clone()
        for x in actions[:d.index]:
            h.apply(x)
        assert d.action in h.legal_actions(d.seat)
        later = [i for i in range(d.index + 1, len(actions))
                 if code_of(actions[i]) < 24 and seat_of(actions[i]) == d.seat]
        if later:
            h2 = start.clone()
            for x in actions[:later[0]]:
                h2.apply(x)
            assert d.action not in h2.legal_actions(d.seat)
        assert d.to_json()["kind"] == "no_call"


def test_unfinished_game_is_refused() -> None:
    g = healthy_start(5)
    rng = random.Random(1)
    for _ in range(10):
        g.apply(rng.choice(g.legal_plays()))
    start, actions = start_of(to_record(g))
    with pytest.raises(ValueError, match="not finished"):
        analyze(start, actions, worlds=0)
