"""Differential tests of the native double-dummy solver (``doko_native.Solver``, Rust, in
``native/src/solver.rs``) against the Python solver (:mod:`doko.solver.search`, the reference).

The value of a position is unique (minimax with all cards known), so both must give the same
Augen on every position: random endgames of 3 to 7 tricks from every game kind (Normalspiel,
Hochzeit, the suit, Damen, Buben and Fleischlos solos), under the Dulle rules (TSR 5.3.3: the
first of two ♥10 wins; house rules: the second, the second except in the last trick, the
Dulle moving to the trump suit's ten) and without nines, started at a trick boundary or
mid-trick. The best moves and every card's value (``solve``, ``solve_moves``) must be equal
too, the principal variations legal and worth the value, the limits must bound the exact
value, and bad input must raise ``ValueError`` (never a panic). Skipped where ``doko_native``
is not built (``make test`` builds it).
"""

from __future__ import annotations

import json
import random
import signal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

doko_native = pytest.importorskip("doko_native")

from doko.cli import main  # noqa: E402
from doko.engine.actions import HEALTHY, MARRIAGE, RESERVATION, SOLO_BASE, encode  # noqa: E402
from doko.engine.cards import EYES, QC, hand_count  # noqa: E402
from doko.engine.contracts import ORDERS, SOLO_NAMES  # noqa: E402
from doko.engine.game import PLAY, Game  # noqa: E402
from doko.engine.record import to_record  # noqa: E402
from doko.engine.rules import TSR, Rules  # noqa: E402
from doko.solver import (  # noqa: E402
    NativeSolver,
    SearchLimitExceeded,
    Solver,
    principal_variation,
    solve,
    solve_moves,
    solver_for,
)

KINDS = ("normal", "normal", "normal", "marriage", "diamonds", "hearts", "spades", "clubs",
         "queens", "jacks", "meatless")
RULES = (
    TSR,
    Rules(dulle="second"),
    Rules(dulle="second_except_last"),
    Rules(dulle="second", dulle_moves=True),
    Rules(dulle="second_except_last", dulle_moves=True),
    Rules(nines=False),
    # house rule: Farbsoli without the Dullen (card orders 10 to 13)
    Rules(solo_dullen=False),
    Rules(dulle="second", solo_dullen=False),
)


def start(seed: int, kind: str, rules: Rules) -> Game:
    """A dealt game in the play phase: all healthy, a Lustsolo of the first seat, or a
    Hochzeit (the deal searched for a seat with both ♣Q)."""
    while True:
        g = Game.deal(seed, dealer=seed % 4, rules=rules)
        holders = [s for s in range(4) if hand_count(g.hands[s], QC) == 2]
        if kind != "marriage" or holders:
            break
        seed += 1
    first = g.to_move
    for _ in range(4):
        s = g.to_move
        special = s == holders[0] if kind == "marriage" else kind != "normal" and s == first
        g.apply(encode(s, RESERVATION if special else HEALTHY))
    if kind == "marriage":
        g.apply(encode(holders[0], MARRIAGE))
    elif kind != "normal":
        g.apply(encode(first, SOLO_BASE + SOLO_NAMES.index(kind)))
    assert g.phase == PLAY
    return g


def endgame(seed: int, left: int) -> Game:
    """Random legal cards until ``left`` tricks are left, then 0 to 3 more (mid-trick)."""
    rng = random.Random(seed)
    g = start(seed, KINDS[seed % len(KINDS)], RULES[seed // len(KINDS) % len(RULES)])
    while g.tricks_total - len(g.tricks) > left:
        g.apply(rng.choice(g.legal_plays()))
    for _ in range(rng.randrange(4)):
        g.apply(rng.choice(g.legal_plays()))
    return g


def values(g: Game, table_size: int | None = None) -> tuple[int, int]:
    """Re's Augen from now on by the Python and by the native solver (fresh ones)."""
    py = Solver.for_game(g).future_value(g.hands, g.trick_leader, g.trick)
    nsv = (NativeSolver.for_game(g) if table_size is None
           else NativeSolver.for_game(g, table_size=table_size))
    return py, nsv.future_value(g.hands, g.trick_leader, g.trick)


#: tricks left -> how many random endgames (mostly short ones: the Python side is the slow one)
SIZES = {3: 450, 4: 300, 5: 180, 6: 55, 7: 15}


@pytest.mark.parametrize("left", sorted(SIZES))
def test_values_equal_the_python_solver(left: int) -> None:
    """1,000 random endgames of 3 to 7 tricks: every game kind, Dulle rule and start."""
    kinds_seen, mid_trick = set(), 0
    for i in range(SIZES[left]):
        g = endgame(1000 * left + i, left)
        py, native = values(g)
        assert py == native, (left, i, g.contract_name, g.dulle_rule, g.trick)
        kinds_seen.add((g.contract_name, g.dulle_rule))
        mid_trick += bool(g.trick)
    assert mid_trick > SIZES[left] // 2
    if SIZES[left] >= 100:
        assert len(kinds_seen) >= 20


def test_best_moves_and_card_values_equal() -> None:
    """``solve`` (value, best moves, trick counts) and ``solve_moves`` agree on 300
    positions."""
    for i in range(300):
        g = endgame(50_000 + i, 3 + i % 3)
        a, b = solve(g), solve(g, backend="native")
        assert (a.re_eyes, a.kontra_eyes, a.best_moves, a.to_move) == (
            b.re_eyes, b.kontra_eyes, b.best_moves, b.to_move)
        # the trick counts follow the first optimal line, the same under both backends
        assert (a.re_tricks, a.kontra_tricks) == (b.re_tricks, b.kontra_tricks)
        assert solve_moves(g) == solve_moves(g, backend="native")


def test_principal_variations_are_legal_and_worth_the_value() -> None:
    for i in range(150):
        g = endgame(60_000 + i, 3 + i % 4)
        value = solve(g, backend="native", best_moves=False).re_eyes
        line = principal_variation(g, backend="native")
        assert line == principal_variation(g)
        h = g.clone()
        for leader, cards, winner, eyes in line:
            assert leader == h.trick_leader
            for k in cards[len(h.trick):]:
                plays = {a & 63: a for a in h.legal_plays()}
                assert k in plays  # a legal card (TSR 5.2.2)
                h.apply(plays[k])
            assert eyes == sum(EYES[k] for k in cards)
            if h.phase == PLAY:
                assert h.trick_leader == winner  # the winner leads the next trick
        assert h.phase != PLAY
        assert sum(h.eyes[s] for s in range(4) if g.is_re[s]) == value


def test_limits_bound_the_exact_value() -> None:
    """A node or time limit that runs out raises SearchLimitExceeded with bounds that contain
    the exact value (the solver's own, and the game-level ones with the Augen won so far)."""
    raised = 0
    for i in range(40):
        g = endgame(70_000 + i, 4 + i % 3)
        exact = Solver.for_game(g).future_value(g.hands, g.trick_leader, g.trick)
        for nodes in (1, 7, 60, 500):
            sv = NativeSolver.for_game(g, max_nodes=nodes)
            try:
                assert sv.future_value(g.hands, g.trick_leader, g.trick) == exact
            except SearchLimitExceeded as e:
                raised += 1
                assert 0 <= e.lower <= exact <= e.upper <= 240
        done = sum(g.eyes[s] for s in range(4) if g.is_re[s])
        with pytest.raises(SearchLimitExceeded) as info:
            solve(g, backend="native", time_limit=1e-9)
        assert done <= info.value.lower <= done + exact <= info.value.upper <= 240
        with pytest.raises(SearchLimitExceeded):
            solve_moves(g, backend="native", max_nodes=1)
    assert raised >= 60
    # generous limits change nothing
    g = endgame(70_001, 6)
    assert solve(g, backend="native", max_nodes=10**8, time_limit=600.0).re_eyes == \
        solve(g).re_eyes


class _Alarm(Exception):
    pass


def test_a_signal_handler_stops_a_long_search() -> None:
    """A whole game takes long; the search polls Python's signal handlers, so an exception a
    handler raises (here from SIGALRM; Ctrl-C alike) ends it and reaches the caller."""

    def ring(signum: int, frame: object) -> None:
        raise _Alarm

    g = start(5, "normal", TSR)
    old = signal.signal(signal.SIGALRM, ring)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        with pytest.raises(_Alarm):
            NativeSolver.for_game(g).future_value(g.hands, g.trick_leader, g.trick)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    # 0 means no limit, as in the Python solver
    small = endgame(5, 3)
    assert NativeSolver.for_game(small, max_nodes=0, time_limit=0.0).future_value(
        small.hands, small.trick_leader, small.trick) == values(small)[0]


def test_table_kept_between_calls_and_tiny_tables() -> None:
    """One native solver along a game (its table kept) gives the values of fresh Python ones;
    a table of 16 entries (constant replacement) is as exact as a large one."""
    for seed in range(4):
        g = endgame(80_000 + seed, 6)
        sv = solver_for(g, backend="native")
        tiny = NativeSolver.for_game(g, table_size=16)
        rng = random.Random(seed)
        while g.phase == PLAY:
            want = solve(g).re_eyes
            assert solve(g, solver=sv).re_eyes == want
            assert solve(g, solver=tiny, best_moves=False).re_eyes == want
            g.apply(rng.choice(g.legal_plays()))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), left=st.integers(1, 5))
def test_values_equal_hypothesis(seed: int, left: int) -> None:
    g = endgame(seed, left)
    py, native = values(g)
    assert py == native


def test_bad_input_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="card order"):
        doko_native.Solver(len(ORDERS), [True, False, True, False])
    with pytest.raises(ValueError, match="Dulle rule"):
        doko_native.Solver(0, [True, False, True, False], 3)
    with pytest.raises(ValueError, match="four seats"):
        doko_native.Solver(0, [True, False])
    with pytest.raises(ValueError, match="table_size"):
        doko_native.Solver(0, [True, False, True, False], table_size=1 << 40)
    sv = doko_native.Solver(0, [True, False, True, False])
    one = 1 << 5
    with pytest.raises(ValueError, match="four hands"):
        sv.future_value([one, one, one], 0)
    with pytest.raises(ValueError, match="do not fit"):
        sv.future_value([one, 0, 1 << 4, 1 << 3], 0)
    with pytest.raises(ValueError, match="more than two"):
        sv.future_value([one, one, one, 1 << 4], 0)
    with pytest.raises(ValueError, match="seat 0 to 3"):
        sv.future_value([0, 0, 0, 0], 4)
    with pytest.raises(ValueError, match="kind is 0 to 23"):
        sv.future_value([0, one, 1 << 4, 1 << 3], 0, [24])
    with pytest.raises(ValueError, match="second copy"):
        sv.future_value([1 << 30, 1 << 1, 1 << 2, 1 << 3], 0)
    with pytest.raises(OverflowError):
        sv.future_value([-1, 0, 0, 0], 0)
    assert sv.future_value([0, 0, 0, 0], 0) == 0
    assert sv.at_least([1 << 5, 1 << 4, 1 << 3, 1 << 2], 0, [], 11) == (
        Solver(ORDERS[0], [True, False, True, False]).future_value(
            [1 << 5, 1 << 4, 1 << 3, 1 << 2], 0) >= 11)


# --------------------------------------------------------------------------- doko solve


def test_cli_names_the_backend(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(3)
    g = start(3, "normal", TSR)
    while g.phase == PLAY:
        g.apply(rng.choice(g.legal_plays()))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(to_record(g)), encoding="utf-8")
    reports = {}
    for backend in ("python", "native"):
        assert main(["solve", str(path), "--trick", "9", "--json", "--backend", backend]) == 0
        reports[backend] = json.loads(capsys.readouterr()[0])
        assert reports[backend]["backend"] == backend
    for key in ("re_eyes", "best_cards", "card_values", "line", "re_tricks"):
        assert reports["python"][key] == reports["native"][key]
    assert main(["solve", str(path), "--trick", "9", "--backend", "native"]) == 0
    assert "Rechenkern: nativ (Rust)" in capsys.readouterr()[0]
    assert main(["solve", str(path), "--trick", "9", "--backend", "python", "--lang", "en"]) == 0
    assert "Backend: Python" in capsys.readouterr()[0]


def test_cli_bench_compare(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["solve", "--bench", "--deals", "3", "--tricks", "3", "--compare", "--json"]
    assert main(args) == 0
    r = json.loads(capsys.readouterr()[0])
    assert r["backend"] == ["python", "native"]
    assert r["python"]["backend"] == "python" and r["native"]["backend"] == "native"
    assert r["python"]["deals"] == r["native"]["deals"] == 3
    assert r["native"]["nodes_per_s"] > 0 and r["speedup_mean"] > 0
    assert main(["solve", "--bench", "--deals", "2", "--tricks", "12", "--backend", "native",
                 "--time-limit", "0.05", "--lang", "en"]) == 0
    out = capsys.readouterr()[0]
    assert "Backend: native (Rust)" in out and "last 12 tricks" in out
    assert "value per card" not in out  # whole games: the value only
