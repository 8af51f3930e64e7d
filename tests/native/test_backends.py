"""The backend switch: the commands with ``--backend`` give the same results under both engines
(only the backend named in the output differs), ``NativeGame`` offers every public name of
``Game``, and asking for a backend that is not there is a clear error, never a fall-back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import doko.engine.backend as backend
from doko.cli import main
from doko.engine.game import Game
from doko.engine.native import native_game_class
from doko.engine.record import replay, to_record

pytest.importorskip("doko_native")

BOTH = ("python", "native")


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_native_game_has_every_public_name_of_game() -> None:
    cls = native_game_class()
    missing = [name for name in dir(Game) if not name.startswith("_") and not hasattr(cls, name)]
    assert missing == []


def test_simulate_plays_the_same_games_under_both_backends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the random policy drives either engine: the same seed plays the same games (TSR 3 to 7)
    monkeypatch.delenv("DOKO_BACKEND", raising=False)
    results = {}
    for name in BOTH:
        out_file = tmp_path / f"{name}.jsonl"
        status, out, _ = _run(capsys, "simulate", "--games", "60", "--seed", "5", "--json",
                              "--backend", name, "--out", str(out_file))
        assert status == 0
        obj = json.loads(out)
        assert obj.pop("backend") == name
        for key in ("seconds", "games_per_s"):
            obj.pop(key)
        results[name] = (obj, out_file.read_text(encoding="utf-8"))
    assert results["python"] == results["native"]
    assert results["native"][0]["games"] == 60


def test_replay_is_the_same_under_both_backends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    g = Game.deal(12, 2)
    while not g.is_over:
        g.apply(g.legal_actions()[-1])  # the last legal action: calls, concessions, claims
    legal = to_record(g)
    bad = to_record(Game.deal(12, 2))
    bad["actions"] = [{"seat": 0, "action": "play", "card": "QC"}]  # not on turn (TSR 5.1.1)
    for rec, want in ((legal, 0), (bad, 1)):
        path = tmp_path / "game.json"
        path.write_text(json.dumps(rec), encoding="utf-8")
        outs = {}
        for name in BOTH:
            for fmt in ((), ("--json",)):
                status, out, err = _run(capsys, "replay", str(path), "--backend", name, *fmt)
                assert status == want
                outs[name, fmt] = (out.replace(name, "BACKEND"), err)
        assert outs["python", ()] == outs["native", ()]
        assert outs["python", ("--json",)] == outs["native", ("--json",)]
        assert "BACKEND" in outs["native", ()][0]


def test_replayed_native_game_equals_the_python_one() -> None:
    g = Game.deal(31, 1)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    rec = to_record(g)
    native = replay(rec, "native")
    assert type(native).__name__ == "NativeGame"
    assert native.to_record() == rec
    assert native.result() == g.result()


def test_arena_results_do_not_depend_on_the_backend(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("DOKO_BACKEND", raising=False)
    reports = {}
    for name in BOTH:
        status, out, _ = _run(capsys, "arena", "--candidate", "rules", "--baseline", "random",
                              "--deals", "3", "--seed", "4", "--json", "--backend", name)
        assert status == 0
        obj = json.loads(out)
        assert obj["backend"] == name
        reports[name] = (obj["mean_diff"], obj["ci95"], obj["candidate_stats"]["games"])
    assert reports["python"] == reports["native"]


def test_the_search_player_decides_the_same_with_either_solver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the Python search player's playouts end in the exact solver (DOKO_BACKEND picks it): the
    # native one finds the same principal variation (the player's own playouts stay in Python)
    import doko.solver.search as search
    from doko.bots.base import make_player, play_game

    made: list[str] = []
    real = search.solver_for

    def counting(game: Game, **kw: object) -> search.AnySolver:
        sv = real(game, **kw)  # type: ignore[arg-type]
        made.append(type(sv).__name__)
        return sv

    monkeypatch.setattr(search, "solver_for", counting)
    histories = {}
    for name in BOTH:
        monkeypatch.setenv("DOKO_BACKEND", name)
        players = [make_player("search", seed=s, worlds=3, budget_ms=None, solver_tricks=4,
                               backend="python") for s in range(4)]
        histories[name] = play_game(Game.deal(8), players).history
        assert made and set(made) == {"NativeSolver" if name == "native" else "Solver"}
        made.clear()
    assert histories["python"] == histories["native"]


def test_bench_names_the_native_backend(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "bench", "--json", "--backend", "native", "--games", "3",
                          "--seconds", "0.05", "--solver-tricks", "3")
    assert status == 0
    obj = json.loads(out)
    assert obj["backend"] == "native" and obj["counts"]["games"] == 3
    assert all(obj[k] > 0 for k in ("games_per_s", "card_plays_per_s",
                                    "actions_per_s_python_loop", "solver_nodes_per_s"))


def test_a_missing_native_core_is_an_error_not_a_fall_back(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(backend, "_tried", True)
    monkeypatch.setattr(backend, "_native", None)
    monkeypatch.setattr(backend, "_native_error", "No module named 'doko_native'")
    with pytest.raises(backend.BackendError, match="make native"):
        backend.resolve("native")
    monkeypatch.setenv("DOKO_BACKEND", "native")
    with pytest.raises(backend.BackendError, match="not built"):
        backend.resolve()
    monkeypatch.setenv("DOKO_BACKEND", "auto")
    assert backend.resolve() == "python"
    for cmd in (["bench", "--backend", "native", "--games", "1"],
                ["simulate", "--backend", "native", "--games", "1"]):
        status, out, err = _run(capsys, *cmd)
        assert status == 2
        assert "make native" in out + err and "Traceback" not in out + err


def test_the_environment_picks_the_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOKO_BACKEND", "python")
    assert backend.resolve() == "python" and backend.game_class() is Game
    monkeypatch.setenv("DOKO_BACKEND", "native")
    assert backend.game_class() is native_game_class()
    monkeypatch.setenv("DOKO_BACKEND", "cobol")
    with pytest.raises(backend.BackendError, match="unknown backend 'cobol'"):
        backend.resolve()
