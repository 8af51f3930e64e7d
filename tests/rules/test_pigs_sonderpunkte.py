"""Karlchen im Solo and the Doppelkopf thresholds (house rules, issue 21; docs/rules.md
"Weitere Sonderpunkte").

- ``charlie_solo`` "Karlchen im Solo": a ♣J that wins the last trick of a solo scores 1 for its
  party (TSR 7.2.4 gives no Sonderpunkte in a solo; tables that count the Karlchen there:
  Wikipedia "Doppelkopf-Sonderregeln", Karlchen). Scored like the game: the soloist's share
  three times.
- ``doppelkopf_eyes`` 35 or 30: a trick of at least that many Augen is a Doppelkopf too
  (TSR 7.2.3: 40); such a trick under 40 Augen is the line item ``doppelkopf_low``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doko.engine.actions import HEALTHY, RESERVATION, SOLO_BASE, encode
from doko.engine.cards import EYES, JC
from doko.engine.game import Game
from doko.engine.record import replay, to_record
from doko.engine.result import game_result, summary_of
from doko.engine.rules import ERWEITERT, TSR, Rules
from doko.engine.scoring import Extras, GameSummary, ScoringInputError, score
from quick_players import random_normalspiel


def _solo_game(seed: int, rules: Rules, solo: int = 4) -> Game:
    """Seat 1 (after dealer 0) plays solo ``solo`` (index into the solo codes; 4: queens),
    the others healthy; random cards."""
    rng = random.Random(seed)
    g = Game.deal(seed, rules=rules)
    g.apply(encode(1, RESERVATION))
    for s in (2, 3, 0):
        g.apply(encode(s, HEALTHY))
    g.apply(encode(1, SOLO_BASE + solo))
    while not g.is_over:
        g.apply(rng.choice(g.legal_plays()))
    return g


def _charlie_wins_last(g: Game) -> bool:
    leader, cards, w = g.tricks[-1]
    return cards[(w - leader) % 4] == JC


def test_options_off_under_the_tsr_and_json() -> None:
    assert TSR.charlie_solo is False and TSR.doppelkopf_eyes == 40
    assert ERWEITERT.charlie_solo is True
    r = Rules.from_json({"name": "tsr", "charlie_solo": True, "doppelkopf_eyes": 30})
    assert (r.charlie_solo, r.doppelkopf_eyes) == (True, 30)
    assert Rules.from_json(r.to_json()) == r
    with pytest.raises(ValueError, match="doppelkopf_eyes"):
        Rules(doppelkopf_eyes=39)
    with pytest.raises(ValueError, match="doppelkopf_eyes"):
        Rules.from_json({"name": "tsr", "doppelkopf_eyes": True})
    with pytest.raises(ValueError, match="charlie_solo"):
        Rules.from_json({"name": "tsr", "charlie_solo": 1})


def test_karlchen_in_a_solo_counts_with_the_option() -> None:
    """Wikipedia "Doppelkopf-Sonderregeln": the Karlchen in a solo; a Damensolo where a ♣J (a
    plain club there) wins the last trick: 1 to its party, the soloist's share tripled."""
    on = Rules(name="h", charlie_solo=True)
    for seed in range(3000):
        g = _solo_game(seed, on)
        if _charlie_wins_last(g):
            break
    else:
        raise AssertionError("no solo whose last trick a ♣J won")
    w = g.tricks[-1][2]
    party = "re" if g.is_re[w] else "kontra"
    re_x, ko_x = g.sonderpunkte()
    assert (re_x["charlie_solo"], ko_x["charlie_solo"]) == ((1, 0) if party == "re" else (0, 1))
    assert re_x["charlie"] == ko_x["charlie"] == 0  # TSR 7.2.3 counts only in a Normalspiel
    s = game_result(g)
    item = [i for i in s.items if i.key == "score.item.charlie_solo"]
    assert [(i.party, i.points, i.clause) for i in item] == [(party, 1, "house rule")]
    assert item[0].de == "Karlchen im Solo"
    off = replay({**to_record(g), "rules": "tsr"})  # the same game under the TSR: no item
    s_off = game_result(off)
    assert all(i.key != "score.item.charlie_solo" for i in s_off.items)
    # the point moves the netted value by one, times three for the soloist
    delta = 1 if party == "re" else -1
    assert s.re_score - s_off.re_score == 3 * delta
    assert s.kontra_score - s_off.kontra_score == -delta


def test_doppelkopf_threshold_counts_tricks_from_30_augen() -> None:
    """House rule "Doppelkopf ab 30 Augen": every trick of 30 to 39 Augen is ``doppelkopf_low``,
    one of 40 or more still ``doppelkopf`` (TSR 7.2.3)."""
    rules = Rules(name="h", doppelkopf_eyes=30)
    for seed in range(50):
        g = random_normalspiel(seed, rules)
        if g.is_solo_game:
            continue
        want = ([0, 0], [0, 0])
        for _, cards, w in g.tricks:
            eyes = sum(EYES[k] for k in cards)
            p = 0 if g.is_re[w] else 1
            if eyes >= 40:
                want[0][p] += 1
            elif eyes >= 30:
                want[1][p] += 1
        re_x, ko_x = g.sonderpunkte()
        assert [re_x["doppelkopf"], ko_x["doppelkopf"]] == want[0]
        assert [re_x["doppelkopf_low"], ko_x["doppelkopf_low"]] == want[1]
        tsr = replay({**to_record(g), "rules": "tsr"}).sonderpunkte()
        assert tsr[0]["doppelkopf_low"] == tsr[1]["doppelkopf_low"] == 0


def test_summaries_refuse_what_the_rules_do_not_play() -> None:
    solo = GameSummary("solo", 130, re_tricks=6, re_extras=Extras(charlie_solo=1))
    with pytest.raises(ScoringInputError, match="charlie_solo"):
        score(solo)  # the TSR do not play it
    assert score(solo, Rules(charlie_solo=True)).re_score == 3 * (1 + 1)
    with pytest.raises(ScoringInputError, match="only in a solo"):
        GameSummary("normal", 130, re_extras=Extras(charlie_solo=1))
    with pytest.raises(ScoringInputError, match="no Sonderpunkte"):
        GameSummary("solo", 130, re_extras=Extras(doppelkopf_low=1))
    low = GameSummary("normal", 130, kontra_extras=Extras(doppelkopf_low=2))
    with pytest.raises(ScoringInputError, match="doppelkopf_eyes"):
        score(low)
    s = score(low, Rules(doppelkopf_eyes=35))
    assert [(i.party, i.points, i.en) for i in s.items if i.clause == "house rule"] == [
        ("kontra", 2, "Doppelkopf under 40 Augen")]
    with pytest.raises(ScoringInputError, match="doppelkopf_low"):
        GameSummary("normal", 235, kontra_extras=Extras(doppelkopf_low=1))  # 5 Augen < 30


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), eyes=st.sampled_from((30, 35)), solo=st.integers(0, 7))
def test_random_games_zero_sum_240_augen_replay(seed: int, eyes: int, solo: int) -> None:
    rules = Rules(name="h", charlie_solo=True, doppelkopf_eyes=eyes)
    g = _solo_game(seed, rules, solo) if solo < 7 else random_normalspiel(seed, rules)
    assert g.re_eyes() + g.kontra_eyes() == 240
    s = game_result(g)
    assert sum(s.seat_scores(g.re_seats())) == 0
    r = replay(to_record(g))
    assert r.rules == rules and summary_of(r) == summary_of(g) and game_result(r) == s
