"""The picture solos (house rules ``Rules.solo_kings`` ... ``solo_koehler``; docs/rules.md
"Weitere Soli").

FreeDoko's rule summary ("Regeln Kurzreferenz", Soli) lists besides the TSR's solos the
Damen-Buben-Solo ("nur Damen und Buben sind Trumpf") and the Köhler ("nur Könige, Damen und Buben
sind Trumpf"), and its rule configuration the picture solos ("Bildsoli") one by one; private
tables' rule pages add the Königssolo and the two-picture solos with the kings. The trumps are
the pictures named, higher rank above lower (king, queen, jack), each rank in the suit order
♣ ♠ ♥ ♦ as the TSR orders queens and jacks (TSR 2.3.4, 2.3.6); every other card, the ♥10 too,
stays in its suit in the order A 10 K D B 9 (FreeDoko: "Alle nicht-Trumpfkarten werden
eingereiht"). Each is a solo like the TSR's: a Pflichtsolo or a Lustsolo (TSR 4.2.1 "Jede
Soloart", 4.3.1), scored as a solo (TSR 7.2.4).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doko.engine.actions import (
    HEALTHY,
    NUM_CODES,
    PICTURE_SOLO_BASE,
    RESERVATION,
    SOLO_CODES,
    describe,
    encode,
    from_dict,
    solo_code,
    to_dict,
)
from doko.engine.cards import HEARTS, SPADES, card_code, deck, parse_card
from doko.engine.contracts import (
    ORDERS,
    PICTURE_SOLO_CONTRACTS,
    TRUMP,
    order_of,
    trick_winner,
)
from doko.engine.errors import IllegalActionError
from doko.engine.game import NAMING, PLAY, Game
from doko.engine.record import replay, to_record
from doko.engine.result import game_result
from doko.engine.rules import PICTURE_SOLO_OPTIONS, TSR, Rules, with_options
from doko.engine.vocab import Contract
from quick_players import play_out_randomly

ALL = with_options(TSR, dict.fromkeys(PICTURE_SOLO_OPTIONS, True))
PICTURES = ("kings", "queens_jacks", "kings_queens", "kings_jacks", "koehler")


def trumps(name: str) -> list[str]:
    return [card_code(k) for k in ORDERS[order_of(Contract.from_solo_name(name))].trumps]


def test_the_trump_orders() -> None:
    """Higher pictures above lower ones, each rank ♣ ♠ ♥ ♦ (FreeDoko's Köhler: kings, queens
    and jacks trump)."""
    assert trumps("kings") == ["KC", "KS", "KH", "KD"]
    assert trumps("queens_jacks") == ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD"]
    assert trumps("kings_queens") == ["KC", "KS", "KH", "KD", "QC", "QS", "QH", "QD"]
    assert trumps("kings_jacks") == ["KC", "KS", "KH", "KD", "JC", "JS", "JH", "JD"]
    assert trumps("koehler") == ["KC", "KS", "KH", "KD", "QC", "QS", "QH", "QD",
                                 "JC", "JS", "JH", "JD"]
    assert [order_of(c) for c in PICTURE_SOLO_CONTRACTS] == [14, 15, 16, 17, 18]
    # no Dulle in a picture solo, whatever the Dulle options say
    for c in PICTURE_SOLO_CONTRACTS:
        assert order_of(c, dulle_moves=True, solo_dullen=False) == order_of(c)
        assert ORDERS[order_of(c)].dulle == -1


def test_every_card_once_and_plain_suits_in_rank_order() -> None:
    """The other cards stay in their suits: A 10 K D B 9 with the trump pictures taken out."""
    for c in PICTURE_SOLO_CONTRACTS:
        o = ORDERS[order_of(c)]
        plain = [k for s in range(4) for k in o.plain(s)]
        assert sorted([*o.trumps, *plain]) == sorted(set(deck()))
    o = ORDERS[order_of(Contract.SOLO_KINGS)]
    assert [card_code(k) for k in o.plain(HEARTS)] == ["AH", "TH", "QH", "JH", "9H"]
    o = ORDERS[order_of(Contract.SOLO_KOEHLER)]
    assert [card_code(k) for k in o.plain(SPADES)] == ["AS", "TS", "9S"]


def test_tricks_in_a_koehler_and_a_koenigssolo() -> None:
    """Köhler: the ♦J (lowest trump) beats a ♣A led; the first of two equal cards wins (TSR
    5.3.3); the ♥10 is a plain heart below the ♥A. Königssolo: a queen follows its suit."""
    koehler = ORDERS[order_of(Contract.SOLO_KOEHLER)]
    ac, jd, kc, th, ah = (parse_card(c) for c in ("AC", "JD", "KC", "TH", "AH"))
    assert trick_winner(koehler, [ac, jd, ac, ac]) == 1
    assert trick_winner(koehler, [kc, kc, jd, jd]) == 0
    assert trick_winner(koehler, [th, ah, th, th]) == 1
    kings = ORDERS[order_of(Contract.SOLO_KINGS)]
    qs, ts, kd = parse_card("QS"), parse_card("TS"), parse_card("KD")
    assert kings.eff_suit[qs] != TRUMP and kings.eff_suit[qs] == kings.eff_suit[ts]
    assert trick_winner(kings, [qs, ts, qs, qs]) == 1
    assert trick_winner(kings, [ts, qs, kd, qs]) == 2


def _named(seed: int, name: str, rules: Rules, pflicht: bool = False) -> Game:
    g = Game.deal(seed, dealer=3, rules=rules, owes_pflichtsolo=(pflicht, False, False, False))
    for _ in range(4):
        s = g.to_move
        g.apply(encode(s, RESERVATION if s == 0 else HEALTHY))
    g.apply(encode(0, solo_code(name)))
    assert g.phase == PLAY
    return g


@pytest.mark.parametrize("name", PICTURES)
def test_named_only_where_the_option_is_on(name: str) -> None:
    """Off (the TSR): not offered and refused with a message naming the solo; on: offered,
    played in its order, a solo of one seat (TSR 2.4.7), a Pflichtsolo led by the soloist
    (TSR 4.2.1, 4.2.2), in records and action texts."""
    g = Game.deal(4, dealer=3)
    for _ in range(4):
        s = g.to_move
        g.apply(encode(s, RESERVATION if s == 0 else HEALTHY))
    assert g.phase == NAMING
    code = solo_code(name)
    assert encode(0, code) not in g.legal_actions()
    with pytest.raises(IllegalActionError) as e:
        g.apply(encode(0, code))
    label = Contract.from_solo_name(name).label("de")
    assert e.value.key == "solo_not_played" and label in e.value.text("de")
    rules = with_options(TSR, {"solo_" + name: True})
    g = _named(4, name, rules, pflicht=True)
    assert g.contract == Contract.from_solo_name(name) and g.soloist == 0
    assert g.pflichtsolo and g.to_move == 0
    assert g.order is ORDERS[order_of(g.contract)]
    assert to_dict(encode(0, code)) == {"seat": 0, "action": "solo", "solo": name}
    assert from_dict({"seat": 0, "action": "solo", "solo": name}) == encode(0, code)
    assert label in describe(encode(0, code))
    assert Rules.from_json(to_record(g)["rules"]) == rules


def test_codes_and_options_line_up() -> None:
    assert SOLO_CODES[7:] == tuple(range(PICTURE_SOLO_BASE, PICTURE_SOLO_BASE + 5))
    assert NUM_CODES == PICTURE_SOLO_BASE + 5 <= 64
    assert [c.solo_name for c in PICTURE_SOLO_CONTRACTS] == list(PICTURES)
    assert tuple("solo_" + n for n in PICTURES) == PICTURE_SOLO_OPTIONS
    assert ALL.picture_solos == (True,) * 5 and TSR.picture_solos == (False,) * 5


#: rule sets combining the picture solos with the other options (no Dulle in their orders;
#: the options that act on a solo's lead, its hand size or Farbsoli must still work beside them)
COMBOS = (
    ALL,
    with_options(ALL, {"solo_dullen": False, "dulle_moves": True, "dulle": "second"}),
    with_options(ALL, {"nines": False, "soloist_leads": True}),
    with_options(ALL, {"re_kontra_double": True, "charlie_caught": True, "dulle_caught": True,
                       "fox_last_trick": True, "marriage_shift": False}),
)


def _random_game(seed: int, rules: Rules) -> Game:
    g = _named(seed, PICTURES[seed % 5], rules) if seed % 4 else Game.deal(seed, rules=rules)
    return play_out_randomly(g, random.Random(seed), 0.97)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), combo=st.integers(0, len(COMBOS) - 1))
def test_random_games_zero_sum_240_augen_replay(seed: int, combo: int) -> None:
    """Zero sum (TSR 7.2), 240 Augen (the nines count 0), the record replays identically."""
    rules = COMBOS[combo]
    g = _random_game(seed, rules)
    assert g.re_eyes() + g.kontra_eyes() == 240
    r = game_result(g)
    assert sum(r.seat_scores(g.re_seats())) == 0
    again = replay(to_record(g))
    assert again.history == g.history and game_result(again) == r


def test_the_native_core_plays_the_same() -> None:
    """Both engines in lock-step over games in every picture solo and combination: legal
    actions at every step, the order index, the refusal of a solo whose option is off, the
    score."""
    pytest.importorskip("doko_native")
    from doko.engine.native import native_game_class

    native = native_game_class()
    for seed in range(100):
        rules = COMBOS[seed % len(COMBOS)]
        g = _random_game(seed, rules)
        dealer = 3 if seed % 4 else 0
        p = Game.deal(seed, dealer=dealer, rules=rules)
        n = native.deal(seed, dealer=dealer, rules=rules)
        for a in g.history:
            assert n.legal_actions() == p.legal_actions()
            p.apply(a)
            n.apply(a)
        assert n.order_index == ORDERS.index(g.order) and n.contract == g.contract
        assert n.result() == g.result()
    # off at the table: the same refusal from both
    for cls in (Game, native):
        h = cls.deal(4, dealer=3)
        for _ in range(4):
            s = h.to_move
            h.apply(encode(s, RESERVATION if s == 0 else HEALTHY))
        with pytest.raises(IllegalActionError) as e:
            h.apply(encode(0, solo_code("koehler")))
        assert (e.value.key, e.value.params) == ("solo_not_played", {"seat": 0,
                                                                    "solo": "koehler"})


def test_the_solvers_agree_in_the_new_orders() -> None:
    """The Python and the native double-dummy solver give Re the same Augen in endgames of
    every picture solo (4 tricks left, some mid-trick)."""
    pytest.importorskip("doko_native")
    from doko.solver import NativeSolver, Solver

    for seed in range(40):
        rng = random.Random(seed)
        g = _named(seed, PICTURES[seed % 5], COMBOS[seed % 2])
        while g.tricks_total - len(g.tricks) > 4:
            g.apply(rng.choice(g.legal_plays()))
        for _ in range(rng.randrange(3)):
            g.apply(rng.choice(g.legal_plays()))
        py = Solver.for_game(g).future_value(g.hands, g.trick_leader, g.trick)
        nat = NativeSolver.for_game(g).future_value(g.hands, g.trick_leader, g.trick)
        assert py == nat, (seed, g.contract_name)


def test_the_spielliste_takes_a_picture_solo_where_the_rules_play_it() -> None:
    """``doko sheet add`` / ``Round.add_summary``: the solo kind ``koehler`` is a Pflichtsolo
    row (TSR 4.2.4) at a table that plays it, and refused at one that does not."""
    from doko.session.round import Round, RoundError

    r = Round(["A", "B", "C", "D"], 24, rules=ALL)
    row = r.add_summary({"contract": "solo", "re_eyes": 150}, [1], solo="koehler")
    assert row.kind == "solo_koehler" and row.pflichtsolo
    assert "Köhler" in row.label("de")
    plain = Round(["A", "B", "C", "D"], 24)
    with pytest.raises(RoundError) as e:
        plain.add_summary({"contract": "solo", "re_eyes": 150}, [1], solo="koehler")
    assert "koehler" in str(e.value) and "meatless" in str(e.value)
