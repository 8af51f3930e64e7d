"""A finished game's score (TSR 7) over many random full games: zero sum, the even/odd rule,
and the same result through its summary and the ``doko score`` calculator."""

from __future__ import annotations

import contextlib
import io
import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doko.cli import main
from doko.engine.actions import HEALTHY, RESERVATION, SOLO_BASE, encode
from doko.engine.cards import EYES, hand_kinds, parse_card
from doko.engine.game import Game
from doko.engine.result import game_result, seat_scores, summary_of
from doko.engine.scoring import GameSummary, score


def random_game(seed: int, p_call: float = 0.2) -> Game:
    """A random legal game, with reservations, solos, calls, concessions and claims."""
    rng = random.Random(seed)
    g = Game.deal(seed, dealer=seed % 4,
                  owes_pflichtsolo=[rng.random() < 0.5 for _ in range(4)])
    while not g.is_over:
        acts = g.legal_actions()
        plays = [a for a in acts if a & 63 < 24]
        other = [a for a in acts if a & 63 >= 24]
        if g.phase < 2:
            a = rng.choice(acts) if rng.random() < 0.3 else acts[0]
        elif other and rng.random() < p_call:
            a = rng.choice(other)
        else:
            a = rng.choice(plays) if plays else rng.choice(acts)
        g.apply(a)
    while g.legal_actions() and rng.random() < 0.5:  # Kontra's calls after a concession
        g.apply(rng.choice(g.legal_actions()))
    return g


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_scores_sum_to_zero_and_follow_even_odd(seed: int) -> None:
    """TSR 7.3.3: the four scores sum to 0 and are all even or all odd."""
    g = random_game(seed)
    scores = seat_scores(g)
    assert sum(scores) == 0
    assert len({s % 2 for s in scores}) == 1
    r = game_result(g)
    assert r.to_json()["winner"] in ("re", "kontra", None)
    if g.soloist >= 0:
        assert scores[g.soloist] == -3 * scores[(g.soloist + 1) & 3]  # TSR 7.2.4


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_full_game_equals_its_summary_through_doko_score(
    seed: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Scoring the full game equals scoring its summary with ``doko score`` (TSR 7)."""
    g = random_game(seed)
    summary = summary_of(g)
    direct = game_result(g).to_json()
    assert score(GameSummary.from_json(summary.to_json())).to_json() == direct
    path = tmp_path_factory.mktemp("s") / "summary.json"
    path.write_text(json.dumps(summary.to_json()))
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["score", str(path), "--json"]) == 0
    out = json.loads(buf.getvalue())
    assert out == {k: direct[k] for k in out}
    assert out["winner"] == direct["winner"]
    re_score = out["re_score"]
    assert all(seat_scores(g)[s] == re_score for s in g.re_seats())


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_augen_add_up_to_240(seed: int) -> None:
    """TSR 2.2.2: Re's and Kontra's Augen are 240 together, whatever ended the game."""
    g = random_game(seed)
    kontra_eyes = sum(g.eyes[s] for s in range(4) if not g.is_re[s])
    if g.ended == "conceded":  # the rest goes to Kontra (TSR 5.4.6)
        kontra_eyes += sum(EYES[k] for k in g.trick)
        kontra_eyes += sum(EYES[k] for h in g.hands for k in hand_kinds(h))
    assert g.re_eyes() + kontra_eyes == 240
    assert 0 <= g.re_tricks() <= 12


def _solo_game(seed: int, solo: int) -> Game:
    g = Game.deal(seed)
    first = g.to_move
    g.apply(encode(first, RESERVATION))
    for _ in range(3):
        g.apply(encode(g.to_move, HEALTHY))
    g.apply(encode(first, SOLO_BASE + solo))
    return g


@pytest.mark.parametrize("solo", range(7))
def test_no_sonderpunkte_in_a_solo(solo: int) -> None:
    """TSR 7.2.3/7.2.4: no Sonderpunkte in any solo kind, even with a Doppelkopf trick."""
    for seed in range(40):
        g = _solo_game(seed, solo)
        while not g.is_over:
            g.apply(next(a for a in g.legal_actions() if a & 63 < 24))
        if any(sum(EYES[k] for k in cards) >= 40 for _, cards, _ in g.tricks):
            break
    none = {"doppelkopf": 0, "fox": 0, "charlie": 0,
            "charlie_caught": 0, "fox_last": 0, "dulle_caught": 0,  # the house rules' too
            "charlie_solo": 0, "doppelkopf_low": 0}
    assert g.sonderpunkte() == (none, none)
    assert summary_of(g).contract == "solo"
    assert all(item.clause.startswith("7.2.2") for item in game_result(g).items)


def test_concession_scores_the_rest_to_kontra() -> None:
    """TSR 5.4.6: after a concession at once Kontra has all 240 Augen and 12 tricks."""
    g = _solo_game(3, 4)
    g.apply(encode(g.soloist, 41))  # concede
    assert g.re_eyes() == 0 and g.re_tricks() == 0
    r = game_result(g)
    assert r.winner == "kontra"
    # Kontra won with Re schwarz: 1 won + under 90, 60, 30 + schwarz = 5, soloist pays 3x
    assert seat_scores(g)[g.soloist] == -15


def test_result_refused_while_running() -> None:
    """A running game has no result yet; the error says so."""
    g = Game.deal(1)
    with pytest.raises(ValueError, match="not finished"):
        g.result()


def _random_normal_games(n: int, keep: int = -1) -> Iterator[Game]:
    """Normalspiele of deals 0..n-1 played to the end with random legal cards; the card
    ``keep`` is held back as long as there is another choice."""
    for seed in range(n):
        g = Game.deal(seed)
        for _ in range(4):
            g.apply(encode(g.to_move, HEALTHY))
        if g.contract_name != "normal":
            continue
        rng = random.Random(seed)
        while not g.is_over:
            plays = g.legal_plays()
            g.apply(rng.choice([a for a in plays if a & 63 != keep] or plays))
        yield g


def test_karlchen_counted_for_the_last_trick() -> None:
    """TSR 7.2.3: a ♣J winning the last trick is a Sonderpunkt for its party."""
    jc = parse_card("JC")
    for g in _random_normal_games(3000):
        leader, cards, winner = g.tricks[-1]
        if cards[(winner - leader) & 3] == jc:
            party = 0 if g.is_re[winner] else 1
            assert g.sonderpunkte()[party]["charlie"] == 1
            assert g.sonderpunkte()[1 - party]["charlie"] == 0
            return
    raise AssertionError("no game with a Karlchen found")


def test_two_karlchen_in_the_last_trick_give_one_point() -> None:
    """TSR 5.3.3, 7.2.3: with both ♣J in the last trick the first one wins it; that is one
    Karlchen, for the party of the seat that played it."""
    jc = parse_card("JC")
    for g in _random_normal_games(4000, keep=jc):  # the ♣J kept to the end
        leader, cards, winner = g.tricks[-1]
        if cards.count(jc) == 2 and cards[(winner - leader) & 3] == jc:
            first = (leader + cards.index(jc)) & 3
            assert winner == first
            party = 0 if g.is_re[winner] else 1
            assert g.sonderpunkte()[party]["charlie"] == 1
            assert g.sonderpunkte()[1 - party]["charlie"] == 0
            return
    raise AssertionError("no game with both ♣J winning the last trick found")
