"""``doko arena``: equal-time matches, playouts per decision, and the sequential stop.

The sequential stop is tested on constructed series of deal results (a stub in place of the
games): a clear difference stops at an early look, no difference runs to the end, and over many
series without a difference it stops falsely in at most about 5 % of them.
"""

from __future__ import annotations

import itertools
import json
import random
import statistics

import pytest

from doko.bots import arena as arena_mod
from doko.bots.arena import (
    DealResult,
    GameStats,
    SequentialStop,
    arena,
    equal_time,
    obf_spending,
    t_critical,
)
from doko.cli import main


def _result(index: int, diff: int) -> DealResult:
    """A deal whose candidate scores ``diff`` more than the baseline in every seat."""
    base = [GameStats(score=0, party="re", won=False, solo=False, called=False)
            for _ in range(4)]
    cand = [GameStats(score=diff, party="re", won=False, solo=False, called=False)
            for _ in range(4)]
    return DealResult(index, base, cand)


def _stub(monkeypatch: pytest.MonkeyPatch, diffs: list[int]) -> list[int]:
    """Replace the games by the series ``diffs``; returns the list of blocks played."""
    played: list[int] = []

    def play_block(task: tuple[int, int, int, object, object]) -> list[DealResult]:
        start, count = task[0], task[1]
        played.append(start)
        return [_result(i, diffs[i]) for i in range(start, start + count)]

    monkeypatch.setattr(arena_mod, "play_block", play_block)
    return played


# ---------------------------------------------------------------------------- statistics


def test_t_critical_values() -> None:
    """Two-sided critical values of Student's t (tables: 2.228, 4.032, 3.850, 1.960)."""
    assert t_critical(0.05, 10) == pytest.approx(2.228, abs=1e-3)
    assert t_critical(0.01, 5) == pytest.approx(4.032, abs=1e-3)
    assert t_critical(0.001, 20) == pytest.approx(3.850, abs=1e-3)
    assert t_critical(0.05, 100000) == pytest.approx(1.960, abs=1e-3)
    # tiny levels stay finite and grow
    assert 6 < t_critical(1e-9, 23) < t_critical(1e-12, 23) < 100
    with pytest.raises(ValueError):
        t_critical(0.0, 5)


def test_spending_function() -> None:
    """O'Brien-Fleming-type spending: increasing, alpha at the end, almost nothing early."""
    ts = [i / 20 for i in range(21)]
    spent = [obf_spending(t) for t in ts]
    assert spent[0] == 0.0 and spent[-1] == 0.05
    assert all(a < b for a, b in itertools.pairwise(spent[1:]))
    assert obf_spending(0.25) < 1e-4 and 0.02 < obf_spending(0.75) < 0.03


def test_clear_difference_stops_at_the_first_look() -> None:
    rng = random.Random(1)
    diffs = [3.0 + rng.gauss(0, 2) for _ in range(96)]
    stop = SequentialStop(planned=96, every=24)
    at = next(n for n in range(1, 97) if stop(diffs[:n]))
    assert at == 24 and stop.stopped_at == 24
    s = stop.summary()
    assert s["stopped_early"] and s["deals"] == 24 and s["interval"][0] > 0
    assert s["level"] == pytest.approx(obf_spending(0.25), abs=1e-6)


def test_target_is_tested_instead_of_zero() -> None:
    """Clearly above 0 but exactly at the target 3: it stops against 0, not against 3."""
    diffs = [3.0 + 2.0 * (-1) ** i for i in range(96)]
    against_zero = SequentialStop(planned=96, every=24)
    assert any(against_zero(diffs[:n]) for n in range(1, 97))
    assert against_zero.stopped_at == 24
    stop = SequentialStop(planned=96, every=24, target=3.0)
    assert not any(stop(diffs[:n]) for n in range(1, 97))
    assert [lk["deals"] for lk in stop.looks] == [24, 48, 72]


def test_no_difference_runs_to_the_end() -> None:
    diffs = [(-1) ** i * 2.0 for i in range(96)]  # mean exactly 0
    stop = SequentialStop(planned=96, every=24)
    assert not any(stop(diffs[:n]) for n in range(1, 97))
    assert stop.look(diffs) is False
    s = stop.summary()
    assert not s["stopped_early"] and s["deals"] == 96
    assert s["interval"][0] < 0 < s["interval"][1]
    # the levels of the four looks spend exactly alpha
    assert sum(lk["level"] for lk in s["looks"]) == pytest.approx(0.05, abs=1e-5)


def test_false_stops_are_rare_without_a_difference() -> None:
    """Over 200 series of 96 deals without a difference (4 looks) it stops at most about as
    often as the 5 % it may (it is a little conservative)."""
    rng = random.Random(5)
    false = 0
    for _ in range(200):
        diffs = [rng.gauss(0, 5) for _ in range(96)]
        stop = SequentialStop(planned=96, every=24)
        stopped = any(stop(diffs[:n]) for n in (24, 48, 72)) or stop.look(diffs)
        false += stopped
    assert false / 200 <= 0.075


# ---------------------------------------------------------------------------- the arena


def test_arena_stops_early_on_a_clear_difference(monkeypatch: pytest.MonkeyPatch) -> None:
    diffs = [3 + (-1) ** i for i in range(96)]
    played = _stub(monkeypatch, diffs)
    r = arena("random", "random", deals=96, seed=1, match=8, stop_when_clear=True,
              look_every=20)
    # looks after whole matches: 24 deals (the first match boundary at or after 20)
    assert r["deals"] == 24 and played == [0, 8, 16]
    seq = r["sequential"]
    assert seq["stopped_early"] and seq["deals"] == 24 and seq["every"] == 24
    assert seq["planned_deals"] == 96 and seq["interval"][0] > 0
    assert r["mean_diff"] == pytest.approx(statistics.fmean(diffs[:24]))
    json.dumps(r)


def test_arena_without_a_difference_plays_all_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    diffs = [(-1) ** i * 4 for i in range(48)]
    _stub(monkeypatch, diffs)
    r = arena("random", "random", deals=48, seed=1, match=12, stop_when_clear=True,
              look_every=12)
    assert r["deals"] == 48 and not r["sequential"]["stopped_early"]
    assert len(r["sequential"]["looks"]) == 4
    # without the option: no sequential part
    r = arena("random", "random", deals=48, seed=1, match=12)
    assert r["sequential"] is None and r["budget_ms"] is None


def test_equal_time_sets_the_budget_where_it_is_taken() -> None:
    assert equal_time("uct", {}, 80.0) == {"budget_ms": 80.0}
    assert equal_time("search", {"worlds": None}, 80.0) == {"worlds": None, "budget_ms": 80.0}
    assert equal_time("rules", {}, 80.0) == {}
    assert equal_time("uct", {"budget_ms": 80.0}, 80.0) == {"budget_ms": 80.0}
    with pytest.raises(ValueError, match="contradicts"):
        equal_time("uct", {"budget_ms": 20}, 80.0)


def test_report_gives_playouts_per_decision() -> None:
    """uct counts its rollouts: per decision (median) and per second in the report; a player
    without playouts has none."""
    r = arena("uct", "random", deals=1, seed=3,
              candidate_options={"worlds": 2, "rollouts": 20},
              baseline_options={"p_reservation": 0, "p_call": 0})
    cs, bs = r["candidate_stats"], r["baseline_stats"]
    # decisions with a choice make 2 x 20 rollouts, forced ones none
    assert cs["playouts_per_decision_median"] in (0.0, 20.0, 40.0)
    assert cs["playouts_per_second"] is None or cs["playouts_per_second"] > 0
    assert bs["playouts_per_decision_median"] is None and bs["playouts_per_second"] is None


@pytest.mark.parametrize("backend", ["python", "native"])
def test_search_playouts_are_counted_without_changing_its_games(backend: str) -> None:
    """The search player counts its playouts (``playout_count``, either backend); its
    decisions are the same with and without the arena's timing wrapper."""
    from doko.bots.arena import _Timed
    from doko.bots.base import make_player, play_game
    from doko.engine.backend import native_available
    from doko.engine.game import Game

    if backend == "native" and not native_available():
        pytest.skip("the native core is not built")
    histories = []
    counts = []
    for wrap in (False, True):
        p = make_player("search", seed=2, budget_ms=None, worlds=2, backend=backend)
        timed = _Timed(p) if wrap else p
        g = Game.deal(31)
        others = [make_player("random", seed=s) for s in (1, 2, 3)]
        play_game(g, [timed, *others])
        histories.append(g.history)
        if isinstance(timed, _Timed):
            counts = timed.turn_playouts
    assert histories[0] == histories[1]
    assert counts and max(counts) > 0 and all(c >= 0 for c in counts)


def test_cli_equal_time_and_sequential_options(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["arena", "--candidate", "uct", "--candidate-opt", "worlds=1",
               "--baseline", "random", "--deals", "2", "--budget-ms", "5", "--json",
               "--stop-when-clear", "--look-every", "1", "--target", "-100"])
    assert rc == 0
    r = json.loads(capsys.readouterr().out)
    assert r["budget_ms"] == 5.0
    assert r["candidate_options"] == {"worlds": 1, "budget_ms": 5.0}
    assert r["baseline_options"] == {}
    assert r["sequential"]["target"] == -100.0
    rc = main(["arena", "--candidate", "uct", "--candidate-opt", "budget_ms=20",
               "--baseline", "random", "--deals", "1", "--budget-ms", "5"])
    assert rc == 2 and "contradicts" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["arena", "--candidate", "uct", "--baseline", "random", "--budget-ms", "0"])
    capsys.readouterr()


def test_cli_text_report_lines(capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    _stub(monkeypatch, [3 + (-1) ** i for i in range(48)])
    assert main(["arena", "--candidate", "random", "--baseline", "random", "--deals", "48",
                 "--stop-when-clear", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Sequential stop: clear after 24 of 48 deals" in out
    assert main(["arena", "--candidate", "random", "--baseline", "random", "--deals", "48",
                 "--stop-when-clear"]) == 0
    assert "Sequentieller Abbruch: klar nach 24 von 48 Deals" in capsys.readouterr().out
