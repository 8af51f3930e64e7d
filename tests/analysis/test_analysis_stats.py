"""Statistics per player (doko.analysis.stats, doko stats), checked against rounds counted by
hand, and the JSON of doko analyze."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from doko.analysis.stats import collect, facts_from_game, facts_from_round
from doko.bots.base import make_player, play_game
from doko.cli import main
from doko.engine.actions import BLACK, CALL_RE, code_of, seat_of
from doko.engine.game import Game
from doko.engine.record import dumps
from doko.session import Round


def hand_round() -> Round:
    """Three games with real cards (scores by TSR 7.2, worked out by hand):

    1. Normalspiel, Re = Anna and Carl with 151 Augen and a Fuchs caught: won 1, keine 90
       1 (Kontra 89, TSR 7.2.2 (c)), Fuchs 1 (7.2.3) -> Re +3 each, Kontra -3.
    2. Solo of Dora with 130 Augen: won 1, times 3 for the soloist (7.2.4) -> Dora +3,
       the others -1.
    3. Normalspiel, Re = Bert and Carl with 100 Augen: Kontra wins with 140: won 1, gegen die
       Alten 1 (7.2.2 (a)) -> Anna and Dora +2, Bert and Carl -2.
    """
    r = Round(["Anna", "Bert", "Carl", "Dora"], games=None)
    r.add_summary({"contract": "normal", "re_eyes": 151, "extras": {"re": {"fox": 1}}},
                  re_players=[0, 2])
    r.add_summary({"contract": "solo", "re_eyes": 130}, re_players=[3])
    r.add_summary({"contract": "normal", "re_eyes": 100}, re_players=[1, 2])
    return r


def test_statistics_of_a_round_counted_by_hand() -> None:
    r = hand_round()
    assert [row.scores for row in r.games] == [(3, -3, 3, -3), (-1, -1, -1, 3), (2, -2, -2, 2)]
    stats = {p.name: p for p in collect(facts_from_round(r.to_json()))}
    anna, bert, carl, dora = (stats[n] for n in ("Anna", "Bert", "Carl", "Dora"))
    assert (anna.games, anna.points, anna.curve) == (3, 4, [3, 2, 4])
    assert (anna.re_games, anna.re_won, anna.kontra_games, anna.kontra_won) == (1, 1, 2, 1)
    assert (anna.solos, anna.extras) == (0, 1)
    assert (bert.points, bert.re_games, bert.re_won, bert.kontra_won) == (-6, 1, 0, 0)
    assert (carl.points, carl.re_games, carl.re_won, carl.kontra_games) == (0, 2, 1, 1)
    assert carl.extras == 1
    assert (dora.points, dora.solos, dora.solos_won, dora.re_won, dora.kontra_won) == (
        2, 1, 1, 1, 1)
    assert dora.points_per_game == pytest.approx(2 / 3)
    # summaries name no caller: no calls, no analysis
    assert all(p.calls == 0 and p.avg_loss is None for p in stats.values())


def _played(seed: int) -> Game:
    g = Game.deal(seed)
    play_game(g, [make_player("rules", seed=s) for s in range(4)])
    return g


def test_calls_come_from_the_record() -> None:
    for seed in range(100):
        g = _played(seed)
        calls = [seat_of(a) for a in g.history if CALL_RE <= code_of(a) <= BLACK]
        if calls:
            break
    f = facts_from_game(g, ["A", "B", "C", "D"])
    stats = {p.name: p for p in collect([f])}
    result = g.result()
    for s, name in enumerate("ABCD"):
        assert stats[name].calls == calls.count(s)
        won = result.winner == ("re" if g.is_re[s] else "kontra")
        assert stats[name].calls_won == (calls.count(s) if won else 0)
    assert sum(p.points for p in stats.values()) == 0


def test_stats_cli_over_a_round_file_and_a_record(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    rf = tmp_path / "round.json"
    hand_round().save(rf)
    gf = tmp_path / "game.json"
    gf.write_text(dumps(_played(3)), encoding="utf-8")
    assert main(["stats", str(rf), str(gf), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 4
    names = [p["name"] for p in out["players"]]
    assert names[:4] == ["Anna", "Bert", "Carl", "Dora"] and len(names) == 8
    assert main(["stats", str(rf), "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "Statistics over 3 games" in text and "Anna" in text
    bad = tmp_path / "x.json"
    bad.write_text('{"format": "other"}', encoding="utf-8")
    assert main(["stats", str(bad)]) == 2
    assert "weder eine Runde" in capsys.readouterr().err


def test_analyze_cli_json_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gf = tmp_path / "game.json"
    g = _played(3)
    gf.write_text(dumps(g), encoding="utf-8")
    assert main(["analyze", str(gf), "--seat", "2", "--json", "--worlds", "2",
                 "--open-budget", "0.3", "--knowable-budget", "0.5"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["format"] == "doko-analysis/1" and out["worlds"] == 2
    assert out["decisions"] and all(d["seat"] == 1 for d in out["decisions"])
    for d in out["decisions"]:
        assert set(d) >= {"index", "seat", "trick", "action", "best", "open", "knowable"}
        assert set(d["open"]) >= {"value", "best_value", "loss_augen", "loss_points"}
        assert set(d["knowable"]) >= {"loss_points", "stderr"}
        assert isinstance(d["best"], list)
        assert g.history[d["index"]] is not None
        assert d["action"]["seat"] == 1
    assert [s["seat"] for s in out["summary"]] == [1]
    # text: German by default, the seat shown 1-4
    assert main(["analyze", str(gf), "--seat", "2", "--worlds", "0",
                 "--open-budget", "0.3"]) == 0
    text = capsys.readouterr().out
    assert "Analyse: Platz 2" in text and "Entscheidungen" in text


def test_analyze_cli_refuses_an_unfinished_game(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    g = Game.deal(1)
    gf = tmp_path / "game.json"
    gf.write_text(dumps(g), encoding="utf-8")
    assert main(["analyze", str(gf)]) == 2
    assert "nicht zu Ende" in capsys.readouterr().err
