"""Cards, codes and Augen (TSR 2.2) and the card orders of every game kind (TSR 2.3)."""

from __future__ import annotations

import itertools

import pytest

from doko.engine.cards import (
    AD,
    EYES,
    JC,
    NUM_KINDS,
    QC,
    TH,
    CardError,
    card_code,
    card_name,
    card_symbol,
    deck,
    hand_add,
    hand_count,
    hand_eyes,
    hand_from_codes,
    hand_kinds,
    hand_remove,
    hand_size,
    is_card_code,
    kind,
    parse_card,
    rank_of,
    suit_of,
)
from doko.engine.contracts import (
    NORMAL_ORDER,
    ORDERS,
    TRUMP,
    order_of_solo,
    trick_winner,
)

SUITS = "CSHD"
RANKS = "9JQKTA"


def test_kind_numbering_suit_times_six_plus_rank() -> None:
    """TSR 2.2: the 24 card kinds; kind = suit*6 + rank, suits C S H D, ranks 9 J Q K T A."""
    for s, sc in enumerate(SUITS):
        for r, rc in enumerate(RANKS):
            k = kind(s, r)
            assert k == s * 6 + r
            assert card_code(k) == rc + sc
            assert parse_card(rc + sc) == k
            assert suit_of(k) == s and rank_of(k) == r
    assert (QC, TH, AD, JC) == (2, 16, 23, 1)


@pytest.mark.parametrize(
    ("code", "expected"),
    [("QC", "QC"), ("10H", "TH"), ("th", "TH"), ("10d", "TD"), (" AS ", "AS"), ("9c", "9C")],
)
def test_parse_card_accepts_code_variants(code: str, expected: str) -> None:
    """TSR 2.2: card codes, with 10 accepted for T and any case."""
    assert card_code(parse_card(code)) == expected
    assert is_card_code(code)


@pytest.mark.parametrize("code", ["", "1H", "QX", "ZC", "11H", "QCC", "Q", "10", "BC"])
def test_parse_card_rejects_bad_codes(code: str) -> None:
    """TSR 2.2: only the 24 Doppelkopf cards exist; anything else is a CardError."""
    with pytest.raises(CardError) as info:
        parse_card(code)
    assert isinstance(info.value, ValueError)
    assert not is_card_code(code)


def test_parse_card_rejects_non_strings() -> None:
    """TSR 2.2: a card code is a string."""
    with pytest.raises(CardError):
        parse_card(None)  # type: ignore[arg-type]
    assert not is_card_code(16)


def test_card_names_and_symbols() -> None:
    """TSR 2.2: German card names (Kreuz-Dame, ♥10) and English ones."""
    assert card_symbol(TH) == "♥10"
    assert card_symbol(QC, "de") == "♣D" and card_symbol(QC, "en") == "♣Q"
    assert card_name(QC) == "Kreuz-Dame"
    assert card_name(AD, "en") == "ace of diamonds"


def test_augen_per_rank_and_240_in_the_deck() -> None:
    """TSR 2.2: A 11, 10 10, K 4, D 3, B 2, 9 0; 60 per suit, 240 in all."""
    by_rank = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
    for k in range(NUM_KINDS):
        assert EYES[k] == by_rank[card_code(k)[0]]
    d = deck()
    assert len(d) == 48 and all(d.count(k) == 2 for k in range(NUM_KINDS))
    assert sum(EYES[k] for k in d) == 240
    for s in range(4):
        assert sum(2 * EYES[kind(s, r)] for r in range(6)) == 60


def test_hand_bitsets_hold_each_card_at_most_twice() -> None:
    """TSR 2.2.1: every card exists twice, so no hand holds a third copy."""
    h = hand_from_codes(["QC", "QC", "9S"])
    assert hand_size(h) == 3 and hand_count(h, QC) == 2
    assert hand_kinds(h) == [QC, QC, parse_card("9S")]
    assert hand_eyes(h) == 6
    with pytest.raises(CardError):
        hand_add(h, QC)  # every card exists twice
    h = hand_remove(h, QC)
    assert hand_count(h, QC) == 1 and hand_size(h) == 2


# -- card orders (TSR 2.3.4 to 2.3.7) ----------------------------------------------------------

DIAMOND_LIKE = "TH QC QS QH QD JC JS JH JD"
EXPECTED_ORDERS: dict[str, tuple[str, dict[str, str]]] = {
    # name: (trumps high to low, plain suits high to low)
    "normal": (DIAMOND_LIKE + " AD TD KD 9D",
               {"C": "AC TC KC 9C", "S": "AS TS KS 9S", "H": "AH KH 9H"}),
    "diamonds": (DIAMOND_LIKE + " AD TD KD 9D",
                 {"C": "AC TC KC 9C", "S": "AS TS KS 9S", "H": "AH KH 9H"}),
    "hearts": (DIAMOND_LIKE + " AH KH 9H",
               {"C": "AC TC KC 9C", "S": "AS TS KS 9S", "D": "AD TD KD 9D"}),
    "spades": (DIAMOND_LIKE + " AS TS KS 9S",
               {"C": "AC TC KC 9C", "H": "AH KH 9H", "D": "AD TD KD 9D"}),
    "clubs": (DIAMOND_LIKE + " AC TC KC 9C",
              {"S": "AS TS KS 9S", "H": "AH KH 9H", "D": "AD TD KD 9D"}),
    "queens": ("QC QS QH QD",
               {s: " ".join(r + s for r in "ATKJ9") for s in SUITS}),
    "jacks": ("JC JS JH JD",
              {s: " ".join(r + s for r in "ATKQ9") for s in SUITS}),
    "meatless": ("",
                 {s: " ".join(r + s for r in "ATKQJ9") for s in SUITS}),
}


def _order(name: str):  # type: ignore[no-untyped-def]
    return ORDERS[NORMAL_ORDER if name == "normal" else order_of_solo(name)]


@pytest.mark.parametrize("name", list(EXPECTED_ORDERS))
def test_card_order_trumps_and_plain_suits(name: str) -> None:
    """TSR 2.3.4 (Normalspiel), 2.3.5 (Farbsoli), 2.3.6 (Damen-/Bubensolo), 2.3.7 (Fleischloser).

    Trumps high to low; every other card is plain in its printed suit, ranked as listed.
    """
    order = _order(name)
    trumps, plain = EXPECTED_ORDERS[name]
    assert [card_code(k) for k in order.trumps] == trumps.split()
    for s, seq in plain.items():
        assert [card_code(k) for k in order.plain(SUITS.index(s))] == seq.split()
    # every kind is exactly one of: a trump, or a plain card of its printed suit
    listed = trumps.split() + [c for seq in plain.values() for c in seq.split()]
    assert sorted(listed) == sorted(card_code(k) for k in range(NUM_KINDS))


@pytest.mark.parametrize(
    ("name", "n_trumps"),
    [("normal", 26), ("diamonds", 26), ("clubs", 26), ("spades", 26), ("hearts", 24),
     ("queens", 8), ("jacks", 8), ("meatless", 0)],
)
def test_number_of_trump_cards(name: str, n_trumps: int) -> None:
    """TSR 2.3.4/2.3.5/2.3.6: 26 trumps; 24 in a hearts solo; 8 in Damen-/Bubensolo; none."""
    order = _order(name)
    assert 2 * sum(order.eff_suit[k] == TRUMP for k in range(NUM_KINDS)) == n_trumps


def _rank_list(name: str) -> list[list[str]]:
    trumps, plain = EXPECTED_ORDERS[name]
    return [trumps.split(), *(seq.split() for seq in plain.values())]


@pytest.mark.parametrize("name", list(EXPECTED_ORDERS))
def test_every_pair_of_cards_beats_by_the_order(name: str) -> None:
    """TSR 2.3.2, 5.3.3: for every pair of cards a (led) and b (played second), b wins exactly
    when b is a higher card of the led suit or a trump on a plain lead or a higher trump."""
    order = _order(name)
    groups = _rank_list(name)
    pos = {c: (gi, i) for gi, g in enumerate(groups) for i, c in enumerate(g)}
    for a, b in itertools.product(range(NUM_KINDS), repeat=2):
        ga, ia = pos[card_code(a)]
        gb, ib = pos[card_code(b)]
        a_trump = bool(EXPECTED_ORDERS[name][0]) and ga == 0
        b_trump = bool(EXPECTED_ORDERS[name][0]) and gb == 0
        expected = (b_trump and not a_trump) or (ga == gb and ib < ia)
        assert order.beats(b, a) == expected, (name, card_code(a), card_code(b))
        # and as a whole trick with two later cards that cannot win: a 9 of a suit not led
        filler = [k for k in range(NUM_KINDS)
                  if pos[card_code(k)][0] not in (0, ga) and card_code(k)[0] == "9"][:1]
        if filler:
            t = [a, b, filler[0], filler[0]]
            assert trick_winner(order, t) == (1 if expected else 0)
