"""The Vorbehaltsabfrage, naming a Vorbehalt, priorities, Vorführung and who leads trick 1
(TSR 4.1, 4.2, 4.3, 4.4.1, 4.4.5, 5.1.1)."""

from __future__ import annotations

import pytest

from conftest import (
    CALL,
    HEALTHY,
    MARRIAGE,
    NAMING,
    PASS,
    PLAY,
    QUERY,
    RESERVATION,
    act,
    assert_illegal,
    assert_legal,
    new_game,
    query,
    solo_code,
)
from doko.engine.actions import code_of, encode, seat_of
from doko.engine.contracts import TSR_SOLO_CONTRACTS
from doko.engine.game import Game

#: The solos of the TSR (the picture solos are house rules, off under the rules here).
SOLO_NAMES = tuple(c.solo_name for c in TSR_SOLO_CONTRACTS)
QQ = "QC QC TH TH QS QS AD AD 9C 9C 9S 9S"  # both ♣Q
ONE_A = "QC 9H 9H KH KH AH AH KS KS AS AS TS"
ONE_B = "QC TC TC KC KC AC AC JD JD TD TD 9D"


def split_specs() -> list[str | None]:
    """Seats 0 and 2 hold one ♣Q each: nobody holds both."""
    return [ONE_A, None, ONE_B, None]


def qq_specs(seat: int) -> list[str | None]:
    """``seat`` holds both ♣Q."""
    specs: list[str | None] = [None] * 4
    specs[seat] = QQ
    return specs


def game(specs: list[str | None], dealer: int = 0, owes: tuple[bool, ...] = (False,) * 4,
         vorfuehrung: int | None = None) -> Game:
    return new_game(*specs, dealer=dealer, owes=owes, vorfuehrung=vorfuehrung)


def owing(*seats: int) -> tuple[bool, ...]:
    return tuple(s in seats for s in range(4))


# -- the query (TSR 4.1.2, 4.1.3) --------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_query_starts_at_dealers_left_and_goes_clockwise(dealer: int) -> None:
    """TSR 4.1.2: the query begins with the dealer's left neighbour, in unbroken order."""
    g = game(split_specs(), dealer=dealer)
    assert g.phase == QUERY
    for i in range(4):
        s = (dealer + 1 + i) & 3
        assert g.to_move == s
        assert sorted(g.legal_actions()) == [encode(s, HEALTHY), encode(s, RESERVATION)]
        other = (s + 1) & 3
        assert_illegal(g, encode(other, HEALTHY), "4.1.2")
        act(g, s, HEALTHY)
    assert g.phase == PLAY


@pytest.mark.parametrize("dealer", range(4))
def test_all_healthy_is_normalspiel_led_by_dealers_left(dealer: int) -> None:
    """TSR 4.1.3, 5.1.1: all healthy: a Normalspiel; the dealer's left neighbour leads; the ♣Q
    holders are Re (TSR 2.4)."""
    g = game(split_specs(), dealer=dealer)
    query(g)
    assert g.contract_name == "normal"
    assert g.soloist == -1 and not g.pflichtsolo
    assert g.to_move == g.trick_leader == (dealer + 1) & 3
    assert g.is_re == [True, False, True, False]


@pytest.mark.parametrize("holder", range(4))
def test_both_kreuz_damen_and_healthy_is_stille_hochzeit(holder: int) -> None:
    """TSR 4.4.5: all healthy, one seat holds both ♣Q: a stille Hochzeit, the holder alone (Re)
    against three; the dealer's left neighbour leads; no shift of deadlines."""
    g = game(qq_specs(holder), dealer=2)
    query(g)
    assert g.contract_name == "silent_marriage"
    assert g.soloist == holder
    assert g.is_re == [s == holder for s in range(4)]
    assert g.to_move == 3
    assert g.shift == 0 and g.hochzeiter == -1


def test_nothing_but_play_before_the_query_ends() -> None:
    """TSR 4.1.1, 5.1.1, 6.2.1: no card and no Ansage before the game type is settled."""
    g = game(split_specs(), dealer=0)
    act(g, 1, HEALTHY)
    assert_illegal(g, encode(2, 0), "5.1.1")
    assert_illegal(g, encode(0, CALL["re"]), "6.2.1")
    assert_illegal(g, encode(2, solo_code("queens")))
    assert_illegal(g, encode(2, PASS))
    act(g, 2, RESERVATION)
    act(g, 3, HEALTHY)
    act(g, 0, HEALTHY)
    assert g.phase == NAMING and g.to_move == 2
    assert_illegal(g, encode(2, CALL["re"]), "6.2.1")
    assert_illegal(g, encode(1, 0))


# -- one Vorbehalt (TSR 4.1.4, 4.3.1, 4.4.2) ----------------------------------------------------


@pytest.mark.parametrize("solo", SOLO_NAMES)
def test_single_reservation_names_a_lustsolo(solo: str) -> None:
    """TSR 4.1.4, 4.3.1: one Vorbehalt: its holder names a solo; a Lustsolo (the holder owes no
    Pflichtsolo) is led by the dealer's left neighbour."""
    g = game(split_specs(), dealer=1)
    query(g, [0])
    assert g.phase == NAMING and g.to_move == 0
    legal = g.legal_actions()
    assert {code_of(a) for a in legal} == {solo_code(n) for n in SOLO_NAMES}  # no Hochzeit
    assert all(seat_of(a) == 0 for a in legal)
    act(g, 0, solo_code(solo))
    assert g.phase == PLAY
    assert g.contract_name == f"solo_{solo}"
    assert g.soloist == 0 and not g.pflichtsolo
    assert g.is_re == [True, False, False, False]
    assert g.to_move == 2  # dealer 1's left neighbour, not the soloist


@pytest.mark.parametrize("solo", ["diamonds", "queens", "meatless"])
def test_single_reservation_of_an_owing_player_is_a_pflichtsolo_led_by_soloist(solo: str) -> None:
    """TSR 4.1.4, 4.2.2, 4.3.1: who still owes his Pflichtsolo plays a Pflichtsolo and leads
    trick 1 himself."""
    g = game(split_specs(), dealer=1, owes=owing(0))
    query(g, [0])
    act(g, 0, solo_code(solo))
    assert g.contract_name == f"solo_{solo}"
    assert g.soloist == 0 and g.pflichtsolo
    assert g.to_move == g.trick_leader == 0


def test_single_reservation_may_name_hochzeit_only_with_both_kreuz_damen() -> None:
    """TSR 4.4.1, 4.4.2: a Hochzeit needs both ♣Q."""
    g = game(split_specs(), dealer=3)
    query(g, [0])
    err = assert_illegal(g, encode(0, MARRIAGE), "4.4.1")
    assert "♣Q" in str(err) and "Kreuz-Damen" in err.text("de")
    assert_illegal(g, encode(0, PASS))  # a single Vorbehalt must be named
    assert_illegal(g, encode(0, HEALTHY))

    g = game(qq_specs(1), dealer=3)
    query(g, [1])
    assert encode(1, MARRIAGE) in g.legal_actions()
    act(g, 1, MARRIAGE)
    assert g.contract_name == "marriage" and g.hochzeiter == 1 and g.soloist == -1
    assert g.to_move == 0  # a Hochzeit is led by the dealer's left neighbour (TSR 5.1.1)


def test_holder_of_both_kreuz_damen_may_name_a_solo() -> None:
    """TSR 4.4.1: with both ♣Q a player may still name a solo instead."""
    g = game(qq_specs(2), dealer=0)
    query(g, [2])
    act(g, 2, solo_code("hearts"))
    assert g.contract_name == "solo_hearts" and g.soloist == 2


def test_naming_out_of_turn_is_refused() -> None:
    """TSR 4.1.4: only the holder names his Vorbehalt."""
    g = game(split_specs(), dealer=0)
    query(g, [3])
    assert_illegal(g, encode(1, solo_code("queens")))
    assert g.legal_actions(1) == []


# -- several Vorbehalte (TSR 4.1.5 to 4.1.7) ----------------------------------------------------


def test_two_lustsoli_the_earlier_in_query_order_wins() -> None:
    """TSR 4.1.5, 4.1.7: among equal Vorbehalte the one earlier in query order wins; the query
    stops there and later Vorbehalte lapse unnamed."""
    g = game(split_specs(), dealer=2)  # query order 3, 0, 1, 2
    query(g, [1, 0])
    assert g.phase == NAMING and g.to_move == 0  # seat 0 comes before seat 1
    assert {code_of(a) for a in g.legal_actions()} == {solo_code(n) for n in SOLO_NAMES}
    assert_illegal(g, encode(0, PASS), "4.1.6")  # no both ♣Q: cannot pass
    assert_illegal(g, encode(1, solo_code("jacks")))
    act(g, 0, solo_code("jacks"))
    assert g.phase == PLAY and g.contract_name == "solo_jacks" and g.soloist == 0
    assert g.to_move == 3  # Lustsolo: the dealer's left neighbour leads
    assert_illegal(g, encode(1, solo_code("queens")))


def test_later_pflichtsolo_beats_earlier_lustsolo() -> None:
    """TSR 4.1.5, 4.1.6: Pflichtsolo before Lustsolo, whatever the seat order; the Pflichtsolo
    player leads trick 1 (TSR 4.2.2)."""
    g = game(split_specs(), dealer=0, owes=owing(3))  # query order 1, 2, 3, 0
    query(g, [1, 3])
    assert g.to_move == 3  # asked first for a Pflichtsolo
    act(g, 3, solo_code("clubs"))
    assert g.contract_name == "solo_clubs" and g.soloist == 3 and g.pflichtsolo
    assert g.to_move == g.trick_leader == 3


def test_two_pflichtsoli_the_earlier_wins() -> None:
    """TSR 4.1.7: among two Pflichtsoli the earlier in query order wins."""
    g = game(split_specs(), dealer=1, owes=owing(0, 3, 1))  # query order 2, 3, 0, 1
    query(g, [0, 3, 1])
    assert g.to_move == 3
    act(g, 3, solo_code("meatless"))
    assert g.soloist == 3 and g.pflichtsolo and g.to_move == 3


def test_hochzeit_never_wins_against_another_reservation() -> None:
    """TSR 4.1.6: with several Vorbehalte a Hochzeit can never come through; the holder of both
    ♣Q may pass (or name a solo), then the later Vorbehalt names its solo."""
    g = game(qq_specs(1), dealer=0)  # query order 1, 2, 3, 0
    query(g, [1, 2])
    assert g.to_move == 1
    codes = {code_of(a) for a in g.legal_actions()}
    assert codes == {solo_code(n) for n in SOLO_NAMES} | {PASS}
    assert_illegal(g, encode(1, MARRIAGE), "4.1.6")
    act(g, 1, PASS)
    assert g.phase == NAMING and g.to_move == 2
    assert_illegal(g, encode(2, PASS), "4.1.6")  # seat 2 cannot pass
    assert_illegal(g, encode(2, MARRIAGE))
    act(g, 2, solo_code("spades"))
    assert g.contract_name == "solo_spades" and g.soloist == 2 and not g.pflichtsolo
    assert g.to_move == 1


def test_solo_before_a_later_hochzeit_reservation() -> None:
    """TSR 4.1.6, 4.1.7: an earlier solo Vorbehalt is asked first; the later holder of both ♣Q
    is never asked."""
    g = game(qq_specs(3), dealer=0)
    query(g, [1, 3])
    assert g.to_move == 1
    assert_illegal(g, encode(1, PASS), "4.1.6")
    act(g, 1, solo_code("diamonds"))
    assert g.contract_name == "solo_diamonds" and g.soloist == 1 and not g.marriage_solo


def test_holder_of_both_kreuz_damen_owing_pflichtsolo_may_pass_to_a_lustsolo() -> None:
    """TSR 4.1.6: the owing holder of both ♣Q is asked for a Pflichtsolo first; he may pass and
    is not asked again; then the Lustsolo of another seat comes through."""
    g = game(qq_specs(2), dealer=0, owes=owing(2))
    query(g, [1, 2])
    assert g.to_move == 2
    act(g, 2, PASS)
    assert g.to_move == 1
    act(g, 1, solo_code("queens"))
    assert g.soloist == 1 and not g.pflichtsolo and g.to_move == 1  # dealer 0's left: seat 1
    assert g.contract_name == "solo_queens"


def test_holder_of_both_kreuz_damen_passing_in_lust_round() -> None:
    """TSR 4.1.6: a pass of the both-♣Q holder hands the question to the next Vorbehalt."""
    g = game(qq_specs(0), dealer=3, owes=owing(1))  # query order 0, 1, 2, 3
    query(g, [0, 1, 2])
    assert g.to_move == 1  # the Pflichtsolo question comes first
    act(g, 1, solo_code("hearts"))
    assert g.pflichtsolo and g.soloist == 1 and g.to_move == 1

    g = game(qq_specs(0), dealer=3)
    query(g, [0, 1, 2])
    assert g.to_move == 0
    act(g, 0, PASS)
    assert g.to_move == 1
    assert_illegal(g, encode(1, PASS), "4.1.6")
    act(g, 1, solo_code("meatless"))
    assert g.soloist == 1 and g.to_move == 0


# -- Vorführung (TSR 4.1.9, 4.2.3) ------------------------------------------------------------


@pytest.mark.parametrize("forced", range(4))
def test_vorfuehrung_no_query_forced_seat_names_solo_and_leads(forced: int) -> None:
    """TSR 4.1.9, 4.2.2, 4.2.3: no Vorbehaltsabfrage; the forced seat only names its solo kind
    (no Hochzeit, even with both ♣Q) and leads trick 1."""
    g = game(qq_specs(forced), dealer=(forced + 2) & 3, owes=(True,) * 4, vorfuehrung=forced)
    assert g.phase == NAMING and g.to_move == forced
    legal = g.legal_actions()
    assert sorted(legal) == sorted(encode(forced, solo_code(n)) for n in SOLO_NAMES)
    for code in (HEALTHY, RESERVATION, MARRIAGE, PASS):
        assert_illegal(g, encode(forced, code))
    assert_illegal(g, encode(forced, MARRIAGE), "4.1.9")
    other = (forced + 1) & 3
    assert_illegal(g, encode(other, solo_code("queens")))
    assert_illegal(g, encode(other, HEALTHY))
    act(g, forced, solo_code("jacks"))
    assert g.phase == PLAY and g.contract_name == "solo_jacks"
    assert g.soloist == forced and g.pflichtsolo and g.vorfuehrung == forced
    assert g.to_move == g.trick_leader == forced


def test_vorfuehrung_of_a_seat_that_does_not_owe_is_rejected() -> None:
    """TSR 4.2.3: only a player who owes a Pflichtsolo can be vorgeführt."""
    with pytest.raises(ValueError):
        game(split_specs(), owes=owing(1), vorfuehrung=2)


def test_lead_to_trick_one_summary() -> None:
    """TSR 4.2.2, 4.3.1, 5.1.1: Pflichtsolo and Vorführung: the soloist leads; Lustsolo,
    Normalspiel, Hochzeit, stille Hochzeit: the dealer's left neighbour."""
    dealer = 2
    left = 3
    g = game(split_specs(), dealer=dealer)
    query(g)
    assert g.to_move == left  # Normalspiel
    g = game(qq_specs(1), dealer=dealer)
    query(g)
    assert g.to_move == left  # stille Hochzeit
    g = game(qq_specs(1), dealer=dealer)
    query(g, [1])
    act(g, 1, MARRIAGE)
    assert g.to_move == left  # Hochzeit
    g = game(split_specs(), dealer=dealer)
    query(g, [1])
    act(g, 1, solo_code("clubs"))
    assert g.to_move == left  # Lustsolo
    g = game(split_specs(), dealer=dealer, owes=owing(1))
    query(g, [1])
    act(g, 1, solo_code("clubs"))
    assert g.to_move == 1  # Pflichtsolo
    g = game(split_specs(), dealer=dealer, owes=owing(1), vorfuehrung=1)
    act(g, 1, solo_code("clubs"))
    assert g.to_move == 1  # Vorführung
    assert_legal(g, encode(1, code_of(g.legal_actions(1)[0])))
