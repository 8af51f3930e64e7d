"""Rounds and the Spielliste (src/doko/session/): TSR 3.3.1, 4.2, 4.3, 7.3.3, 8.5, 8.6, 9.3,
9.4 and 10.1, and the round file."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from doko.bots.random_player import RandomPolicy
from doko.engine.game import NAMING, Game
from doko.engine.rules import TSR, preset
from doko.engine.scoring import Score
from doko.session import (
    Round,
    RoundError,
    RoundFileError,
    format_sheet,
    sheet_csv,
    sheet_json,
)

NAMES4 = ["Anna", "Bert", "Carl", "Dora"]
NAMES5 = ["Anna", "Bert", "Carl", "Dora", "Emil"]


class FakeClock:
    """A clock the test moves by hand (seconds)."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def normal(r: Round, re: tuple[int, int] = (0, 1), eyes: int = 151) -> Any:
    """Enter a Normalspiel won by ``re`` (151 Augen: +2 each)."""
    return r.add_summary({"contract": "normal", "re_eyes": eyes}, re_players=list(re))


def solo(r: Round, soloist: int, eyes: int = 130, **kw: Any) -> Any:
    """Enter a solo of ``soloist``."""
    return r.add_summary({"contract": "solo", "re_eyes": eyes}, re_players=[soloist], **kw)


def frozen(r: Round) -> tuple[Any, ...]:
    """Everything observable about a round, for "nothing changed" checks."""
    return (json.dumps(r.to_json(), sort_keys=True), r.totals, r.next_dealer,
            r.owes_pflichtsolo, r.games_left, r.vorfuehrung_due)


def active(r: Round) -> list[int]:
    ctx = r.context()
    return [p for p in range(r.size) if p != ctx.sitting_out]


# ------------------------------------------------------------------------- random whole rounds


def play_random_round(r: Round, seed: int) -> list[Game]:
    """Play the round to its end with random legal players through the engine."""
    policy = RandomPolicy(seed=seed, p_reservation=0.06, p_call=0.05)
    games = []
    i = 0
    while not r.is_over:
        ctx = r.context()
        g = r.new_game(seed * 1000 + i)
        i += 1
        # the engine gets the round's context
        assert g.owes_pflichtsolo == ctx.owes_pflichtsolo
        assert g.vorfuehrung == ctx.vorfuehrung
        assert [r.owes_pflichtsolo[p] for p in ctx.players] == list(ctx.owes_pflichtsolo)
        while not g.is_over:
            g.apply(policy.choose(g))
        r.add_game(g)
        games.append(g)
        assert i < 200
    return games


def check_round_oracle(r: Round, length: int) -> dict[str, int]:
    """Check the round's rows against an independent reading of TSR 3.3.1, 4.2.3, 4.2.5,
    10.1: dealers, Pflichtsolo column, Vorführungen, zero sums, the sitting dealer at 0."""
    n = r.size
    owes = [True] * n
    dealer = 0
    rows = r.games
    assert len(rows) == length
    assert [row.number for row in rows] == list(range(1, length + 1))
    vorf = pflicht = 0
    totals = [0] * n
    for k, row in enumerate(rows):
        left = length - k
        outstanding = sum(owes)
        due = None
        if outstanding == left:
            due = next(p for p in [(dealer + i) % n for i in range(1, n + 1)] if owes[p])
        sitter = dealer if n == 5 else None
        if n == 5 and due == dealer:  # the vorgeführte 5-table dealer plays (docs/rounds.md)
            sitter = (dealer + 1) % n
        expected_dealer = dealer if sitter is None else sitter
        assert row.dealer == expected_dealer, (k, row)
        assert sum(row.scores) == 0
        if sitter is not None:
            assert row.scores[sitter] == 0  # TSR 10.1.2
            assert row.sitting_out == sitter
            assert row.soloist != sitter
        else:
            assert len({s % 2 for s in row.scores}) == 1  # TSR 7.3.3 item 2
        if due is not None:
            assert row.vorfuehrung and row.pflichtsolo and row.soloist == due, (k, row)
        else:
            assert not row.vorfuehrung
        assert (row.column == "pflichtsolo") == row.pflichtsolo
        if row.pflichtsolo:
            assert row.soloist is not None and owes[row.soloist]
            owes[row.soloist] = False
            pflicht += 1
        vorf += row.vorfuehrung
        totals = [t + s for t, s in zip(totals, row.scores, strict=True)]
        assert list(row.totals) == totals
        if row.pflichtsolo and not row.vorfuehrung:
            dealer = expected_dealer  # the same dealer deals again (TSR 4.2.5)
        else:
            dealer = (expected_dealer + 1) % n
    assert not any(owes) and pflicht == n
    assert not any(r.owes_pflichtsolo)
    assert list(r.totals) == totals and sum(totals) == 0
    assert r.check() == []
    return {"vorfuehrung": vorf, "voluntary": pflicht - vorf}


def test_whole_round_4_table_random_players() -> None:
    """TSR 8.5.1: 24 games (20 Normalspiele + 4 Pflichtsoli) by random legal players; dealers by
    3.3.1/4.2.5, the Pflichtsolo column (4.2.4), Vorführungen at the end (4.2.3), zero sums."""
    seen = {"vorfuehrung": 0, "voluntary": 0}
    for seed in range(6):
        r = Round(NAMES4)
        games = play_random_round(r, seed)
        assert len(games) == 24
        stats = check_round_oracle(r, 24)
        for key in seen:
            seen[key] += stats[key]
        normal_rows = [row for row in r.games if row.column == "normal"]
        assert len(normal_rows) == 20
        # Lustsoli, Hochzeiten, stille Hochzeiten are Normalspiele (4.3.2)
        assert all(not row.pflichtsolo for row in normal_rows)
    assert seen["vorfuehrung"] > 0 and seen["voluntary"] > 0


def test_whole_round_5_table_random_players() -> None:
    """TSR 10.1: 30 games at a 5-table, the dealer gets no cards and scores 0 (10.1.1, 10.1.2);
    the even/odd rule does not apply (10.1.3)."""
    seen = {"vorfuehrung": 0, "voluntary": 0}
    for seed in range(4):
        r = Round(NAMES5)
        games = play_random_round(r, 100 + seed)
        assert len(games) == 30
        stats = check_round_oracle(r, 30)
        for key in seen:
            seen[key] += stats[key]
    assert seen["vorfuehrung"] > 0 and seen["voluntary"] > 0


def test_5_table_engine_seats_follow_the_dealer() -> None:
    """TSR 10.1.1: the four players other than the dealer, clockwise from his left; engine seat
    ``engine_dealer + 1`` is the real dealer's left neighbour (query and lead start there)."""
    r = Round(NAMES5)
    for d in range(5):
        ctx = r.context()
        assert ctx.dealer == ctx.sitting_out == d
        assert ctx.players == tuple((d + 1 + i) % 5 for i in range(4))
        assert ctx.players[(ctx.engine_dealer + 1) % 4] == (d + 1) % 5
        g = r.new_game(d)
        assert g.to_move == 0  # the query starts at the dealer's left neighbour (4.1.2)
        normal(r, re=(ctx.players[0], ctx.players[1]))


# ------------------------------------------------------------------------- dealing, columns


def test_dealer_repeats_after_pflichtsolo_not_after_lustsolo() -> None:
    """TSR 3.3.1, 4.2.5: the same dealer again after a Pflichtsolo; 4.3.2: a Lustsolo is a
    Normalspiel and the next player deals."""
    r = Round(NAMES4)
    assert r.next_dealer == 0
    row = solo(r, 2)
    assert row.column == "pflichtsolo" and row.pflichtsolo and row.kind == "solo"
    assert r.next_dealer == 0 and r.owes_pflichtsolo == (True, True, False, True)
    row = solo(r, 2, pflichtsolo=False, solo="clubs")
    assert row.column == "normal" and row.kind == "solo_clubs" and not row.pflichtsolo
    assert "Lustsolo" in row.label()
    assert r.next_dealer == 1
    row = r.add_summary({"contract": "silent_marriage", "re_eyes": 150}, re_players=[3])
    assert row.column == "normal" and row.kind == "silent_marriage" and r.next_dealer == 2
    row = r.add_summary({"contract": "solo", "re_eyes": 150}, re_players=[3],
                        marriage_solo=True)
    assert row.column == "normal" and row.kind == "marriage_solo" and r.next_dealer == 3
    assert r.owes_pflichtsolo[3]  # the Hochzeit turned Karo solo is no Pflichtsolo (4.4.3)
    row = r.add_summary({"contract": "marriage", "re_eyes": 100}, re_players=[3, 0])
    assert row.column == "normal" and r.next_dealer == 0
    assert r.games_played == 5 and r.games_left == 19


def test_refusals_name_the_rule_and_change_nothing() -> None:
    """A second Pflichtsolo (4.2.3), a Lustsolo while owing (4.3.1), wrong Re players; the
    round is unchanged after each refusal."""
    r = Round(NAMES4)
    solo(r, 1)
    before = frozen(r)
    cases: list[tuple[dict[str, Any], list[int], dict[str, Any], str]] = [
        ({"contract": "solo", "re_eyes": 130}, [1], {"pflichtsolo": True}, "4.3.1"),
        ({"contract": "solo", "re_eyes": 130}, [2], {"pflichtsolo": False}, "4.3.1"),
        ({"contract": "normal", "re_eyes": 130}, [1], {}, "2.4"),
        ({"contract": "solo", "re_eyes": 130}, [1, 2], {}, "2.4"),
        ({"contract": "normal", "re_eyes": 130}, [1, 2], {"pflichtsolo": True}, ""),
        ({"contract": "normal", "re_eyes": 130}, [1, 7], {}, ""),
        ({"contract": "solo", "re_eyes": 130}, [1], {"soloist": 2}, "2.4"),
        ({"contract": "solo", "re_eyes": 130}, [1], {"marriage_solo": True,
                                                      "pflichtsolo": True}, "4.4.3"),
    ]
    for summary, re_players, kw, rule in cases:
        with pytest.raises(RoundError) as info:
            r.add_summary(summary, re_players, **kw)
        assert rule in str(info.value)
        assert info.value.text("de")
        assert frozen(r) == before
    with pytest.raises(ValueError):
        r.add_summary({"contract": "normal", "re_eyes": 999}, [0, 1])
    assert frozen(r) == before


def test_no_pflichtsoli_in_an_open_round() -> None:
    """An open-ended list (a home game): nobody owes a Pflichtsolo, every solo is a Lustsolo,
    no Vorführung; games_left is None."""
    r = Round(NAMES4, games=None)
    assert r.games_left is None and not any(r.owes_pflichtsolo)
    for _ in range(30):
        normal(r)
    row = solo(r, 1)
    assert row.column == "normal" and r.next_dealer == 3
    with pytest.raises(RoundError, match="no Pflichtsoli"):
        solo(r, 1, pflichtsolo=True)
    assert r.vorfuehrung_due is None and not r.is_over and r.games_played == 31


def test_round_length_options() -> None:
    """Any other length (a Liste of N games); too short for the Pflichtsoli is refused."""
    assert Round(NAMES4, games=8).games_left == 8
    assert Round(NAMES5).games_total == 30  # TSR 10.1.5
    with pytest.raises(RoundError, match=r"4\.2\.3"):
        Round(NAMES4, games=3)
    assert Round(NAMES4, games=3, pflichtsoli=False).games_left == 3
    with pytest.raises(RoundError):
        Round(["A", "B", "C"])
    with pytest.raises(RoundError):
        Round(["A", "B", "C", "A"])


def test_round_over_refuses_more_games() -> None:
    """TSR 8.5.1: a round has its number of games; a ninth game of eight is refused."""
    r = Round(NAMES4, games=4)
    for p in range(4):
        assert r.vorfuehrung_due is not None
        solo(r, r.vorfuehrung_due)
        assert p < 3 or r.is_over
    assert r.is_over and r.games_left == 0
    with pytest.raises(RoundError, match=r"8\.5\.1"):
        normal(r)
    with pytest.raises(RoundError, match=r"8\.5\.1"):
        r.new_game(1)


# ------------------------------------------------------------------------- Vorführung (4.2.3)


def test_vorfuehrung_trigger_at_its_boundary() -> None:
    """TSR 4.2.3: due exactly when the outstanding Pflichtsoli equal the games still to play;
    the owing player next to the dealer's left is vorgeführt."""
    r = Round(NAMES4, games=6)
    normal(r)  # dealer 0
    assert r.games_left == 5 and r.vorfuehrung_due is None
    assert r.games_until_vorfuehrung() == 1
    normal(r)  # dealer 1
    assert r.games_left == 4 and r.next_dealer == 2
    assert r.games_until_vorfuehrung() == 0
    assert r.vorfuehrung_due == 3  # the dealer's left neighbour
    ctx = r.context()
    assert ctx.vorfuehrung == 3 and ctx.vorgefuehrt == 3
    before = frozen(r)
    with pytest.raises(RoundError, match=r"4\.2\.3"):
        normal(r)  # a Normalspiel during a due Vorführung
    with pytest.raises(RoundError, match=r"4\.2\.3"):
        solo(r, 1)  # a Pflichtsolo by someone else
    with pytest.raises(RoundError, match=r"4\.2\.3"):
        r.add_summary({"contract": "solo", "re_eyes": 130}, [3], marriage_solo=True)
    assert frozen(r) == before
    row = solo(r, 3)
    assert row.vorfuehrung and row.column == "pflichtsolo" and "Vorführung" in row.label()
    assert r.next_dealer == 3  # the next player deals after a Vorführung (4.2.5)
    assert r.vorfuehrung_due == 0  # from dealer 3's left: player 0


def test_vorfuehrung_of_the_dealer_himself() -> None:
    """TSR 4.2.3: "dealer" is whoever would deal next, even if he is vorgeführt himself; he is
    checked last."""
    r = Round(NAMES4, games=8)
    solo(r, 1)  # Pflichtsolo: dealer 0 deals again
    solo(r, 3)
    normal(r)  # dealer 0
    normal(r)  # dealer 1
    assert r.next_dealer == 2 and r.games_left == 4
    assert r.owes_pflichtsolo == (True, False, True, False)
    normal(r)  # dealer 2 -> 3 games left, 2 owe
    normal(r)  # dealer 3 -> 2 games left, 2 owe: due
    assert r.next_dealer == 0 and r.vorfuehrung_due == 2  # player 0 (the dealer) last
    solo(r, 2)
    assert r.next_dealer == 1 and r.vorfuehrung_due == 0  # the next dealer is not vorgeführt
    # a round where the next dealer is the only one owing
    r = Round(NAMES4, games=6)
    for p in (1, 2, 3):
        solo(r, p)  # dealer 0 deals each time (Pflichtsoli)
    normal(r)  # dealer 0
    normal(r)  # dealer 1
    assert r.next_dealer == 2 and r.games_left == 1
    assert r.owes_pflichtsolo == (True, False, False, False)
    r2 = Round(NAMES4, games=5)
    for p in (0, 1, 3):
        solo(r2, p)
    normal(r2)  # dealer 0
    assert r2.next_dealer == 1 and r2.games_left == 1 and r2.owes_pflichtsolo[2]
    r3 = Round(NAMES4, games=6)
    for p in (0, 1, 3):
        solo(r3, p)
    normal(r3)  # dealer 0
    normal(r3)  # dealer 1
    assert r3.next_dealer == 2 and r3.owes_pflichtsolo == (False, False, True, False)
    assert r3.vorfuehrung_due == 2  # the dealer himself, vorgeführt
    ctx = r3.context()
    assert ctx.dealer == 2 and ctx.engine_dealer == 2 and ctx.vorfuehrung == 2
    g = r3.new_game(5)
    assert g.dealer == 2 and g.vorfuehrung == 2 and g.phase == NAMING and g.to_move == 2
    row = solo(r3, 2)
    assert row.vorfuehrung and row.dealer == 2 and r3.is_over


def test_vorfuehrung_5_table_dealer_plays_his_left_neighbour_sits_out() -> None:
    """TSR 4.2.3 with 10.1.1 (our reading, docs/rounds.md): a 5-table dealer who is vorgeführt
    must play; his left neighbour deals in his place and sits out."""
    r2 = Round(NAMES5, games=6)
    for p in (1, 2, 3, 4):
        solo(r2, p)  # dealer 0 sits out and deals each time (Pflichtsoli)
    normal(r2, re=(1, 2))
    # the next dealer is player 1; only player 0 owes and is not the dealer: he plays
    assert r2.vorfuehrung_due == 0 and r2.context().sitting_out == 1
    r3 = Round(NAMES5, games=10)
    for p in (1, 2, 3, 4):
        solo(r3, p)
    for _ in range(5):  # dealers 0..4; then player 0 would deal again
        sitter = r3.context().sitting_out
        re = [p for p in range(5) if p != sitter][:2]
        r3.add_summary({"contract": "normal", "re_eyes": 151}, re)
    assert r3.games_left == 1 and r3.vorfuehrung_due == 0
    ctx = r3.context()
    assert ctx.vorgefuehrt == 0 and ctx.sitting_out == 1 and ctx.dealer == 1
    assert r3.next_dealer == 1  # the substitute deals
    assert 0 in ctx.players and 1 not in ctx.players
    with pytest.raises(RoundError, match=r"10\.1\.1"):
        r3.add_summary({"contract": "normal", "re_eyes": 151}, [1, 2])
    g = r3.new_game(3)
    assert g.vorfuehrung == ctx.seat_of(0) and g.to_move == ctx.seat_of(0)
    policy = RandomPolicy(seed=3)
    while not g.is_over:
        g.apply(policy.choose(g))
    row = r3.add_game(g)
    assert row.vorfuehrung and row.soloist == 0 and row.scores[1] == 0 and row.dealer == 1
    assert r3.is_over and r3.check() == []


def test_5_table_sitting_dealer_cannot_play() -> None:
    """TSR 10.1.1: the dealer of a 5-table gets no cards."""
    r = Round(NAMES5)
    before = frozen(r)
    with pytest.raises(RoundError, match=r"10\.1\.1"):
        normal(r, re=(0, 1))
    with pytest.raises(RoundError, match=r"10\.1\.1"):
        solo(r, 0)
    with pytest.raises(RoundError, match=r"10\.1\.1"):
        r.add_penalty(0, "minor")
    assert frozen(r) == before
    row = normal(r, re=(1, 2))
    assert row.scores == (0, 2, 2, -2, -2) and row.sitting_out == 0


# ------------------------------------------------------------------------- engine games


def test_add_game_refuses_unfinished_or_foreign_games() -> None:
    """TSR 7.3.1: a game enters the sheet when it is finished; a game dealt for another context
    (dealer, Pflichtsolo debts, Vorführung, rules) is refused."""
    r = Round(NAMES4)
    g = r.new_game(1)
    with pytest.raises(RoundError, match="not finished"):
        r.add_game(g)
    policy = RandomPolicy(seed=1)
    wrong = [
        Game.deal(1, 1, owes_pflichtsolo=(True,) * 4),
        Game.deal(1, 0),
        Game.deal(1, 0, owes_pflichtsolo=(True,) * 4, vorfuehrung=1),
        Game.deal(1, 0, owes_pflichtsolo=(True,) * 4, rules=preset("hausregeln")),
    ]
    before = frozen(r)
    for w in wrong:
        while not w.is_over:
            w.apply(policy.choose(w))
        with pytest.raises(RoundError):
            r.add_game(w)
        assert frozen(r) == before
    while not g.is_over:
        g.apply(policy.choose(g))
    row = r.add_game(g)
    assert row.number == 1 and sum(row.scores) == 0


# ------------------------------------------------------------------------- time limit (8.5, 8.6)


def test_time_limit_strikes_normalspiele_and_forces_pflichtsoli() -> None:
    """TSR 8.5.1, 8.6: at the limit games begun are finished, outstanding Normalspiele are
    struck, outstanding Pflichtsoli are still played as Vorführungen."""
    clock = FakeClock(1000.0)
    r = Round(NAMES4, time_limit=100, clock=clock)
    assert r.deadline() == 1000.0 + 6000
    solo(r, 2)  # dealer 0 again
    normal(r)
    clock.now = 1000.0 + 5999
    g = r.new_game(7)  # begun before the limit
    assert g.vorfuehrung is None
    clock.now = 1000.0 + 6000
    assert r.vorfuehrung_due == 3 and r.games_left == 3  # with the clock (dealer 1)
    policy = RandomPolicy(seed=2, p_reservation=0.0)
    while not g.is_over:
        g.apply(policy.choose(g))
    row = r.add_game(g)  # finished although the time is up
    assert row.number == 3 and not row.vorfuehrung
    assert r.time_up and r.struck == 24 - 3 - 3
    assert r.games_left == 3 and r.vorfuehrung_due == 3  # dealer 2: from his left
    before = frozen(r)
    with pytest.raises(RoundError, match=r"4\.2\.3"):
        normal(r)
    assert frozen(r) == before
    order = []
    while not r.is_over:
        p = r.vorfuehrung_due
        assert p is not None
        order.append(p)
        row = solo(r, p)
        assert row.vorfuehrung
    assert order == [3, 0, 1]
    assert r.games_played == 6 and r.is_over and r.check() == []
    with pytest.raises(RoundError, match=r"8\.5\.1"):
        normal(r)


def test_time_limit_engine_deal_after_the_limit_is_a_vorfuehrung() -> None:
    """TSR 8.6: a game dealt after the limit is a Vorführung; the end is recorded first."""
    clock = FakeClock(0.0)
    r = Round(NAMES5, time_limit=125, clock=clock)
    normal(r, re=(1, 2))
    clock.now = 125 * 60
    g = r.new_game(3)
    assert r.time_up and r.struck == 30 - 1 - 5
    assert g.vorfuehrung is not None and r.context().vorgefuehrt == 2
    entries = r.to_json()["entries"]
    assert entries[-1] == {"type": "time_up", "at": 7500.0}


def test_call_time_and_no_pflichtsolo_left_ends_the_round() -> None:
    """TSR 8.5.1: the end announced by hand (call_time); without outstanding Pflichtsoli the
    round ends at once."""
    r = Round(NAMES4, games=6)
    for p in range(4):
        solo(r, p)
    normal(r)
    r.call_time(at=5.0)
    assert r.is_over and r.struck == 1
    with pytest.raises(RoundError, match=r"8\.5\.1"):
        r.call_time()


# ------------------------------------------------------------------------- penalties (9.3, 9.4)


def test_penalty_minor_normalspiel() -> None:
    """TSR 9.3.2: offender -3, the three others +1 each; the game goes on."""
    r = Round(NAMES4)
    row = r.add_penalty(2, "minor")
    assert row.scores == (1, 1, -3, 1) and row.type == "penalty" and row.column == "penalty"
    assert row.penalty is not None and row.penalty["clause"] == "9.3.2"
    assert r.games_played == 0 and r.next_dealer == 0
    assert row.number is None and row.plus == (0, 1, 3)


def test_penalty_minor_by_the_soloist() -> None:
    """TSR 9.3.3 (a): the soloist's minor violation: -3, the three others +1."""
    r = Round(NAMES4)
    row = r.add_penalty(1, "minor", soloist=1)
    assert row.scores == (1, -3, 1, 1) and row.penalty is not None
    assert row.penalty["clause"] == "9.3.3 (a)"


def test_penalty_minor_kontra_harming_the_soloist_breaks_even_odd() -> None:
    """TSR 9.3.3 (b1): offender -3, soloist +3, the other two 0: the (+3, 0, 0, -3) row that
    TSR 7.3.3 item 2 allows."""
    r = Round(NAMES4)
    row = r.add_penalty(2, "minor", soloist=0, harms_soloist=True)
    assert row.scores == (3, 0, -3, 0)
    assert r.check() == []
    assert sorted(row.scores) == [-3, 0, 0, 3]


def test_penalty_minor_kontra_not_harming_the_soloist() -> None:
    """TSR 9.3.3 (b2): offender -3, the three others +1."""
    r = Round(NAMES4)
    row = r.add_penalty(3, "minor", soloist=0)
    assert row.scores == (1, 1, 1, -3) and row.penalty is not None
    assert row.penalty["clause"] == "9.3.3 (b2)"


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_penalty_serious_normalspiel(n: int) -> None:
    """TSR 9.4.3: offender -(12 + 3n), each other +(4 + n); the game counts as not played (the
    same dealer deals again, the game count stays)."""
    r = Round(NAMES4)
    normal(r)
    row = r.add_penalty(0, "serious", absagen=n)
    assert row.scores == (-(12 + 3 * n), 4 + n, 4 + n, 4 + n)
    assert r.games_played == 1 and r.next_dealer == 1 and r.games_left == 23
    assert r.check() == []


def test_penalty_serious_by_the_soloist() -> None:
    """TSR 9.4.4 first sentence: the soloist's serious violation is scored by 9.4.3; his
    Pflichtsolo is still owed."""
    r = Round(NAMES4)
    row = r.add_penalty(1, "serious", soloist=1, absagen=2)
    assert row.scores == (6, -18, 6, 6) and row.type == "penalty"
    assert r.owes_pflichtsolo[1] and r.games_played == 0


@pytest.mark.parametrize("m", [0, 1, 2, 3, 4])
def test_penalty_serious_kontra_in_solo(m: int) -> None:
    """TSR 9.4.4: a Kontra player's serious violation: the solo counts as played, offender
    -(12 + 3m), soloist +(12 + 3m), others 0; (+15, 0, 0, -15) and (+21, 0, 0, -21) are the
    rows TSR 7.3.3 item 2 allows."""
    r = Round(NAMES4)
    row = r.add_penalty(3, "serious", soloist=1, absagen=m)
    assert row.scores == (0, 12 + 3 * m, 0, -(12 + 3 * m))
    assert row.type == "game" and row.number == 1 and row.column == "pflichtsolo"
    assert row.pflichtsolo and not r.owes_pflichtsolo[1]
    assert r.games_played == 1 and r.next_dealer == 0  # a Pflichtsolo: same dealer
    assert r.check() == []
    r2 = Round(NAMES4)
    solo(r2, 1)
    row = r2.add_penalty(3, "serious", soloist=1, absagen=m, pflichtsolo=False)
    assert row.column == "normal" and r2.next_dealer == 1


def test_penalty_serious_kontra_in_silent_marriage() -> None:
    """TSR 9.4.4 for a stille Hochzeit (scored like a solo): a Normalspiel on the sheet."""
    r = Round(NAMES4)
    row = r.add_penalty(0, "serious", soloist=2, absagen=1, contract="silent_marriage")
    assert row.scores == (-15, 0, 15, 0) and row.kind == "silent_marriage"
    assert row.column == "normal" and r.owes_pflichtsolo[2] and r.next_dealer == 1


def test_penalty_refusals() -> None:
    """Options that describe no TSR 9.3/9.4 case are refused; nothing changes."""
    r = Round(NAMES4)
    before = frozen(r)
    bad: list[tuple[tuple[int, str], dict[str, Any]]] = [
        ((0, "minor"), {"harms_soloist": True}),
        ((0, "minor"), {"harms_soloist": True, "soloist": 0}),
        ((0, "minor"), {"absagen": 1}),
        ((0, "serious"), {"absagen": 5}),
        ((0, "serious"), {"harms_soloist": True, "soloist": 1}),
        ((0, "severe"), {}),
        ((4, "minor"), {}),
        ((0, "minor"), {"pflichtsolo": True, "soloist": 1}),
        ((0, "serious"), {"soloist": 1, "pflichtsolo": False}),  # 1 owes: no Lustsolo (4.3.1)
    ]
    for args, kw in bad:
        with pytest.raises(RoundError):
            r.add_penalty(*args, **kw)
        assert frozen(r) == before


def test_penalty_5_table() -> None:
    """TSR 9.3.2 at a 5-table: the three other players of the game get +1, the dealer 0."""
    r = Round(NAMES5)
    row = r.add_penalty(2, "minor")
    assert row.scores == (0, 1, -3, 1, 1)
    row = r.add_penalty(2, "serious", absagen=1)
    assert row.scores == (0, 5, -15, 5, 5)
    row = r.add_penalty(3, "serious", soloist=1, absagen=1)
    assert row.scores == (0, 15, 0, -15, 0)
    assert r.check() == []


def test_penalty_row_between_games_keeps_totals() -> None:
    """TSR 7.3: penalties are separate entries; running totals include them."""
    r = Round(NAMES4)
    normal(r)
    r.add_penalty(1, "minor")
    normal(r, re=(2, 3))
    assert r.totals == (1, -3, 1, 1)
    assert [row.type for row in r.rows] == ["game", "penalty", "game"]
    j = sheet_json(r)
    assert len(j["games"]) == 2 and len(j["penalties"]) == 1
    assert j["penalties"][0]["before_game"] == 2


# ------------------------------------------------------------------------- checks (7.3.3)


def test_entries_failing_the_checks_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """TSR 7.3.3: an entry whose row does not sum to 0, or breaks the even/odd rule, is
    refused (here with a broken scoring function)."""
    r = Round(NAMES4)
    normal(r)
    before = frozen(r)

    def broken(summary: Any, rules: Any) -> Score:
        return Score(winner="re", value=1, re_score=2, kontra_score=-1, items=(), solo=False)

    monkeypatch.setattr("doko.session.round._score_summary", broken)
    with pytest.raises(RoundError, match=r"7\.3\.3") as info:
        normal(r)
    assert "sums to 2" in str(info.value) and "even" in str(info.value)
    assert "Quersumme" in info.value.text("de")
    assert frozen(r) == before


def test_check_reports_a_forged_sheet() -> None:
    """check() reports rows that do not sum to 0, break the even/odd rule, or running totals
    that do not add up (TSR 7.3.3)."""
    r = Round(NAMES4)
    normal(r)
    assert r.check() == []
    from dataclasses import replace

    r._s.rows[0] = replace(r._s.rows[0], scores=(3, -2, 1, -1), totals=(3, -2, 1, -1))
    problems = r.check()
    assert any("sums to 1" in p for p in problems)
    assert any("neither all even nor all odd" in p for p in problems)
    assert any("Quersumme" in p for p in r.check("de"))


# ------------------------------------------------------------------------- output


def test_sheet_outputs() -> None:
    """TSR 7.3: the table (German and English), CSV and JSON."""
    r = Round(NAMES4)
    normal(r)
    solo(r, 3)
    r.add_penalty(0, "minor")
    text = format_sheet(r)
    assert "Spielliste" in text and "Pflichtsolo" in text and "Geber" in text
    assert "Nächster Geber: Bert" in text and "Prüfung nach TSR 7.3.3: in Ordnung" in text
    en = format_sheet(r, "en")
    assert "Score sheet" in en and "Next dealer: Bert" in en
    rows = list(csv.reader(io.StringIO(sheet_csv(r))))
    assert rows[0][:9] == ["Nr", "Geber", "Spiel", "Rubrik", "Bock", *NAMES4]
    assert len(rows) == 4 and rows[2][3] == "P" and rows[3][3] == "S"
    assert rows[2][5:9] == ["-1", "-1", "-1", "3"] and rows[3][9:13] == ["-2", "2", "-2", "2"]
    j = sheet_json(r)
    assert j["players"] == NAMES4
    assert [g["column"] for g in j["games"]] == ["normal", "pflichtsolo"]
    assert j["games"][1]["kind"] == "solo" and j["games"][1]["dealer"] == 1
    assert j["totals"] == list(r.totals) and sum(j["totals"]) == 0
    assert j["next_dealer"] == 1 and j["owes_pflichtsolo"] == [True, True, True, False]
    assert j["vorfuehrung_due"] is None and j["games_left"] == 22
    assert json.loads(json.dumps(j)) == j


# ------------------------------------------------------------------------- round file


def test_round_file_roundtrip_with_engine_records(tmp_path: Path) -> None:
    """The round file holds settings, names and every entry; a round resumes from it, with
    every engine record replayed."""
    path = tmp_path / "r.json"
    r = Round.create(path, NAMES4, rules=TSR)
    policy = RandomPolicy(seed=5, p_reservation=0.1)
    for i in range(6):
        g = r.new_game(i)
        while not g.is_over:
            g.apply(policy.choose(g))
        r.add_game(g)
        on_disk = Round.load(path)
        assert on_disk.to_json() == r.to_json()  # written before add_game returned
    normal(r)
    r.add_penalty(1, "minor")
    r2 = Round.load(path)
    assert sheet_json(r2) == sheet_json(r)
    assert r2.to_json() == r.to_json()
    data = json.loads(path.read_text())
    assert data["format"] == "doko-round/1" and data["players"] == NAMES4
    assert data["games"] == 24 and data["rules"] == "tsr"
    kinds = [e["type"] for e in data["entries"]]
    assert kinds == ["game"] * 6 + ["summary", "penalty"]
    assert data["entries"][0]["record"]["format"] == "doko-game/1"
    normal(r2)  # the resumed round writes to the same file
    assert len(Round.load(path).rows) == 9
    with pytest.raises(RoundFileError):
        Round.create(path, NAMES4)


def test_round_file_rejects_tampering(tmp_path: Path) -> None:
    """Resuming re-validates every entry: changed points or a broken record are refused."""
    path = tmp_path / "r.json"
    r = Round.create(path, NAMES4)
    normal(r)
    g = r.new_game(3)
    policy = RandomPolicy(seed=3)
    while not g.is_over:
        g.apply(policy.choose(g))
    r.add_game(g)
    data = json.loads(path.read_text())
    forged = json.loads(json.dumps(data))
    forged["entries"][0]["scores"] = [3, -3, 3, -3]
    path.write_text(json.dumps(forged))
    with pytest.raises(RoundFileError, match="entry 1"):
        Round.load(path)
    forged = json.loads(json.dumps(data))
    forged["entries"][1]["record"]["actions"].pop()
    path.write_text(json.dumps(forged))
    with pytest.raises(RoundFileError, match="entry 2"):
        Round.load(path)
    forged = json.loads(json.dumps(data))
    forged["entries"].insert(0, forged["entries"][1])  # the engine game for the wrong dealer
    path.write_text(json.dumps(forged))
    with pytest.raises(RoundFileError, match="entry 1"):
        Round.load(path)
    path.write_text("{not json")
    with pytest.raises(RoundFileError, match="JSON"):
        Round.load(path)
    with pytest.raises(RoundFileError):
        Round.load(tmp_path / "missing.json")


def test_round_file_failed_write_loses_nothing(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A crash in the middle of a write (os.replace fails): the file holds the last
    acknowledged state, the round in memory is unchanged, and it resumes."""
    path = tmp_path / "r.json"
    r = Round.create(path, NAMES4)
    normal(r)
    solo(r, 2)
    acknowledged = path.read_bytes()
    before = frozen(r)

    def crash(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        normal(r)
    with pytest.raises(OSError):
        r.add_penalty(1, "minor")
    monkeypatch.undo()
    assert path.read_bytes() == acknowledged
    assert frozen(r) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]  # temp files removed
    resumed = Round.load(path)
    assert frozen(resumed) == before
    normal(resumed)
    assert Round.load(path).games_played == 3


_CRASH_SCRIPT = r"""
import os, signal, sys
from doko.session import Round
r = Round.load(sys.argv[1])
def die(src, dst):
    os.kill(os.getpid(), signal.SIGKILL)
os.replace = die
r.add_summary({"contract": "normal", "re_eyes": 100}, re_players=[2, 3])
print("not reached")
"""


def test_round_file_killed_mid_write_resumes(tmp_path: Path) -> None:
    """A process killed (SIGKILL) after writing the temporary file but before the rename: the
    round file still holds the last acknowledged state and resumes with nothing lost."""
    path = tmp_path / "r.json"
    r = Round.create(path, NAMES4)
    normal(r)
    solo(r, 1)
    acknowledged = path.read_bytes()
    proc = subprocess.run([sys.executable, "-c", _CRASH_SCRIPT, str(path)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert "not reached" not in proc.stdout
    assert path.read_bytes() == acknowledged
    leftovers = [p.name for p in tmp_path.iterdir() if p.name != "r.json"]
    assert leftovers and all(p.startswith(".r.json.") for p in leftovers)  # the unfinished write
    resumed = Round.load(path)
    assert frozen(resumed) == frozen(r)
    row = normal(resumed, re=(2, 3), eyes=100)
    assert row.number == 3 and Round.load(path).games_played == 3


def test_rounds_doc_names_the_file_format() -> None:
    """docs/rounds.md describes every key and entry type of the round file."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "rounds.md").read_text("utf-8")
    r = Round(NAMES4)
    for key in r.to_json():
        assert f'"{key}"' in doc
    for kind in ("game", "summary", "penalty", "time_up"):
        assert f'"type": "{kind}"' in doc
    for clause in ("3.3.1", "4.2.3", "4.2.5", "7.3.3", "8.5.1", "8.6", "9.3.3", "9.4.4",
                   "10.1"):
        assert clause in doc
