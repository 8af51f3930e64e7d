"""Farbsoli without the Dullen (house rule ``Rules.solo_dullen = False``; docs/rules.md
"Weitere Soli").

TSR 2.3.5: in a Farbsolo the ♥10 stay the highest trumps, above the queens. Many private tables
and FreeDoko (its rule "Dullen" can be switched off) play the Farbsoli without them: the trumps
are the queens, the jacks and the trump suit's A 10 K 9; the ♥10 is a plain heart between ♥A and
♥K, in a Herz-Solo the ten of the trump suit. The option goes before ``dulle_moves`` (no ten is on
top then); Damen-, Buben- and Fleischlos-Solo, the Normalspiel and the Hochzeit (also one that
turns into a Karo-Solo, TSR 4.4.3) keep their orders.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doko.engine.actions import HEALTHY, RESERVATION, SOLO_BASE, encode
from doko.engine.cards import TH, card_code, deck, parse_card
from doko.engine.contracts import (
    ORDERS,
    SOLO_CONTRACTS,
    SOLO_NAMES,
    TRUMP,
    order_of,
    trick_winner,
)
from doko.engine.game import PLAY, Game
from doko.engine.record import replay, to_record
from doko.engine.result import game_result
from doko.engine.rules import ERWEITERT, TSR, Rules
from doko.engine.vocab import Contract
from quick_players import play_out_randomly

WITHOUT = Rules(name="h", solo_dullen=False)


def codes(order_index: int) -> list[str]:
    return [card_code(k) for k in ORDERS[order_index].trumps]


def test_the_four_orders() -> None:
    """Each Farbsolo: queens, jacks, then the suit's A 10 K 9; no Dulle (no ten on top)."""
    for contract, suit in ((Contract.SOLO_DIAMONDS, "D"), (Contract.SOLO_HEARTS, "H"),
                           (Contract.SOLO_SPADES, "S"), (Contract.SOLO_CLUBS, "C")):
        i = order_of(contract, solo_dullen=False)
        assert codes(i) == ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD",
                            "A" + suit, "T" + suit, "K" + suit, "9" + suit]
        assert ORDERS[i].dulle == -1
        # the moving Dulle (house rule) does not bring a ten back on top
        assert order_of(contract, dulle_moves=True, solo_dullen=False) == i
    # TSR 2.3.5 with the option off: the ♥10 on top
    assert codes(order_of(Contract.SOLO_SPADES))[0] == "TH"


def test_other_contracts_keep_their_orders() -> None:
    for contract in (Contract.NORMAL, Contract.MARRIAGE, Contract.SILENT_MARRIAGE,
                     Contract.SOLO_QUEENS, Contract.SOLO_JACKS, Contract.SOLO_MEATLESS):
        assert order_of(contract, solo_dullen=False) == order_of(contract)


def test_heart_ten_is_a_plain_heart_in_a_kreuz_solo() -> None:
    """Kreuz-Solo without Dullen: ♥A beats a ♥10 led; any trump beats it; a ♥10 played on a
    heart lead follows suit."""
    o = ORDERS[order_of(Contract.SOLO_CLUBS, solo_dullen=False)]
    ah, kh, nine_c = parse_card("AH"), parse_card("KH"), parse_card("9C")
    assert o.eff_suit[TH] != TRUMP and o.eff_suit[TH] == o.eff_suit[ah]
    assert trick_winner(o, [TH, kh, ah, kh]) == 2
    assert trick_winner(o, [TH, kh, nine_c, kh]) == 2
    assert trick_winner(o, [kh, TH, kh, kh]) == 1


def test_heart_ten_in_a_herz_solo_ranks_as_the_suits_ten() -> None:
    o = ORDERS[order_of(Contract.SOLO_HEARTS, solo_dullen=False)]
    jd, ah = parse_card("JD"), parse_card("AH")
    assert trick_winner(o, [TH, jd]) == 1  # a jack beats it (TSR 2.3.5 would say the ♥10)
    assert trick_winner(o, [TH, ah]) == 1
    assert trick_winner(o, [TH, parse_card("KH")]) == 0


def _solo(seed: int, solo: str, rules: Rules) -> Game:
    g = Game.deal(seed, dealer=3, rules=rules)
    for _ in range(4):
        s = g.to_move
        g.apply(encode(s, RESERVATION if s == 0 else HEALTHY))
    g.apply(encode(0, SOLO_BASE + SOLO_NAMES.index(solo)))
    assert g.phase == PLAY
    return g


@pytest.mark.parametrize("solo", ["diamonds", "hearts", "spades", "clubs"])
def test_a_game_plays_in_the_order(solo: str) -> None:
    g = _solo(1, solo, WITHOUT)
    assert g.order is ORDERS[order_of(SOLO_CONTRACTS[SOLO_NAMES.index(solo)],
                                       solo_dullen=False)]
    assert _solo(1, solo, TSR).order.dulle == TH
    assert ERWEITERT.solo_dullen is False and TSR.solo_dullen is True
    assert Rules.from_json(to_record(g)["rules"]) == WITHOUT


def _random_game(seed: int, rules: Rules) -> Game:
    g = _solo(seed, SOLO_NAMES[seed % 4], rules) if seed % 3 else Game.deal(seed, rules=rules)
    return play_out_randomly(g, random.Random(seed), 0.98)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), dulle=st.sampled_from(["first", "second"]),
       nines=st.booleans())
def test_random_games_without_dullen(seed: int, dulle: str, nines: bool) -> None:
    """Zero sum, 240 Augen, the record replays to the same game."""
    rules = Rules(name="h", solo_dullen=False, dulle=dulle, nines=nines)
    g = _random_game(seed, rules)
    assert g.re_eyes() + g.kontra_eyes() == 240
    r = game_result(g)
    assert sum(r.seat_scores(g.re_seats())) == 0
    again = replay(to_record(g))
    assert again.history == g.history and game_result(again) == r


def test_the_native_core_plays_the_same() -> None:
    """Both engines: the same card order index, legal plays at every step, and score."""
    pytest.importorskip("doko_native")
    from doko.engine.native import native_game_class

    native = native_game_class()
    for seed in range(120):
        g = _random_game(seed, WITHOUT)
        dealer = 3 if seed % 3 else 0
        p = Game.deal(seed, dealer=dealer, rules=WITHOUT)
        n = native.deal(seed, dealer=dealer, rules=WITHOUT)
        for a in g.history:
            assert n.legal_actions() == p.legal_actions()
            p.apply(a)
            n.apply(a)
        assert n.order_index == ORDERS.index(g.order)
        assert n.result() == g.result()


def test_all_cards_exist_once_in_each_order() -> None:
    for i in range(10, 14):
        o = ORDERS[i]
        assert len(o.trumps) == 12
        assert sorted(o.trumps + tuple(k for s in range(4) for k in o.plain(s))) == list(
            range(24)) == sorted(set(deck()))
