"""The angemeldete Hochzeit: Klärungsstich, partner, Karo solo, and the shifted call deadlines
(TSR 4.4.3, 4.4.4, 6.2.1, 6.4.2); the stille Hochzeit's timing (TSR 4.4.5)."""

from __future__ import annotations

import pytest

from conftest import (
    CALL,
    CONCEDE,
    MIN_CARDS,
    PLAY,
    act,
    assert_illegal,
    call,
    can_call,
    check_deadline,
    play,
    play_auto,
    start_marriage,
    start_normal,
)
from doko.engine.actions import CALL_KONTRA, CALL_RE, code_of, encode
from doko.engine.game import Game

# Seat 1 is the Hochzeiter (both ♣Q, both ♥10); dealer 0, so seat 1 leads trick 1.
HZ = 1
SPECS = (
    "AH AH KH KH QD QD JD JD AD AD TD TD",
    "QC QC TH TH QS QS 9C 9C 9S 9S 9H 9H",
    "AC AC KC KC TC TC JC JC QH QH JH JH",
    "AS AS KS KS TS TS JS JS 9D 9D KD KD",
)
HZ_WINS = "TH JH 9D JD"  # the Hochzeiter leads his ♥10 and takes the trick
TO_SEAT2 = "9C AC KS KH"  # a club lead taken by seat 2


def marriage() -> Game:
    return start_marriage(*SPECS, hochzeiter=HZ, dealer=0)


def clarified(k: int) -> Game:
    """A Hochzeit whose Klärungsstich is trick ``k`` (1..3), partner seat 2."""
    g = marriage()
    for _ in range(k - 1):
        play(g, HZ_WINS)
    play(g, TO_SEAT2)
    assert g.klaerung == k
    return g


def karo_solo() -> Game:
    """The Hochzeiter takes tricks 1 to 3: a Karo solo of his."""
    g = marriage()
    play(g, HZ_WINS)
    play(g, "TH JH 9D JD")
    play(g, "QS QH KD AD")
    return g


@pytest.mark.parametrize("k", [1, 2, 3])
def test_klaerungsstich_in_trick_k_makes_its_winner_partner(k: int) -> None:
    """TSR 4.4.3 a: the first trick among tricks 1 to 3 won by someone other than the
    Hochzeiter is the Klärungsstich; its winner is the partner (Re), the game goes on as a
    Normalspiel with the deadlines shifted by k-1 (TSR 6.4.2)."""
    g = marriage()
    for i in range(k - 1):
        play(g, HZ_WINS)
        assert g.tricks[i][2] == HZ
        assert g.klaerung == 0 and g.partner == -1 and g.is_re == [False, True, False, False]
    play(g, TO_SEAT2)
    assert g.tricks[-1][2] == 2
    assert g.klaerung == k and g.shift == k - 1
    assert g.partner == 2 and g.hochzeiter == HZ
    assert g.is_re == [False, True, True, False]
    assert g.soloist == -1 and not g.marriage_solo
    assert g.contract_name == "marriage"
    assert encode(HZ, CONCEDE) not in g.legal_actions()  # no soloist: nobody may concede
    assert_illegal(g, encode(HZ, CONCEDE), "5.4.3")


@pytest.mark.parametrize(("trick", "partner"), [
    ("9C AC KS KH", 2),
    ("9C KC 9D KH", 3),  # seat 3 ruffs
    ("9C KC KS JD", 0),  # seat 0 ruffs
])
def test_partner_is_whoever_wins_the_klaerungsstich(trick: str, partner: int) -> None:
    """TSR 4.4.3 a: any player other than the Hochzeiter can become the partner, whether a
    plain suit or trump was led."""
    g = marriage()
    play(g, trick)
    assert g.klaerung == 1 and g.partner == partner
    assert g.is_re == [s in (HZ, partner) for s in range(4)]


def test_hochzeiter_wins_tricks_1_to_3_plays_karo_solo() -> None:
    """TSR 4.4.3 b: the Hochzeiter takes the first three tricks: trick 3 is the Klärungsstich,
    the game goes on as a Karo solo of the Hochzeiter alone against three."""
    g = marriage()
    play(g, HZ_WINS)
    play(g, "TH JH 9D JD")
    assert g.klaerung == 0 and not g.marriage_solo
    play(g, "QS QH KD AD")
    assert [t[2] for t in g.tricks] == [HZ, HZ, HZ]
    assert g.klaerung == 3 and g.shift == 2
    assert g.marriage_solo and g.contract_name == "solo_diamonds"
    assert g.soloist == HZ and g.partner == -1
    assert g.is_re == [False, True, False, False]
    # he counts as a soloist: he may concede (TSR 5.4.3, 5.4.6)
    assert encode(HZ, CONCEDE) in g.legal_actions()
    assert encode(0, CONCEDE) not in g.legal_actions()


def test_no_calls_before_the_klaerungsstich_is_complete() -> None:
    """TSR 4.4.4, 6.2.1, 6.4.2: in a Hochzeit the first Ansage comes only after the
    Klärungsstich is complete (its fourth card played), for every seat."""
    g = marriage()
    for s in range(4):
        for name in ("re", "kontra", "no90", "black"):
            assert_illegal(g, encode(s, CALL[name]))
    assert_illegal(g, encode(HZ, CALL_RE), "6.4.2")
    assert_illegal(g, encode(0, CALL_KONTRA), "6.4.2")
    play(g, HZ_WINS)  # trick 1 is not the Klärungsstich
    play(g, "9C AC KS")  # three cards of trick 2
    for s in range(4):
        assert not any(CALL_RE <= code_of(a) <= CALL_KONTRA + 4 for a in g.legal_actions(s))
    assert_illegal(g, encode(HZ, CALL_RE), "6.4.2")
    assert_illegal(g, encode(2, CALL_RE))
    assert_illegal(g, encode(0, CALL_KONTRA))
    play(g, "KH")  # the fourth card: the Klärungsstich is complete
    assert g.klaerung == 2
    assert can_call(g, HZ, "re") and can_call(g, 2, "re")
    assert can_call(g, 0, "kontra") and can_call(g, 3, "kontra")


def test_error_text_for_calls_before_klaerung() -> None:
    """TSR 4.4.4: the refusal explains the Hochzeit rule, in English and German."""
    g = marriage()
    err = assert_illegal(g, encode(HZ, CALL_RE))
    assert "Klärungsstich" in str(err) and "Klärungsstich" in err.text("de")


@pytest.mark.parametrize("k", [1, 2, 3])
@pytest.mark.parametrize("seat", [HZ, 2])
def test_re_deadline_shifted_by_klaerung_trick(k: int, seat: int) -> None:
    """TSR 6.4.2: Klärungsstich in trick 1: Re with 11 cards; trick 2: with 10 (refused with 9);
    trick 3: with 9 (refused with 8). For the Hochzeiter and for his partner."""
    g = clarified(k)
    need = MIN_CARDS[1] - (k - 1)
    check_deadline(g, seat, "re", need, "6.2.2", off_turn_allowed=False)


@pytest.mark.parametrize("k", [1, 2, 3])
@pytest.mark.parametrize("seat", [0, 3])
def test_kontra_deadline_shifted_by_klaerung_trick(k: int, seat: int) -> None:
    """TSR 6.4.2: the Kontra deadline moves with the Klärungsstich just like Re's."""
    g = clarified(k)
    check_deadline(g, seat, "kontra", MIN_CARDS[1] - (k - 1), "6.2.2", off_turn_allowed=False)


@pytest.mark.parametrize("k", [1, 2, 3])
@pytest.mark.parametrize("level", [2, 3, 4, 5])
def test_absage_deadlines_shifted_by_klaerung_trick(k: int, level: int) -> None:
    """TSR 6.3.4, 6.4.2: keine 90 / 60 / 30 / schwarz need 10 / 9 / 8 / 7 cards, one fewer for
    a Klärungsstich in trick 2, two fewer in trick 3 (e.g. keine 90 with 9 when clarified in
    trick 2)."""
    names = {2: "no90", 3: "no60", 4: "no30", 5: "black"}
    g = clarified(k)
    prev = {1: "re", 2: "no90", 3: "no60", 4: "no30"}[level - 1]
    call(g, 2, prev)  # the partner, on time (skipping levels that are still open)
    assert g.level[0] == level - 1
    check_deadline(g, HZ, names[level], MIN_CARDS[level] - (k - 1), "6.3.4")


def test_klaerung_trick2_examples() -> None:
    """TSR 6.4.2 (examples): clarified in trick 2, Re is allowed with 10 cards and refused with
    9; keine 90 is allowed with 9 cards."""
    g = clarified(2)
    assert g.cards_in_hand(HZ) == 10
    g9 = g.clone()
    play(g9, "AC")  # seat 2 leads trick 3 (it won trick 2)
    assert g9.cards_in_hand(2) == 9
    assert not can_call(g9, 2, "re")
    err = assert_illegal(g9, encode(2, CALL_RE), "6.4.2")
    assert "10" in str(err)
    assert can_call(g9, HZ, "re")  # the Hochzeiter has not played yet: 10 cards
    call(g, 2, "re")
    play(g, "AC")
    assert can_call(g, 2, "no90")  # 9 cards: keine 90 still in time
    call(g, 2, "no90")
    assert g.level == [2, 0]


@pytest.mark.parametrize("k", [2, 3])
def test_kontra_reply_deadline_shifted(k: int) -> None:
    """TSR 6.4.2, 6.4.4: a reply with one card fewer than Re needed, shifted in a Hochzeit:
    clarified in trick 2, Kontra replies to Re with 9 cards; in trick 3, with 8."""
    g = clarified(k)
    call(g, 2, "re")
    check_deadline(g, 0, "kontra", MIN_CARDS[1] - 1 - (k - 1), "6.4.4")


def test_karo_solo_of_hochzeiter_has_deadlines_shifted_by_two() -> None:
    """TSR 4.4.3 b, 6.4.2: the Klärungsstich of a Hochzeit turned Karo solo is trick 3: every
    deadline moves by 2 (Re with 9, refused with 8)."""
    g = karo_solo()
    assert g.shift == 2
    g2 = g.clone()
    check_deadline(g, HZ, "re", 9, "6.2.2", off_turn_allowed=False)
    check_deadline(g2, 0, "kontra", 9, "6.2.2", off_turn_allowed=False)


def test_karo_solo_hochzeiter_may_make_absagen_directly() -> None:
    """TSR 6.4.3 with 6.4.2: right after the Klärungsstich (9 cards each) the Hochzeiter may
    call keine 60 directly (keine 60 needs 9 - 2 = 7 cards)."""
    g = karo_solo()
    assert can_call(g, HZ, "no60")
    call(g, HZ, "no60")
    assert g.level == [3, 0]


# -- stille Hochzeit: Normalspiel timing (TSR 4.4.5) --------------------------------------------

SILENT = (
    "AH AH KH KH QD QD JD JD AD AD TD TD",
    "QC QC TH TH QS QS 9C 9C 9S 9S 9H 9H",
    None,
    None,
)


def silent() -> Game:
    g = start_normal(*SILENT, dealer=0)
    assert g.contract_name == "silent_marriage" and g.soloist == 1
    return g


def test_stille_hochzeit_re_deadline_is_normalspiel() -> None:
    """TSR 4.4.5: in a stille Hochzeit the deadlines are those of a Normalspiel: Re with 11
    cards, refused with 10 (no Hochzeit shift)."""
    g = silent()
    assert g.shift == 0 and g.klaerung == 0
    assert can_call(g, 1, "re")  # calls from the start: the game type is settled
    check_deadline(g, 1, "re", 11, "6.2.2")


def test_stille_hochzeit_kontra_and_absage_deadlines_are_normalspiel() -> None:
    """TSR 4.4.5: Kontra with 11; keine 90 with 10, refused with 9."""
    g = silent()
    check_deadline(g.clone(), 3, "kontra", 11, "6.2.2")
    call(g, 1, "re")
    check_deadline(g, 1, "no90", 10, "6.3.4")


def test_stille_hochzeit_holder_may_concede() -> None:
    """TSR 5.4.3: the holder of a stille Hochzeit counts as a soloist."""
    g = silent()
    assert encode(1, CONCEDE) in g.legal_actions()
    play_auto(g, 2)
    act(g, 1, CONCEDE)
    assert g.ended == "conceded" and g.phase != PLAY
