"""Ansagen and Absagen: deadlines, skipping, replies, repeats, both parties (TSR 6)."""

from __future__ import annotations

import random

import pytest

from conftest import (
    ABSAGE_BY_LEVEL,
    CALL,
    MIN_CARDS,
    PLAY,
    advance_until,
    assert_illegal,
    call,
    can_call,
    check_deadline,
    play_auto,
    start_normal,
    start_solo,
)
from doko.engine.actions import (
    BLACK,
    CALL_KONTRA,
    CALL_RE,
    CLAIM,
    CONCEDE,
    NO90,
    WITHDRAW,
    call_code_for,
    code_of,
    encode,
    seat_of,
)
from doko.engine.game import Game

# Nobody holds both ♣Q: Re = seats 0 and 3, Kontra = seats 1 and 2. Dealer 0: seat 1 leads.
NORMAL = (
    "TH QC QH JC JH JD AD 9D TS 9S AH 9H",
    "TH JC JS JH AD KD 9D AC 9C KS 9S 9H",
    "QS QD JS JD TC KC KC 9C TS KS AH KH",
    "QC QS QH QD TD TD KD AC TC AS AS KH",
)
RE_SEATS = (0, 3)
KONTRA_SEATS = (1, 2)


def normal() -> Game:
    g = start_normal(*NORMAL, dealer=0)
    assert g.contract_name == "normal"
    assert g.is_re == [True, False, False, True]
    assert g.to_move == 1
    return g


def ansage(seat: int) -> str:
    return "re" if seat in RE_SEATS else "kontra"


def partner(seat: int) -> int:
    return {0: 3, 3: 0, 1: 2, 2: 1}[seat]


def holding(g: Game, seat: int, n: int, on_turn: bool | None = None) -> None:
    """Play on until ``seat`` holds ``n`` cards (and is, or is not, on turn)."""
    advance_until(g, lambda g: g.cards_in_hand(seat) == n
                  and (on_turn is None or (g.to_move == seat) == on_turn))


# -- deadlines (TSR 6.2.2, 6.3.4, 6.4.1) -------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_first_ansage_deadline_11_cards(seat: int) -> None:
    """TSR 6.2.2, 6.4.1: Re / Kontra with at least 11 cards in hand, on turn or not; refused
    with 10."""
    check_deadline(normal(), seat, ansage(seat), MIN_CARDS[1], "6.2.2")


@pytest.mark.parametrize("level", [2, 3, 4, 5])
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_absage_deadlines(level: int, seat: int) -> None:
    """TSR 6.3.4, 6.4.1: keine 90 with 10, keine 60 with 9, keine 30 with 8, schwarz with 7
    cards; each refused with one card fewer; on turn or not. The lower levels were made on time
    by the partner."""
    g = normal()
    prev = ansage(seat) if level == 2 else ABSAGE_BY_LEVEL[level - 1]
    call(g, partner(seat), prev)
    check_deadline(g, seat, ABSAGE_BY_LEVEL[level], MIN_CARDS[level], "6.3.4")


def test_cards_in_hand_is_the_callers_own_count() -> None:
    """TSR 6.1.1, 6.2.2: the count is the caller's own hand now: in trick 2 the seat that has
    already played holds 10 cards (too late for Re) while its partner, not yet played, holds 11
    (in time)."""
    g = normal()
    play_auto(g, 4)
    leader = g.to_move
    play_auto(g, 1)
    assert g.cards_in_hand(leader) == 10
    assert g.cards_in_hand(partner(leader)) == 11
    assert not can_call(g, leader, ansage(leader))
    assert can_call(g, partner(leader), ansage(leader))


def test_deadline_error_message_names_the_rule() -> None:
    """TSR 6.3.4: the refusal says which call, how many cards it needs and how many the seat
    holds, in English and German."""
    g = normal()
    call(g, 0, "no90")
    holding(g, 0, 8)
    err = assert_illegal(g, encode(0, CALL["no60"]), "6.3.4")
    assert err.rule == "6.3.4"
    assert str(err) == "keine 60 needs at least 9 cards in hand, you hold 8 (TSR 6.3.4)"
    assert err.text("de") == (
        "keine 60 verlangt mindestens 9 Karten auf der Hand, du hast 8 (TSR 6.3.4)"
    )


def test_calls_listed_for_seats_off_turn() -> None:
    """TSR 6.4.1: every seat may call when not on turn; legal_actions lists those calls."""
    g = normal()
    legal = g.legal_actions()
    for s in range(4):
        assert encode(s, CALL[ansage(s)]) in legal
        assert encode(s, BLACK) in legal  # skipping up to schwarz is in time with 12 cards
    assert {seat_of(a) for a in legal if code_of(a) < 24} == {1}


# -- skipping (TSR 6.3.2, 6.4.3) ---------------------------------------------------------------


def test_keine_60_directly_with_11_cards_counts_all_skipped_levels() -> None:
    """TSR 6.4.3: levels may be skipped while every skipped level is still in time; keine 60
    made directly with 11 cards counts as Re + keine 90 + keine 60."""
    g = normal()
    holding(g, 0, 11)
    call(g, 0, "no60")
    assert g.level == [3, 0]
    assert not can_call(g, 3, "re") and not can_call(g, 3, "no90")  # implied: no repeats
    assert can_call(g, 3, "no30")


def test_kontra_skips_to_schwarz_with_12_cards() -> None:
    """TSR 6.4.3: Kontra may skip straight to schwarz while every level is open."""
    g = normal()
    call(g, 2, "black")
    assert g.level == [0, 5]
    assert not any(seat_of(a) in KONTRA_SEATS and CALL_RE <= code_of(a) <= BLACK
                   for a in g.legal_actions())


def test_absage_without_own_ansage_only_by_skipping() -> None:
    """TSR 6.3.2, 6.4.3: an Absage needs the party's first Ansage: with 11 cards keine 90
    implies Re; with 10 cards (Re's deadline passed) keine 90 is refused."""
    g = normal()
    holding(g, 3, 10)
    assert not can_call(g, 3, "no90")
    err = assert_illegal(g, encode(3, NO90), "6.4.3")
    assert "Re" in str(err)
    assert g.level == [0, 0]
    # with 11 cards the skip works (a fresh game)
    g = normal()
    holding(g, 3, 11)
    call(g, 3, "no90")
    assert g.level == [2, 0]


def test_missed_level_cannot_be_caught_up_by_a_higher_call() -> None:
    """TSR 6.4.3: after Re, keine 60 with 9 cards is refused when keine 90 (10 cards) was
    not called in time, although keine 60's own deadline is 9."""
    g = normal()
    call(g, 0, "re")
    holding(g, 0, 9)
    err = assert_illegal(g, encode(0, CALL["no60"]), "6.4.3")
    assert "keine 90" in str(err)
    # while keine 90 is still open, the skip is fine
    g = normal()
    call(g, 0, "re")
    holding(g, 0, 10)
    call(g, 0, "no60")
    assert g.level == [3, 0]


def test_skip_refused_when_any_skipped_level_passed() -> None:
    """TSR 6.4.3: schwarz with 8 cards after Kontra skips keine 90 and keine 60, whose deadlines
    passed: refused; the state is unchanged."""
    g = normal()
    call(g, 1, "kontra")
    holding(g, 2, 8)
    assert_illegal(g, encode(2, BLACK), "6.4.3")
    assert g.level == [0, 1]


# -- replies (TSR 6.4.4) ------------------------------------------------------------------------


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_kontra_reply_one_card_fewer(level: int) -> None:
    """TSR 6.4.4: Kontra replies to Re's call with one card fewer than that call needed:
    against Re with 10, against keine 90 with 9, keine 60 with 8, keine 30 with 7, schwarz
    with 6; refused with one fewer still."""
    g = normal()
    call(g, 0, "re" if level == 1 else ABSAGE_BY_LEVEL[level])
    check_deadline(g, 2, "kontra", MIN_CARDS[level] - 1, "6.4.4")


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_re_reply_to_kontra_one_card_fewer(level: int) -> None:
    """TSR 6.4.4: Re replies to Kontra's call in the same way."""
    g = normal()
    call(g, 1, "kontra" if level == 1 else ABSAGE_BY_LEVEL[level])
    check_deadline(g, 3, "re", MIN_CARDS[level] - 1, "6.4.4")


def test_reply_window_follows_the_latest_opposing_call() -> None:
    """TSR 6.4.4: after Re's keine 90 (made with 10 cards) Kontra may still reply with 9."""
    g = normal()
    call(g, 0, "re")
    holding(g, 0, 10)
    call(g, 0, "no90")
    holding(g, 1, 9)
    assert can_call(g, 1, "kontra")
    call(g, 1, "kontra")
    assert g.level == [2, 1]


def test_no_reply_without_an_opposing_call() -> None:
    """TSR 6.2.2, 6.4.4: with 10 cards and no call of the opponents, Kontra is too late."""
    g = normal()
    holding(g, 1, 10)
    assert_illegal(g, encode(1, CALL_KONTRA), "6.2.2")


def test_absage_after_late_reply_refused_but_on_time_party_may_absage() -> None:
    """TSR 6.4.4: after a reply that would not have been in time as a first Ansage, no Absage
    of the replying party (also not by the partner); the party that called in time may go on."""
    g = normal()
    call(g, 0, "re")
    holding(g, 1, 10)
    call(g, 1, "kontra")  # a reply: 10 cards, too late for a first Ansage
    assert g.level == [1, 1]
    err = assert_illegal(g, encode(1, NO90), "6.4.4")
    assert "Kontra" in str(err)
    assert_illegal(g, encode(2, NO90), "6.4.4")  # the partner too
    assert not any(seat_of(a) in KONTRA_SEATS and CALL_RE <= code_of(a) <= BLACK
                   for a in g.legal_actions())
    holding(g, 0, 10)
    assert can_call(g, 0, "no90")
    call(g, 0, "no90")
    assert g.level == [2, 1]


def test_reply_in_time_as_first_ansage_allows_absagen() -> None:
    """TSR 6.4.4: a Kontra made with 11 cards is a first Ansage in time: Kontra may go on with
    keine 90 at 10 cards."""
    g = normal()
    call(g, 0, "re")
    holding(g, 2, 11)
    call(g, 2, "kontra")
    holding(g, 1, 10)
    assert can_call(g, 1, "no90")
    call(g, 1, "no90")
    assert g.level == [1, 2]


def test_late_reply_cannot_skip_to_an_absage() -> None:
    """TSR 6.4.3, 6.4.4: only Kontra itself may be a late reply: keine 90 with 10 cards,
    skipping the late Kontra, is refused."""
    g = normal()
    call(g, 3, "re")
    holding(g, 2, 10)
    assert can_call(g, 2, "kontra")
    assert_illegal(g, encode(2, NO90), "6.4.4")


# -- both parties, repeats, own party (TSR 6.2.2, 6.4.5, 6.4.7) --------------------------------


def test_both_parties_may_make_absagen() -> None:
    """TSR 6.4.5, 6.4.6: Re and Kontra may both say keine 90 (and more)."""
    g = normal()
    call(g, 0, "no90")
    call(g, 1, "no90")
    assert g.level == [2, 2]
    call(g, 2, "no60")
    call(g, 3, "no60")
    assert g.level == [3, 3]


@pytest.mark.parametrize(("first", "second", "by_partner"), [
    ("re", "re", False), ("re", "re", True), ("no90", "no90", True), ("no90", "re", False),
    ("no60", "no90", True), ("black", "no30", False),
])
def test_repeated_or_lower_call_refused(first: str, second: str, by_partner: bool) -> None:
    """TSR 6.4.7: a party may not repeat an identical call, neither the caller nor the
    partner; a lower call is already included."""
    g = normal()
    call(g, 0, first)
    seat = 3 if by_partner else 0
    err = assert_illegal(g, encode(seat, CALL[second]), "6.4.7")
    assert "Re" in str(err)


def test_kontra_repeat_refused() -> None:
    """TSR 6.4.7: Kontra twice is refused, also after Re replied."""
    g = normal()
    call(g, 1, "kontra")
    call(g, 0, "re")
    assert_illegal(g, encode(2, CALL_KONTRA), "6.4.7")
    assert_illegal(g, encode(0, CALL_RE), "6.4.7")


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_call_for_the_other_party_refused(seat: int) -> None:
    """TSR 6.2.2: a player calls only for his own party: a Kontra player cannot say "Re" and a
    Re player cannot say "Kontra"."""
    g = normal()
    wrong = CALL_KONTRA if seat in RE_SEATS else CALL_RE
    assert_illegal(g, encode(seat, wrong), "6.2.2")
    assert encode(seat, wrong) not in g.legal_actions()


def test_solo_calls_by_party() -> None:
    """TSR 6.2.2: in a solo the soloist says Re, the others Kontra; deadlines as in a
    Normalspiel."""
    g = start_solo(*NORMAL, soloist=2, solo="queens", dealer=0)
    assert_illegal(g, encode(2, CALL_KONTRA), "6.2.2")
    assert_illegal(g, encode(0, CALL_RE), "6.2.2")
    assert can_call(g, 2, "re") and can_call(g, 0, "kontra")
    check_deadline(g.clone(), 2, "re", 11, "6.2.2")
    call(g, 3, "kontra")
    assert g.level == [0, 1]
    check_deadline(g, 2, "re", 10, "6.4.4")


def test_no_calls_after_the_game_is_over() -> None:
    """TSR 6: once all 12 tricks are played there are no more calls."""
    g = normal()
    while g.phase == PLAY:
        play_auto(g)
    assert g.ended == "played" and g.legal_actions() == []
    for s in range(4):
        assert_illegal(g, encode(s, CALL[ansage(s)]))


# -- Game.call_deadline: the thresholds the front ends show -----------------------------------


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_call_deadline_thresholds(level: int) -> None:
    """TSR 6.2.2, 6.3.4: 11/10/9/8/7 cards for Re/Kontra, keine 90, 60, 30, schwarz."""
    g = normal()
    code = CALL["re"] if level == 1 else CALL[ABSAGE_BY_LEVEL[level]]
    assert g.call_deadline(encode(0, code)) == MIN_CARDS[level]


def test_call_deadline_of_a_reply() -> None:
    """TSR 6.4.4: after the opponents' keine 90 a first Kontra stays possible with one card
    fewer than keine 90 needed (9)."""
    g = normal()
    call(g, 0, "re")
    call(g, 0, "no90")
    assert g.call_deadline(encode(1, CALL_KONTRA)) == MIN_CARDS[2] - 1


def test_call_deadline_refuses_a_card() -> None:
    with pytest.raises(ValueError, match="not a call"):
        g = normal()
        g.call_deadline(g.legal_plays()[0])


def test_call_deadline_agrees_with_legality() -> None:
    """Over random games with calls: the next call of a party that may still call is legal
    exactly while its seat holds at least ``call_deadline`` cards (TSR 6.2.2, 6.3.4, 6.4.2,
    6.4.4)."""
    seen = set()
    for seed in range(40):
        rng = random.Random(seed)
        g = Game.deal(seed)
        while not g.is_over:
            if g.phase == PLAY and g.ended is None:
                for seat in range(4):
                    p = 0 if g.is_re[seat] else 1
                    lv = g.level[p]
                    if lv == 5 or (lv and not g.ontime[p]):
                        continue
                    a = encode(seat, call_code_for(lv + 1, g.is_re[seat]))
                    have, need = g.cards_in_hand(seat), g.call_deadline(a)
                    assert g.can_apply(a) == (have >= need), (seed, seat, lv, have, need)
                    seen.add((lv, have >= need))
            legal = g.legal_actions()
            calls = [a for a in legal if CALL_RE <= code_of(a) <= BLACK]
            if calls and rng.random() < 0.08:
                g.apply(rng.choice(calls))
            else:
                g.apply(rng.choice([a for a in legal if not CALL_RE <= code_of(a) <= BLACK
                                    and code_of(a) not in (CLAIM, CONCEDE, WITHDRAW)]))
    # both sides of the deadline met for the Ansage and the first Absagen
    assert {(lv, ok) for lv in (0, 1, 2) for ok in (True, False)} <= seen
