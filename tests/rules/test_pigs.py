"""Schweinchen, Superschweinchen, Hyperschweinchen (house rules, issue 21; docs/rules.md
"Schweinchen").

Sources: doppelkopf-spiel.de "Schweinchen" (both ♦A in one hand become the highest trumps,
announced; in a Trumpfsolo, extended to the other Farbsoli), doko.wtf "Das Regelwerk" (Schweine
only when announced, the two ♦9 as Hyperschweine above them), FreeDoko's rule options
(Hyperschweine: the trump nines, the kings without nines).

- ``pigs="play"``: the holder of both ♦A announces them on turn (at the latest with the first);
  ``"query"``: before the first card of the game, by any holder.
- from the announcement on the two ♦A are the highest trumps, above the Dulle; the Dulle stays
  the ♥10 for the second-Dulle rule;
- ``superpigs``: then the holder of both ♦10 may put them above; ``hyperpigs``: then the holder
  of both ♦9 (♦K without nines) above those;
- ``pigs_solo``: "never", "diamonds" (Karo-Solo), "trump" (every Farbsolo, its trump suit).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doko.bots.base import play_game
from doko.engine.actions import (
    HEALTHY,
    HYPERPIGS,
    PIGS,
    RESERVATION,
    SOLO_BASE,
    SUPERPIGS,
    code_of,
    encode,
    from_dict,
    to_dict,
)
from doko.engine.backend import native_available
from doko.engine.cards import card_code, parse_card
from doko.engine.contracts import (
    NORMAL_ORDER,
    PIG_ORDER_BASE,
    card_order,
    pig_order,
    trick_winner,
)
from doko.engine.errors import IllegalActionError
from doko.engine.game import Game
from doko.engine.record import replay, to_record
from doko.engine.result import game_result, summary_of
from doko.engine.rules import ERWEITERT, TSR, Rules
from doko.engine.view import view
from quick_players import quick_players
from tui_table import said, table

PLAY = Rules(name="h", pigs="play", superpigs=True, hyperpigs=True)
QUERY = Rules(name="h", pigs="query", superpigs=True, hyperpigs=True)
AD, TD, ND, KD, TH, QC = (parse_card(c) for c in ("AD", "TD", "9D", "KD", "TH", "QC"))

#: seat 0: both ♦A, ♦10, ♦9; seats 1 and 2 a ♣Q each; the dealer is seat 3, seat 0 leads
HANDS = [
    "AD AD TD TD 9D 9D AC AC KC KC 9C 9C",
    "QC QS QH QD JC JS AS AS TS TS KS KS",
    "QC QS QH QD JH JD TH AH AH KH 9H 9H",
    "TH JC JS JH JD KD KD TC TC 9S 9S KH",
]


def _healthy(rules: Rules, hands: list[str] | None = None) -> Game:
    g = Game.from_hands([h.split() for h in hands or HANDS], dealer=3, rules=rules)
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    return g


def _codes(order_index: int) -> list[str]:
    return [card_code(k) for k in card_order(order_index).trumps]


def test_the_orders_put_the_pigs_on_top() -> None:
    """The Schweinchen above the Dulle, the Superschweinchen above them, the Hyperschweinchen
    (♦9, or ♦K without nines) above those; the Dulle stays the ♥10."""
    one, two, three, four = (pig_order(NORMAL_ORDER, lv) for lv in (1, 2, 3, 4))
    assert one == PIG_ORDER_BASE
    assert _codes(one)[:3] == ["AD", "TH", "QC"]
    assert _codes(two)[:4] == ["TD", "AD", "TH", "QC"]
    assert _codes(three)[:4] == ["9D", "TD", "AD", "TH"]
    assert _codes(four)[:4] == ["KD", "TD", "AD", "TH"]
    assert len(_codes(three)) == 13 and card_order(three).dulle == TH
    # the second-Dulle rule still knows the ♥10 though the ♦A sit on top (not a ten)
    o = card_order(one)
    assert trick_winner(o, [TH, TH, QC, QC], 1) == 1
    assert trick_winner(o, [TH, AD, TH, QC], 1) == 1
    with pytest.raises(IndexError):
        card_order(PIG_ORDER_BASE + 4 * 4)  # a Damensolo has no Schweinchen


def test_announced_when_played() -> None:
    """pigs="play": on turn only, by the holder of both; the order changes at once."""
    g = _healthy(PLAY)
    assert g.to_move == 0 and g.order.name == "normal"
    assert encode(0, PIGS) in g.legal_actions()
    with pytest.raises(IllegalActionError) as e:
        g.apply(encode(0, SUPERPIGS))  # the Schweinchen first
    assert e.value.params["pig_reason"] == "level"
    g.apply(encode(0, PIGS))
    assert g.pig_level == 1 and g.pig_seats == [0] and g.order is card_order(PIG_ORDER_BASE)
    g.apply(encode(0, SUPERPIGS))
    g.apply(encode(0, HYPERPIGS))
    assert g.order is card_order(PIG_ORDER_BASE + 2)
    g.play("9D")  # the Hyperschweinchen lead: nobody can beat it
    for _ in range(3):
        g.apply(g.legal_plays()[0])
    assert g.tricks[0][2] == 0
    assert view(g, 2).pigs == (0, 0, 0) and view(g, 2).to_json()["pigs"] == [0, 0, 0]


def test_not_on_turn_or_without_both_cards() -> None:
    g = _healthy(PLAY)
    g.play("AC")
    with pytest.raises(IllegalActionError) as e:
        g.apply(encode(0, PIGS))
    assert e.value.params["pig_reason"] == "turn"
    assert "only by the seat on turn" in str(e.value)
    g.apply(g.legal_plays()[0])
    with pytest.raises(IllegalActionError) as e:
        g.apply(encode(2, PIGS))
    assert e.value.params["pig_reason"] == "cards"
    assert "beide Karten" in e.value.text("de")


def test_announced_before_the_first_card() -> None:
    """pigs="query": any holder, before the first card; after it, too late."""
    g = _healthy(QUERY)
    assert encode(0, PIGS) in g.legal_actions(0)
    g.play("AC")
    assert all(code_of(a) < PIGS for a in g.legal_actions(0))  # calls only
    with pytest.raises(IllegalActionError) as e:
        g.apply(encode(0, PIGS))
    assert e.value.params["pig_reason"] == "started"


def test_off_under_the_tsr() -> None:
    g = _healthy(TSR)
    assert all(code_of(a) < 48 for a in g.legal_actions())
    with pytest.raises(IllegalActionError) as e:
        g.apply(encode(0, PIGS))
    assert e.value.params["pig_reason"] == "rules"
    assert ERWEITERT.pigs == "play" and ERWEITERT.superpigs and not ERWEITERT.hyperpigs


@pytest.mark.parametrize(("pigs_solo", "solo", "expected"), [
    ("never", 0, False), ("diamonds", 0, True), ("diamonds", 1, False), ("trump", 1, True),
    ("trump", 4, False),
])
def test_pigs_in_solos(pigs_solo: str, solo: int, expected: bool) -> None:
    """doppelkopf-spiel.de: in a Trumpfsolo (Karo-Solo), as a variant in every Farbsolo (the
    trump suit's aces here); never in a Damensolo (no ace is a trump)."""
    rules = Rules(name="h", pigs="play", pigs_solo=pigs_solo)
    g = Game.from_hands([h.split() for h in HANDS], dealer=3, rules=rules)
    g.apply(encode(0, RESERVATION))
    for _ in range(3):
        g.apply(encode(g.to_move, HEALTHY))
    g.apply(encode(0, SOLO_BASE + solo))
    assert g.pigs_in_game() is expected
    if expected:
        pig = g.pig_card(1)
        assert card_code(pig) == ("AD" if solo == 0 else "AH")


def test_claim_refused_while_an_opponent_may_still_announce() -> None:
    """A claim is certain only if nothing can change the order: an opponent holding both ♦A
    in a Karo-Solo could still make them the top trumps."""
    rules = Rules(name="h", pigs="play", pigs_solo="diamonds")
    hands = ["TH TH QC QC QS QS QH QH QD QD JC JC", "AD AD AC AC KC KC 9C 9C AS AS TS TS",
             "TD TD KD KD 9D 9D JS JS JH JH JD JD", "AH AH KH KH 9H 9H KS KS 9S 9S TC TC"]
    g = Game.from_hands([h.split() for h in hands], dealer=3, rules=rules)
    g.apply(encode(0, RESERVATION))
    for _ in range(3):
        g.apply(encode(g.to_move, HEALTHY))
    g.apply(encode(0, SOLO_BASE))  # a Karo-Solo; seat 2 holds both ♦A
    with pytest.raises(IllegalActionError) as e:
        g.apply(encode(0, 42))
    assert e.value.key == "claim_refused" and e.value.refutation == ((1, AD),)
    same = Game.from_hands([h.split() for h in hands], dealer=3, rules=TSR)
    same.apply(encode(0, RESERVATION))
    for _ in range(3):
        same.apply(encode(same.to_move, HEALTHY))
    same.apply(encode(0, SOLO_BASE))
    assert same.can_apply(encode(0, 42))  # without Schweinchen the claim stands


def test_records_and_privacy() -> None:
    g = _healthy(PLAY)
    # the holder's own view offers the announcement; the others' views do not show it
    assert any(code_of(a) == PIGS for a in view(g, 0).legal_actions)
    assert view(g, 1).order == view(g, 0).order == NORMAL_ORDER
    assert to_dict(encode(0, PIGS)) == {"seat": 0, "action": "pigs"}
    assert from_dict({"seat": 1, "action": "hyperpigs"}) == encode(1, HYPERPIGS)
    g.apply(encode(0, PIGS))
    rec = to_record(g)
    assert {"seat": 0, "action": "pigs"} in rec["actions"]
    r = replay(rec)
    assert r.order is g.order and r.pig_seats == [0]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31), query=st.booleans(), nines=st.booleans(),
       solo=st.sampled_from(("never", "diamonds", "trump")))
def test_random_games_zero_sum_240_augen_replay(seed: int, query: bool, nines: bool,
                                                 solo: str) -> None:
    rules = Rules(name="h", pigs="query" if query else "play", pigs_solo=solo, superpigs=True,
                  hyperpigs=True, nines=nines)
    rng = random.Random(seed)
    g = Game.deal(seed, rules=rules)
    while not g.is_over:
        acts = g.legal_actions()
        pigs = [a for a in acts if code_of(a) in (PIGS, SUPERPIGS, HYPERPIGS)]
        g.apply(pigs[0] if pigs and rng.random() < 0.7 else rng.choice(acts))
    assert g.re_eyes() + g.kontra_eyes() == 240
    s = game_result(g)
    assert sum(s.seat_scores(g.re_seats())) == 0
    r = replay(to_record(g))
    assert r.history == g.history and summary_of(r) == summary_of(g)


@pytest.mark.parametrize("name", ["rules", "random", "search", "uct", "search_native"])
def test_players_play_whole_games_with_schweinchen(name: str) -> None:
    """Each computer player plays whole games under the Schweinchen rules without an illegal
    action (play_game raises on one); the rules player announces them."""
    announced = 0
    for seed in range({"search": 1, "search_native": 2, "uct": 2}.get(name, 6)):
        if seed < 2:  # the Normalspiel of HANDS: every level, announced when played or before
            g = _healthy((PLAY, QUERY)[seed])
        else:
            g = Game.deal(seed, rules=Rules(name="h", pigs="play", superpigs=True,
                                            hyperpigs=True, pigs_solo="trump", nines=seed > 3))
        play_game(g, quick_players(name, seed))
        assert g.is_over
        announced += g.pig_level
    if name == "rules":
        assert announced >= 6  # the deals of HANDS: all three levels, both variants


@pytest.mark.skipif(not native_available(), reason="the native core is not built")
def test_solver_values_equal_between_backends_under_pig_orders() -> None:
    from doko.solver.search import solve

    rng = random.Random(3)
    compared = 0
    for seed in range(40):
        g = Game.deal(seed, rules=PLAY)
        for _ in range(4):
            g.apply(encode(g.to_move, HEALTHY))
        while not g.is_over and len(g.tricks) < 8:
            acts = g.legal_actions()
            pigs = [a for a in acts if code_of(a) in (PIGS, SUPERPIGS, HYPERPIGS)]
            g.apply(pigs[0] if pigs else rng.choice(g.legal_plays()))
        if g.is_over or g.pig_level == 0 or g.trick:
            continue
        a, b = solve(g, backend="python"), solve(g, backend="native")
        assert (a.re_eyes, a.best_moves) == (b.re_eyes, b.best_moves)
        compared += 1
    assert compared >= 5


def test_terminal_announces_and_shows_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """doko play: "schweinchen ♦A" announces and plays in one line; the table shows who
    announced; an announcement the rules refuse is explained, nothing changes."""
    from doko.tui.parse import parse

    assert [t.value for t in parse("schweinchen superpigs hyperschweinchen")] == [
        PIGS, SUPERPIGS, HYPERPIGS]
    g = _healthy(PLAY)
    t, out = table(g, 0, monkeypatch)
    assert "Superschweinchen ansagen ist nicht möglich" in said(t, out, "superschweinchen")
    t._handle("schweinchen ♦A")
    assert g.history[-2:] == [encode(0, PIGS), encode(0, AD)] and g.pig_seats == [0]
    t._update()
    assert "Du: Schweinchen!" in out.getvalue()


def test_web_table_takes_the_announcements() -> None:
    """The web table's schema takes the announcements in record form (a button per legal
    action in the browser, labelled from web.ui.<action>)."""
    pytest.importorskip("pydantic")
    from doko.engine.texts import text
    from doko.server.schema import ActionMsg, parse_message

    for name, code in (("pigs", PIGS), ("superpigs", SUPERPIGS), ("hyperpigs", HYPERPIGS)):
        msg = parse_message(f'{{"type": "action", "action": {{"action": "{name}"}}}}')
        assert isinstance(msg, ActionMsg)
        assert from_dict({**msg.action.record(), "seat": 2}) == encode(2, code)
        assert text("web.ui." + name, "de").lower().endswith("schweinchen")
