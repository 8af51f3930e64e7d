"""Trick winners in every game kind (TSR 2.3, 5.3.3) and the Bedienpflicht (TSR 5.2), played
through :class:`doko.engine.game.Game`."""

from __future__ import annotations

import pytest

from conftest import (
    assert_illegal,
    assert_legal,
    cards,
    play,
    start_normal,
    start_solo,
    trick_game,
    trick_winner,
)
from doko.engine.actions import code_of, encode
from doko.engine.cards import EYES, card_code, parse_card

# (game kind, trick in play order, position 0..3 of the winner)
WINNERS = [
    # Normalspiel (TSR 2.3.4)
    ("normal", "TH QC QS QH", 0),  # ♥10 is the top trump
    ("normal", "QC TH QS QH", 1),
    ("normal", "9D JD QD 9C", 2),  # ♦ lead asks for trump, ♦Q highest
    ("normal", "AD TD KD 9D", 0),  # ♦A over ♦10 over ♦K over ♦9
    ("normal", "JC JS JH JD", 0),
    ("normal", "JD JH JS JC", 3),
    ("normal", "AC TC KC 9C", 0),
    ("normal", "9C KC TC AC", 3),
    ("normal", "AH KH 9H 9D", 3),  # a ♦9 ruffs a heart lead
    ("normal", "AH KH TH 9H", 2),  # ♥10 is trump: it ruffs ♥A
    ("normal", "KS AH AC 9S", 0),  # off-suit cards never win
    ("normal", "9S 9D TH 9S", 2),  # overruff
    # Karo solo: as Normalspiel (TSR 2.3.5)
    ("diamonds", "TH QC 9D AD", 0),
    ("diamonds", "AD TD KD 9D", 0),
    ("diamonds", "AH KH 9H 9D", 3),
    # Herz solo: 24 trumps, ♥10 top, hearts A K 9 are trumps, diamonds plain (TSR 2.3.5)
    ("hearts", "AH KH 9H JD", 3),
    ("hearts", "9H KH AH 9S", 2),
    ("hearts", "AH TH QC 9H", 1),
    ("hearts", "AD TD KD 9D", 0),  # diamonds are plain: no trump played
    ("hearts", "9D AD 9H TD", 2),  # the ♥9 ruffs a diamond
    ("hearts", "AS TS KS JS", 3),
    # Pik and Kreuz solo (TSR 2.3.5)
    ("spades", "AS TS KS 9S", 0),
    ("spades", "9S AS JD 9D", 2),
    ("spades", "AD TD KD 9D", 0),  # diamonds plain
    ("spades", "AD 9S TD KD", 1),
    ("spades", "AH KH TH 9H", 2),  # ♥10 stays the top trump
    ("clubs", "AC TC KC 9C", 0),
    ("clubs", "9C AC QH 9D", 2),
    ("clubs", "KD 9D AD 9C", 3),  # the ♣9 is trump
    ("clubs", "AS TS KS 9C", 3),
    # Damensolo: only queens are trump; ♥10 is a plain heart (TSR 2.3.6)
    ("queens", "QD QH QS QC", 3),
    ("queens", "AH TH KH JH", 0),
    ("queens", "TH AH KH 9H", 1),  # ♥10 is an ordinary heart under ♥A
    ("queens", "TH KH JH 9H", 0),  # and above ♥K
    ("queens", "KH JH 9H QD", 3),  # ♦Q ruffs
    ("queens", "KC JC 9C TH", 0),  # ♥10 does not ruff
    ("queens", "9D JD AD KD", 2),  # diamonds plain, ♦J under ♦K
    ("queens", "JS KS 9S TS", 3),
    # Bubensolo (TSR 2.3.6)
    ("jacks", "JD JH JS JC", 3),
    ("jacks", "QC KC 9C AC", 3),  # ♣Q is an ordinary club under ♣K
    ("jacks", "QC 9C AC JD", 3),
    ("jacks", "TH AH QH 9H", 1),
    ("jacks", "QD KD 9D TD", 3),
    ("jacks", "AS TH QS KS", 0),
    # Fleischloser: no trumps (TSR 2.3.7)
    ("meatless", "QC JC 9C KC", 3),
    ("meatless", "TH AH QH JH", 1),
    ("meatless", "9D QC TH JS", 0),  # nothing ruffs
    ("meatless", "KS QS AS TS", 2),
    ("meatless", "JC 9C QC KC", 3),
]


@pytest.mark.parametrize(("kind", "trick", "winner"), WINNERS)
def test_trick_winner_by_card_order(kind: str, trick: str, winner: int) -> None:
    """TSR 2.3.4 to 2.3.7 and 5.3.3: the trick goes to the highest trump, else to the highest
    card of the led suit."""
    assert trick_winner(kind, trick) == winner
    # the same trick led by another seat: the winner's position is the same
    assert trick_winner(kind, trick, leader=2) == winner


EQUAL_CARDS = [
    ("normal", "TH TH QC 9D", 0),  # TSR 5.3.3: also for the ♥10
    ("normal", "9D TH TH QC", 1),
    ("normal", "QC QS QC 9D", 0),
    ("normal", "9C AC AC KC", 1),
    ("normal", "AH AH KH 9D", 3),  # the ruff still wins
    ("normal", "9D AD AD TD", 1),
    ("diamonds", "TH TH 9D 9D", 0),
    ("hearts", "TH TH AH 9H", 0),
    ("hearts", "9H AH AH KH", 1),
    ("spades", "AS AS TS 9S", 0),
    ("clubs", "9C JC JC 9C", 1),
    ("queens", "QC QC QS QH", 0),
    ("queens", "TH TH AH 9H", 2),
    ("queens", "AH AH TH TH", 0),
    ("jacks", "JC JC JS JD", 0),
    ("jacks", "AC AC 9C TC", 0),
    ("meatless", "AD AD TD 9D", 0),
    ("meatless", "9S AS AS TS", 1),
]


@pytest.mark.parametrize(("kind", "trick", "winner"), EQUAL_CARDS)
def test_first_of_two_equal_cards_wins(kind: str, trick: str, winner: int) -> None:
    """TSR 5.3.3: of two equal cards the one played first ranks higher, the ♥10 included (the
    second ♥10 beating the first is a house rule)."""
    assert trick_winner(kind, trick) == winner
    assert trick_winner(kind, trick, leader=3) == winner


def test_trick_is_recorded_and_winner_leads_next() -> None:
    """TSR 5.1.2, 5.3.4: the winner takes the trick's Augen and leads the next trick."""
    g = trick_game("normal", "9C AC KC TC", leader=1)
    play(g, "9C AC KC TC")
    assert g.tricks == [(1, tuple(parse_card(c) for c in cards("9C AC KC TC")), 2)]
    assert g.to_move == 2 and g.trick_leader == 2 and g.trick == []
    assert g.eyes[2] == sum(EYES[parse_card(c)] for c in ("9C", "AC", "KC", "TC")) == 25
    assert g.won == [0, 0, 1, 0]


# -- Bedienpflicht (TSR 5.2) -------------------------------------------------------------------

# seat 0 leads trick 1 (dealer 3). Seat 1 holds hearts and the ♥10; seat 2 no hearts but ♥10.
BED_HANDS = (
    "AH 9C 9C KC KC AC AC TC TC 9S 9S KS",
    "KH TH QS JS AD 9D 9H TS TS AS AS KS",
    "TH QC QS QH QD JC JS JH JD AD TD KD",
    None,
)


def _plays(g, seat: int) -> set[str]:  # type: ignore[no-untyped-def]
    return {card_code(code_of(a)) for a in g.legal_actions(seat) if code_of(a) < 24}


def test_normal_heart_lead_is_followed_by_hearts_not_the_heart_ten() -> None:
    """TSR 2.3.4, 5.2.2: in a Normalspiel the ♥10 is trump, so a ♥A lead asks for KH/9H;
    the ♥10 does not follow hearts."""
    g = start_normal(*BED_HANDS, dealer=3)
    assert g.contract_name == "normal" and g.to_move == 0
    play(g, "AH")
    assert _plays(g, 1) == {"KH", "9H"}
    assert_illegal(g, encode(1, parse_card("TH")), "5.2.2")
    assert_illegal(g, encode(1, parse_card("QS")), "5.2.2")
    play(g, "KH")
    # seat 2 has no plain heart (its ♥10 is trump): any card, trump or not
    assert _plays(g, 2) == {"TH", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD",
                            "KD"}
    play(g, "TH")
    assert g.tricks == [] and len(g.trick) == 3


def test_diamond_lead_asks_for_trump_in_normalspiel() -> None:
    """TSR 2.3.4, 5.2.2: diamonds are trumps, so a ♦ lead must be answered with any trump
    (a queen, a jack or the ♥10 included), not with a plain card."""
    g = start_normal(
        "9D 9C 9C KC KC AC AC TC TC 9S 9S KS",
        "TH QS 9H 9H KH AH AS AS TS TS KS JD",
        None,
        "QC JC JC KD KD AD AD TD TD QD QD 9D",
        dealer=3,
    )
    assert g.contract_name == "normal"
    play(g, "9D")
    assert _plays(g, 1) == {"TH", "QS", "JD"}
    assert_illegal(g, encode(1, parse_card("AH")), "5.2.2")
    play(g, "JD")
    assert g.hand_codes(2).count("QC") == 1
    assert not any(card_code(code_of(a))[1] in "CSH" and card_code(code_of(a)) not in (
        "TH", "QC", "QS", "QH", "JC", "JS", "JH") for a in g.legal_actions(2)
        if code_of(a) < 24)  # seat 2 holds trumps: only trumps


def test_no_trump_in_hand_allows_any_card_on_trump_lead() -> None:
    """TSR 5.2.3: who cannot follow a trump lead may play any card."""
    g = start_normal(
        "QD 9C 9C KC KC AC AC TC TC 9S 9S KS",
        "9H 9H KH KH AH AH AS AS TS TS KS QC",
        "QC QS QS QH QH QD JC JC JS JS JH JH",
        None,
        dealer=3,
    )
    play(g, "QD")
    assert _plays(g, 1) == {"QC"}  # must play the one trump
    play(g, "QC")
    assert g.trick_leader == 0 and len(g.trick) == 2


def test_void_in_led_suit_may_ruff_or_discard() -> None:
    """TSR 5.2.3: without the led plain suit a player may ruff or play any other card."""
    g = start_normal(*BED_HANDS, dealer=3)
    play(g, "AH KH")
    for c in ("TH", "QC", "KD"):
        assert_legal(g, encode(2, parse_card(c)))


def test_hearts_solo_heart_lead_asks_for_trump() -> None:
    """TSR 2.3.5: in a hearts solo hearts are trumps; a ♥A lead asks for trump (♥10, queens,
    jacks, hearts), a plain diamond does not follow."""
    g = start_solo(*BED_HANDS, soloist=0, solo="hearts", dealer=3)
    assert g.to_move == 0
    play(g, "AH")
    assert _plays(g, 1) == {"KH", "TH", "QS", "JS", "9H"}
    assert_illegal(g, encode(1, parse_card("AD")), "5.2.2")


def test_damensolo_heart_lead_is_followed_by_heart_ten_not_queen() -> None:
    """TSR 2.3.6: in a Damensolo the ♥10 is a plain heart and must follow a heart lead; the ♥Q
    is trump and does not follow hearts."""
    g = start_solo(
        "AH 9C 9C KC KC AC AC TC TC 9S 9S KS",
        "TH QH JS AD 9D TS TS AS AS KS JC JC",
        None,
        soloist=0, solo="queens", dealer=3,
    )
    play(g, "AH")
    assert _plays(g, 1) == {"TH"}
    assert_illegal(g, encode(1, parse_card("QH")), "5.2.2")


def test_bubensolo_and_fleischloser_queens_are_plain() -> None:
    """TSR 2.3.6, 2.3.7: in a Bubensolo and in a Fleischloser the ♣Q is an ordinary club; in a
    Fleischloser the jacks too."""
    spec = ("AC 9H 9H KH KH AH AH 9S 9S KS KS AS",
            "QC JC JD 9D KD AD TD TD AS TS TS 9D",
            None)
    g = start_solo(*spec, soloist=0, solo="jacks", dealer=3)
    play(g, "AC")
    assert _plays(g, 1) == {"QC"}  # ♣J is trump, ♣Q follows clubs
    g = start_solo(*spec, soloist=0, solo="meatless", dealer=3)
    play(g, "AC")
    assert _plays(g, 1) == {"QC", "JC"}


def test_playing_out_of_turn_or_a_card_not_held_is_refused() -> None:
    """TSR 5.1, 5.2.1: only the seat on turn plays, and only a card it holds."""
    g = start_normal(*BED_HANDS, dealer=3)
    assert_illegal(g, encode(1, parse_card("KH")))
    assert_illegal(g, encode(0, parse_card("QC")))  # seat 0 holds no ♣Q


def test_action_of_a_seat_out_of_range_is_an_illegal_action() -> None:
    """TSR 5.1, 5.2.1: an action of a seat that is not 0..3 (nobody) is refused like any
    illegal action (IllegalActionError), and changes nothing."""
    g = start_normal(*BED_HANDS, dealer=3)
    for seat in (4, 5, 7):
        assert_illegal(g, encode(seat, parse_card("AH")))
        assert_illegal(g, encode(seat, 35))
