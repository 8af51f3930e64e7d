"""Tests of ``doko simulate``, ``doko bench`` and the random policy (no speed is asserted)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from doko.bots.random_player import RandomPolicy
from doko.cli import main
from doko.cli.bench import bench_card_plays, mid_game_states
from doko.engine.game import PLAY, Game
from doko.engine.record import replay


def test_simulate_writes_records_that_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.jsonl"
    assert main(["simulate", "--games", "40", "--seed", "7", "--out", str(out)]) == 0
    text, err = capsys.readouterr()
    assert err == ""  # no progress bar when stderr is not a terminal
    assert "40 Spiele (Seed 7)" in text
    assert "Spielarten:" in text and "Normalspiel" in text
    assert "Augen von Re im Schnitt" in text
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 40
    for line in lines:
        g = replay(json.loads(line))
        assert g.is_over


def test_simulate_is_deterministic_and_independent_of_workers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outs = []
    for n, workers in enumerate((1, 1, 2)):
        out = tmp_path / f"g{n}.jsonl"
        args = ["simulate", "--games", "24", "--seed", "3", "--out", str(out)]
        assert main([*args, "--workers", str(workers)]) == 0
        outs.append(out.read_text(encoding="utf-8"))
    capsys.readouterr()
    assert outs[0] == outs[1] == outs[2]
    other = tmp_path / "other.jsonl"
    assert main(["simulate", "--games", "24", "--seed", "4", "--out", str(other)]) == 0
    assert other.read_text(encoding="utf-8") != outs[0]


def test_simulate_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "60", "--seed", "1", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["games"] == 60
    assert sum(obj["kinds"].values()) == 60
    assert set(obj["calls"]) == {"re", "kontra", "no90", "no60", "no30", "black"}
    assert 0 <= obj["avg_re_eyes"] <= 240
    assert sum(obj["winners"].values()) == 60
    assert 0 <= obj["conceded"] + obj["claimed"] <= 60


def test_simulate_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "10", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "10 games (seed 0)" in out and "Game kinds:" in out


def test_simulate_unwritable_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "--games", "2", "--out", str(tmp_path / "no" / "dir.jsonl")])
    _, err = capsys.readouterr()
    assert status == 2
    assert err.startswith("doko simulate:") and len(err.strip().splitlines()) == 1


FIGURES = {"games_per_s", "card_plays_per_s", "actions_per_s_python_loop", "solver_nodes_per_s"}


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--json", "--games", "3", "--seconds", "0.05", "--backend",
                 "python", "--solver-tricks", "3"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert set(obj) == FIGURES | {"backend", "counts"}
    assert obj["backend"] == "python"
    assert all(isinstance(obj[k], float) and obj[k] > 0 for k in FIGURES)
    assert obj["counts"]["games"] == 3 and obj["counts"]["solver_positions"] == 3


def test_bench_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "2", "--seconds", "0.05", "--lang", "en", "--backend",
                 "python", "--solver-tricks", "2"]) == 0
    out = capsys.readouterr().out
    assert "random full games" in out and "card plays" in out and "Python loop" in out
    assert "solver nodes (last 2 tricks" in out and "python: 2 games" in out


def test_mid_game_states_and_playouts() -> None:
    states = mid_game_states(5, seed=2)
    assert len(states) == 5
    for g in states:
        assert g.phase == PLAY and len(g.tricks) == 6 and not g.trick
    before = [g.history[:] for g in states]
    plays, runs, _ = bench_card_plays(states, seconds=10.0, playouts=5)
    assert runs == 5 and plays == 5 * 24
    assert [g.history for g in states] == before  # the states were cloned, not played


def test_random_policy_is_deterministic_and_legal() -> None:
    def play(seed: int) -> list[int]:
        g = Game.deal(11)
        policy = RandomPolicy(seed, p_reservation=0.5, p_call=0.3)
        while not g.is_over:
            a = policy.choose(g)
            assert a in g.legal_actions()
            g.apply(a)
        return g.history

    assert play(1) == play(1)
    assert any(play(1) != play(s) for s in range(2, 6))


def test_random_policy_makes_calls_and_reservations() -> None:
    kinds, calls = set(), 0
    for i in range(150):
        g = Game.deal(i)
        policy = RandomPolicy(i, p_reservation=0.3, p_call=0.2)
        while not g.is_over:
            g.apply(policy.choose(g))
        kinds.add(g.contract_name)
        calls += len(g.calls)
    assert calls > 0
    assert "normal" in kinds and any(k.startswith("solo_") for k in kinds)


def test_simulate_with_computer_players_writes_replayable_records(tmp_path: Path) -> None:
    """``doko simulate --players`` lets the named players play every seat."""
    import contextlib
    import io

    from doko.cli import main
    from doko.engine.record import replay

    out = tmp_path / "g.jsonl"
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["simulate", "--games", "3", "--players", "rules,random,rules,random",
                     "--out", str(out), "--json"]) == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 3
    for line in lines:
        assert replay(json.loads(line)).is_over
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit):
        main(["simulate", "--players", "nobody"])
    assert "einer oder vier von" in err.getvalue()  # German by default, argparse errors too
