"""Bockrunden (house rule, ``rules.bock``; off under ``tsr``): triggers, length, stacking, the
Bock column of the Spielliste. Penalties (TSR 9.3, 9.4) are never multiplied."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from doko.bots.random_player import RandomPolicy
from doko.engine.result import game_result, summary_of
from doko.engine.rules import BOCK_TRIGGERS, TSR, BockRules, Rules, preset
from doko.session import Round, format_sheet, sheet_csv, sheet_json

NAMES4 = ["Anna", "Bert", "Carl", "Dora"]
NAMES5 = ["Anna", "Bert", "Carl", "Dora", "Emil"]


def bock_rules(*triggers: str, length: int | None = None, stacking: str = "add") -> Rules:
    return replace(TSR, bock=BockRules(triggers=triggers or BOCK_TRIGGERS, length=length,
                                       stacking=stacking))


def game(r: Round, summary: dict[str, Any], re: list[int] | None = None) -> Any:
    """Enter a game: a Normalspiel of players 0 and 1, or a solo of player 0 (as a Lustsolo in a
    round without Pflichtsoli)."""
    alone = summary["contract"] in ("solo", "silent_marriage")
    if re is None:
        re = [0] if alone else [0, 1]
    return r.add_summary(summary, re)


PLAIN = {"contract": "normal", "re_eyes": 151}  # +2 for Re, no trigger
TIE = {"contract": "normal", "re_eyes": 120}  # 120:120 Augen: Kontra wins


def test_no_bock_under_tsr() -> None:
    """Under ``tsr`` nothing triggers a Bock: every game counts once."""
    assert TSR.bock is None
    r = Round(NAMES4, games=None)
    for s in (TIE, {"contract": "solo", "re_eyes": 100},
              {"contract": "normal", "re_eyes": 100, "re_calls": "re", "kontra_calls": "kontra"},
              PLAIN, PLAIN):
        row = game(r, s)
        assert row.bock == 0 and row.multiplier == 1 and row.bock_triggers == ()
        assert row.scores == row.base_scores
    assert r.bock_level() == 0 and r.bock_games() == 0
    assert "Bock:" not in format_sheet(r)


@pytest.mark.parametrize(
    ("trigger", "fires", "quiet"),
    [
        ("tie_120", [TIE], [PLAIN, {"contract": "normal", "re_eyes": 121}]),
        ("solo_lost",
         [{"contract": "solo", "re_eyes": 100}, {"contract": "silent_marriage", "re_eyes": 110}],
         [{"contract": "solo", "re_eyes": 130}, {"contract": "normal", "re_eyes": 100}]),
        ("called_game_lost",
         [{"contract": "normal", "re_eyes": 100, "re_calls": "re"},
          {"contract": "normal", "re_eyes": 130, "kontra_calls": "kontra"},
          {"contract": "normal", "re_eyes": 170, "re_calls": "no60", "kontra_calls": "no60"}],
         [{"contract": "normal", "re_eyes": 130, "re_calls": "re"},
          {"contract": "normal", "re_eyes": 100}]),
        ("re_and_kontra",
         [{"contract": "normal", "re_eyes": 130, "re_calls": "re", "kontra_calls": "kontra"}],
         [{"contract": "normal", "re_eyes": 130, "re_calls": "re"},
          {"contract": "normal", "re_eyes": 100, "kontra_calls": "kontra"}]),
    ],
)
def test_each_trigger(trigger: str, fires: list[dict[str, Any]],
                      quiet: list[dict[str, Any]]) -> None:
    """Each trigger alone: a game that fires it makes the next games Bock; others do not."""
    for s in fires:
        r = Round(NAMES4, games=None, rules=bock_rules(trigger))
        row = game(r, s)
        assert row.bock_triggers == (trigger,) and row.bock == 0
        assert r.bock_level() == 1 and r.bock_games() == 4
        nxt = game(r, PLAIN)
        assert nxt.bock == 1 and nxt.scores == (4, 4, -4, -4)
    for s in quiet:
        r = Round(NAMES4, games=None, rules=bock_rules(trigger))
        row = game(r, s)
        assert row.bock_triggers == ()
        assert r.bock_level() == 0


def test_bock_lasts_one_dealer_round_by_default() -> None:
    """``length`` None: one pass of the dealer round, 4 games at a 4-table, 5 at a 5-table."""
    for names in (NAMES4, NAMES5):
        r = Round(names, games=None, rules=bock_rules("tie_120"))
        game(r, TIE, re=[1, 2])
        levels = []
        for _ in range(len(names) + 2):
            ctx = r.context()
            re = [p for p in range(len(names)) if p != ctx.sitting_out][:2]
            levels.append(game(r, PLAIN, re=re).bock)
        assert levels == [1] * len(names) + [0, 0]


def test_bock_length_option() -> None:
    """``length`` N: a Bock lasts N games."""
    r = Round(NAMES4, games=None, rules=bock_rules("tie_120", length=2))
    game(r, TIE)
    assert [game(r, PLAIN).bock for _ in range(4)] == [1, 1, 0, 0]


def test_stacking_add_queues_bocks() -> None:
    """``add``: a Bock triggered during a Bock is played after it; the value stays x2."""
    r = Round(NAMES4, games=None, rules=bock_rules("tie_120", stacking="add"))
    game(r, TIE)  # Bock 1: games 2..5
    row = game(r, TIE)  # game 2: in Bock, triggers Bock 2: games 6..9
    assert row.bock == 1 and row.bock_triggers == ("tie_120",)
    assert r.bock_games() == 7
    levels = [game(r, PLAIN).bock for _ in range(9)]
    assert levels == [1] * 7 + [0, 0]


def test_stacking_double_multiplies() -> None:
    """``double``: overlapping Bocks multiply (Doppelbock: x4)."""
    r = Round(NAMES4, games=None, rules=bock_rules("tie_120", stacking="double"))
    game(r, TIE)  # Bock 1: games 2..5
    row = game(r, TIE)  # Bock 2: games 3..6
    assert row.bock == 1
    assert r.bock_level() == 2 and r.bock_games() == 4
    rows = [game(r, PLAIN) for _ in range(5)]
    assert [x.bock for x in rows] == [2, 2, 2, 1, 0]
    assert [x.scores[0] for x in rows] == [8, 8, 8, 4, 2]
    assert "×4" in format_sheet(r)


def test_several_triggers_in_one_game_add_several_bocks() -> None:
    """Each trigger a game fires adds one Bock (a lost solo with Re and Kontra called: 3)."""
    r = Round(NAMES4, games=None, rules=bock_rules())
    row = game(r, {"contract": "solo", "re_eyes": 100, "re_calls": "re",
                   "kontra_calls": "kontra"})
    assert set(row.bock_triggers) == {"solo_lost", "called_game_lost", "re_and_kontra"}
    assert r.bock_games() == 12 and r.bock_level() == 1


def test_penalties_are_not_multiplied() -> None:
    """TSR 9.3/9.4 penalty points stay as they are during a Bock and use up no Bock game."""
    r = Round(NAMES4, rules=bock_rules("tie_120"))
    game(r, TIE, re=[2, 3])
    assert r.bock_games() == 4
    row = r.add_penalty(1, "minor")
    assert row.scores == (1, -3, 1, 1) and row.bock == 0
    row = r.add_penalty(1, "serious", soloist=3, absagen=1)  # 9.4.4: solo counts as played
    assert row.scores == (0, -15, 0, 15) and row.bock == 0 and row.type == "game"
    assert r.bock_games() == 4
    assert game(r, PLAIN).bock == 1


def test_bock_on_the_sheet_and_in_the_file(tmp_path: Path) -> None:
    """The Bock column of the table and CSV, the multiplier in JSON, the status line; the round
    file carries the rules and resumes with the same Bock state."""
    path = tmp_path / "r.json"
    r = Round.create(path, NAMES4, rules=bock_rules("tie_120"))
    game(r, TIE, re=[2, 3])
    game(r, PLAIN)
    text = format_sheet(r)
    assert "Bock" in text and "×2" in text
    assert "Bock: das nächste Spiel zählt ×2 (noch 3 Bockspiele)" in text
    csv_rows = sheet_csv(r).splitlines()
    assert csv_rows[2].split(",")[4] == "2"
    j = sheet_json(r)
    assert [g["multiplier"] for g in j["games"]] == [1, 2]
    assert j["games"][1]["base_scores"] == [2, 2, -2, -2] and j["games"][1]["scores"] == [
        4, 4, -4, -4]
    assert j["bock"] == {"level": 1, "multiplier": 2, "pending_games": 3}
    resumed = Round.load(path)
    assert resumed.rules == r.rules and resumed.bock_games() == 3
    assert sheet_json(resumed) == j


def test_hausregeln_round_through_the_engine() -> None:
    """The ``hausregeln`` preset (Bock on, all triggers, one dealer round, add): a whole round
    by random players; every game's points are its score x 2**level, and the levels follow the
    triggers read from each game's summary."""
    rules = preset("hausregeln")
    assert rules.bock is not None
    r = Round(NAMES4, rules=rules)
    policy = RandomPolicy(seed=11, p_reservation=0.08, p_call=0.1)
    pending = 0
    fired_any = False
    i = 0
    while not r.is_over:
        g = r.new_game(i)
        i += 1
        while not g.is_over:
            g.apply(policy.choose(g))
        row = r.add_game(g)
        base = game_result(g).seat_scores(g.re_seats())
        assert list(row.base_scores) == base
        assert row.bock == (1 if pending else 0)
        assert list(row.scores) == [s * row.multiplier for s in base]
        summary, result = summary_of(g), game_result(g)
        fired = 0
        fired += summary.re_eyes == 120
        fired += summary.solo and result.winner != "re"
        fired += ((summary.re_calls >= 1 and result.winner != "re")
                  or (summary.kontra_calls >= 1 and result.winner != "kontra"))
        fired += summary.re_calls >= 1 and summary.kontra_calls >= 1
        assert len(row.bock_triggers) == fired
        fired_any = fired_any or fired > 0
        pending = max(0, pending - 1) + 4 * fired
        assert r.bock_games() == pending
    assert fired_any and r.check() == []


@pytest.mark.parametrize("stacking", ["add", "double"])
def test_a_failed_write_leaves_the_bocks_as_they_were(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stacking: str) -> None:
    """A game entered during a Bock counts the Bocks down in place; when the round file's
    write fails (os.replace), the round rolls back to the state before the game, the Bocks
    (and the rows, totals and entries) included, and the next game continues from it."""
    path = tmp_path / "r.json"
    r = Round.create(path, NAMES4, games=None, rules=bock_rules("tie_120", stacking=stacking))
    game(r, TIE)
    game(r, TIE)  # two Bocks now, counted down by every game
    level, left, totals = r.bock_level(), r.bock_games(), r.totals
    rows, text = len(r.rows), r.dumps()

    def crash(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        game(r, TIE)  # would count a Bock down and queue another
    monkeypatch.undo()
    assert (r.bock_level(), r.bock_games(), r.totals) == (level, left, totals)
    assert len(r.rows) == rows and r.dumps() == text
    row = game(r, PLAIN)
    assert row.bock == level and r.bock_games() == left - 1
