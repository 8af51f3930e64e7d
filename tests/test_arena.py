"""``doko arena``: report structure and the duplicate pairing (not strength)."""

from __future__ import annotations

import json

import pytest

from doko.bots.arena import _game, arena, deal_seed, play_deal, player_seed
from doko.cli import main
from doko.cli.arena import parse_options

KEYS = {"candidate", "baseline", "deals", "mean_diff", "ci95", "decision_ms_median",
        "decision_ms_p95"}
SIDE_KEYS = {"games", "points_per_game", "win_rate_re", "win_rate_kontra", "solo_rate",
             "solo_success", "call_rate", "call_success", "decision_ms_median",
             "decision_ms_p95"}


def _games_only(r: dict[str, object]) -> dict[str, object]:
    """The report without timings (which depend on the machine and the workers)."""
    out = {}
    for k, v in r.items():
        if k in ("seconds", "decision_ms_median", "decision_ms_p95"):
            continue
        if isinstance(v, dict):
            v = {kk: vv for kk, vv in v.items() if "ms" not in kk and "per_second" not in kk}
        out[k] = v
    return out


def test_report_structure() -> None:
    r = arena("rules", "random", deals=3, seed=4)
    assert set(r) >= KEYS
    assert r["candidate"] == "rules" and r["baseline"] == "random" and r["deals"] == 3
    lo, hi = r["ci95"]
    assert lo <= r["mean_diff"] <= hi
    assert set(r["candidate_stats"]) >= SIDE_KEYS and set(r["baseline_stats"]) >= SIDE_KEYS
    assert r["candidate_stats"]["games"] == 12 and r["baseline_stats"]["games"] == 12
    assert r["decision_ms_median"] is not None and r["decision_ms_median"] >= 0
    assert r["decision_ms_p95"] >= r["decision_ms_median"]
    assert len(r["diffs"]) == 3
    assert abs(sum(r["diffs"]) / 3 - r["mean_diff"]) < 1e-3
    json.dumps(r)


def test_same_player_gives_zero() -> None:
    """Candidate == baseline: every candidate game is the baseline's game, the diff is 0."""
    r = arena("rules", "rules", deals=3, seed=1)
    assert r["mean_diff"] == 0.0 and r["ci95"] == [0.0, 0.0]
    assert all(d == 0 for d in r["diffs"])
    res = play_deal((0, 9, ("random", {"p_call": 0.3}), ("random", {"p_call": 0.3})))
    for c, b in zip(res.cand, res.base, strict=True):
        assert (c.score, c.party, c.won, c.solo, c.called) == (b.score, b.party, b.won, b.solo,
                                                             b.called)


def test_duplicate_deals_are_identical() -> None:
    """All five games of a deal have the same cards and dealer; the dealer turns over deals;
    each seat's baseline player has the same seed in every game of the deal."""
    base = ("random", {})
    cand = ("rules", {})
    for index in range(4):
        games = [_game(index, 3, [base] * 4)[0]]
        for seat in range(4):
            specs = [base] * 4
            specs[seat] = cand
            games.append(_game(index, 3, specs)[0])
        assert len({g.initial_hands for g in games}) == 1
        assert {g.dealer for g in games} == {index % 4}
    assert len({deal_seed(3, i) for i in range(50)}) == 50
    assert player_seed(3, 1, 2) == player_seed(3, 1, 2) != player_seed(3, 1, 3)


def test_workers_do_not_change_the_games() -> None:
    one = arena("rules", "random", deals=4, seed=2, workers=1)
    two = arena("rules", "random", deals=4, seed=2, workers=2)
    assert _games_only(one) == _games_only(two)


def test_cli_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--candidate", "rules", "--baseline", "random", "--deals", "2",
                 "--seed", "3", "--baseline-opt", "p_reservation=0", "--baseline-opt",
                 "p_call=0", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert set(r) >= KEYS and r["deals"] == 2
    assert r["baseline_options"] == {"p_reservation": 0, "p_call": 0}
    assert r["baseline_stats"]["call_rate"] == 0.0
    assert main(["arena", "--candidate", "rules", "--baseline", "random", "--deals", "1",
                 "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "candidate minus baseline" in out and "95%" in out
    assert main(["arena", "--candidate", "rules", "--baseline", "random", "--deals", "1"]) == 0
    assert "Kandidat minus Basis" in capsys.readouterr().out


def test_cli_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--candidate", "nobody", "--baseline", "random", "--deals", "1"]) == 2
    assert "nobody" in capsys.readouterr().err
    assert main(["arena", "--candidate", "rules", "--baseline", "random", "--deals", "1",
                 "--baseline-opt", "p_call"]) == 2
    assert "p_call" in capsys.readouterr().err
    assert main(["arena", "--candidate", "rules", "--baseline", "random", "--deals", "1",
                 "--baseline-opt", "colour=1"]) == 2
    assert "colour" in capsys.readouterr().err


def test_parse_options() -> None:
    assert parse_options(["a=1", "b=0.5", "c=true", "d=x", "e=none"]) == {
        "a": 1, "b": 0.5, "c": True, "d": "x", "e": None}
    with pytest.raises(ValueError):
        parse_options(["=3"])


# -- matches: the same players over consecutive deals ------------------------------------------


def test_match_keeps_the_players(monkeypatch: pytest.MonkeyPatch) -> None:
    """``match``: each of the five line-ups keeps its four players over the match's deals."""
    import doko.bots.arena as arena_mod

    made: list[object] = []
    real = arena_mod.make_player

    def spy(name: str, seed: int | None = None, **opts: object) -> object:
        p = real(name, seed, **opts)
        made.append(p)
        return p

    monkeypatch.setattr(arena_mod, "make_player", spy)
    r = arena("rules", "random", deals=5, seed=3, match=3)
    # blocks of 3 and 2 deals, each 5 line-ups of 4 players (+2 made up front to check options)
    assert len(made) == 2 + 2 * 5 * 4
    assert r["match"] == 3 and r["deals"] == 5 and len(r["diffs"]) == 5
    made.clear()
    arena("rules", "random", deals=5, seed=3)
    assert len(made) == 2 + 5 * 5 * 4


def test_match_of_one_is_the_plain_protocol() -> None:
    assert _games_only(arena("rules", "random", deals=3, seed=6, match=1)) == _games_only(
        arena("rules", "random", deals=3, seed=6))
    same = arena("search", "search", deals=2, seed=1, match=2,
                 candidate_options={"budget_ms": None, "worlds": 2},
                 baseline_options={"budget_ms": None, "worlds": 2})
    assert same["mean_diff"] == 0.0  # learning players too: identical line-ups, identical games


def test_match_games_do_not_depend_on_workers() -> None:
    opts = {"budget_ms": None, "worlds": 2}
    one = arena("search", "random", deals=4, seed=2, workers=1, match=2,
                candidate_options=opts)
    two = arena("search", "random", deals=4, seed=2, workers=2, match=2,
                candidate_options=opts)
    assert _games_only(one) == _games_only(two)


def test_cli_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--candidate", "rules", "--baseline", "random", "--deals", "3",
                 "--match", "2", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["match"] == 2 and r["deals"] == 3
    assert main(["arena", "--candidate", "rules", "--baseline", "random", "--deals", "2",
                 "--match", "2", "--lang", "en"]) == 0
    assert "The same players play 2 deals in a row." in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["arena", "--candidate", "rules", "--baseline", "random", "--match", "0"])
