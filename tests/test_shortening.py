"""Spielabkürzung: conceding (TSR 5.4.6, 5.4.7) and claiming (TSR 5.4.3 to 5.4.5, 9.2.2)."""

from __future__ import annotations

import random

import pytest

from conftest import (
    CLAIM,
    CONCEDE,
    FINISHED,
    PLAY,
    act,
    assert_illegal,
    assert_legal,
    call,
    can_call,
    play,
    play_auto,
    query,
    solo_code,
    start_marriage,
    start_normal,
    start_solo,
    takes_all,
)
from doko.engine.actions import CALL_KONTRA, CALL_RE, NO90, code_of, encode
from doko.engine.cards import EYES, hand_kinds
from doko.engine.contracts import ORDERS, SOLO_NAMES, TRUMP, CardOrder, order_of_solo
from doko.engine.game import Game
from doko.engine.rules import PICTURE_SOLO_OPTIONS, TSR, with_options

# Nobody holds both ♣Q (seats 0 and 3 hold one each). Dealer 0: seat 1 leads a Lustsolo.
NORMAL = (
    "TH QC QH JC JH JD AD 9D TS 9S AH 9H",
    "TH JC JS JH AD KD 9D AC 9C KS 9S 9H",
    "QS QD JS JD TC KC KC 9C TS KS AH KH",
    "QC QS QH QD TD TD KD AC TC AS AS KH",
)


def remaining_eyes(g: Game) -> int:
    """Augen not yet in a completed trick: the unfinished trick and every hand."""
    rest = sum(EYES[k] for k in g.trick)
    for s in range(4):
        rest += sum(EYES[k] for k in hand_kinds(g.hands[s]))
    return rest


# -- conceding (TSR 5.4.6, 5.4.7) ---------------------------------------------------------------


def test_concede_mid_trick_off_turn_gives_the_rest_to_kontra() -> None:
    """TSR 5.4.6: the soloist may concede at any moment, also mid-trick and off turn; the
    unfinished trick and all unplayed cards go to Kontra."""
    g = start_solo(*NORMAL, soloist=2, solo="queens", dealer=0)
    play_auto(g, 9)  # two tricks and one card of trick 3
    assert len(g.tricks) == 2 and len(g.trick) == 1
    while g.to_move == 2:
        play_auto(g)
    assert g.to_move != 2 and g.trick
    before_eyes = list(g.eyes)
    re_done = g.eyes[2]
    rest = remaining_eyes(g)
    assert rest > 0
    assert_legal(g, encode(2, CONCEDE))
    act(g, 2, CONCEDE)
    assert g.phase == FINISHED and g.ended == "conceded"
    assert g.re_eyes() == re_done
    assert g.re_tricks() == g.won[2]
    assert g.eyes == before_eyes
    assert 240 - g.re_eyes() == sum(g.eyes[s] for s in (0, 1, 3)) + rest == g.kontra_eyes()
    assert g.kontra_tricks() == 12 - g.won[2]
    # nothing more is played
    for s in range(4):
        assert not any(code_of(a) < 24 for a in g.legal_actions(s))
    assert_illegal(g, encode(g.trick_leader, 0))


def test_concede_before_the_first_card() -> None:
    """TSR 5.4.6: conceding at once: Re gets nothing, Kontra all 12 tricks and 240 Augen."""
    g = start_solo(*NORMAL, soloist=0, solo="clubs", pflicht=True)
    assert g.to_move == 0
    act(g, 0, CONCEDE)
    assert g.ended == "conceded" and g.re_eyes() == 0 and g.re_tricks() == 0
    assert g.tricks == []


@pytest.mark.parametrize("seat", [0, 1, 3])
def test_only_the_soloist_may_concede(seat: int) -> None:
    """TSR 5.4.3: only a soloist may shorten the game."""
    g = start_solo(*NORMAL, soloist=2, solo="jacks")
    err = assert_illegal(g, encode(seat, CONCEDE), "5.4.3")
    assert "soloist" in str(err)
    assert_illegal(g, encode(seat, CLAIM), "5.4.3")


def test_nobody_may_concede_a_normalspiel_or_hochzeit() -> None:
    """TSR 5.4.3: in a Normalspiel and in a Hochzeit that stays one there is no soloist."""
    g = start_normal(*NORMAL)
    for s in range(4):
        assert_illegal(g, encode(s, CONCEDE), "5.4.3")
    g = start_marriage(
        "AH AH KH KH QD QD JD JD AD AD TD TD",
        "QC QC TH TH QS QS 9C 9C 9S 9S 9H 9H",
        "AC AC KC KC TC TC JC JC QH QH JH JH",
        None,
        hochzeiter=1,
    )
    for s in range(4):
        assert_illegal(g, encode(s, CONCEDE), "5.4.3")
    play(g, "9C AC KS KH")  # seat 2 becomes the partner
    assert g.partner == 2
    for s in range(4):
        assert_illegal(g, encode(s, CONCEDE), "5.4.3")


def test_stille_hochzeit_holder_counts_as_soloist() -> None:
    """TSR 5.4.3 (rules notes): the holder of a stille Hochzeit may concede."""
    g = start_normal("QC QC TH TH QS QS 9C 9C 9S 9S 9H 9H", None, None, None, dealer=3)
    assert g.contract_name == "silent_marriage" and g.soloist == 0
    assert_illegal(g, encode(1, CONCEDE), "5.4.3")
    act(g, 0, CONCEDE)
    assert g.ended == "conceded"


def _conceded_in_trick_2() -> Game:
    """A Lustsolo of seat 2 conceded in trick 2: seat 3 (Kontra) has played to it (10 cards),
    seat 0 (Kontra) has not (11 cards)."""
    g = start_solo(*NORMAL, soloist=2, solo="queens", dealer=0)
    play_auto(g, 4)
    while not (g.cards_in_hand(3) == 10 and g.cards_in_hand(0) == 11):
        play_auto(g)
    assert len(g.tricks) == 1
    act(g, 2, CONCEDE)
    return g


def test_kontra_may_still_call_after_concession_counting_cards_held() -> None:
    """TSR 5.4.7: after a concession Kontra may still make the calls whose deadline had not
    passed, counting the cards each held when the soloist conceded."""
    g = _conceded_in_trick_2()
    assert g.cards_in_hand(0) == 11 and g.cards_in_hand(3) == 10
    assert not can_call(g, 3, "kontra")  # 10 cards, no Re to reply to
    assert_illegal(g, encode(3, CALL_KONTRA), "6.2.2")
    assert can_call(g, 0, "kontra") and can_call(g, 0, "black")
    call(g, 0, "kontra")
    assert can_call(g, 3, "no90")  # 10 cards: keine 90 still in time
    call(g, 3, "no90")
    assert g.level == [0, 2]


def test_re_may_not_call_after_concession() -> None:
    """TSR 5.4.7: only Kontra may still call after the concession; the soloist may not."""
    g = _conceded_in_trick_2()
    assert g.cards_in_hand(2) >= 10
    err = assert_illegal(g, encode(2, CALL_RE), "5.4.7")
    assert "Kontra" in str(err)
    assert_illegal(g, encode(2, NO90), "5.4.7")
    assert all(g.is_re[s] is False for s in {a >> 6 for a in g.legal_actions()})


def test_kontra_reply_after_concession() -> None:
    """TSR 5.4.7, 6.4.4: the soloist said Re; after his concession a Kontra player holding 10
    cards may still reply Kontra (but, as a late reply, make no Absage)."""
    g = start_solo(*NORMAL, soloist=2, solo="queens", dealer=0)
    call(g, 2, "re")
    play_auto(g, 4)
    while g.cards_in_hand(3) != 10:
        play_auto(g)
    act(g, 2, CONCEDE)
    assert can_call(g, 3, "kontra")
    call(g, 3, "kontra")
    assert g.level == [1, 1]
    assert_illegal(g, encode(3, NO90), "6.4.4")


def test_deadlines_after_concession_use_the_counts_at_the_concession() -> None:
    """TSR 5.4.7: Kontra said Kontra; the soloist concedes in trick 3 when one Kontra player
    holds 9 cards (keine 90 too late) and another 10 (keine 90 in time). The counts stay
    frozen: nothing more is played."""
    g = start_solo(*NORMAL, soloist=2, solo="queens", dealer=0)
    call(g, 0, "kontra")
    kontra = (0, 1, 3)
    for _ in range(40):
        counts = sorted(g.cards_in_hand(s) for s in kontra)
        if len(g.tricks) == 2 and counts[0] == 9 and counts[-1] == 10:
            break
        play_auto(g)
    late = next(s for s in kontra if g.cards_in_hand(s) == 9)
    early = next(s for s in kontra if g.cards_in_hand(s) == 10)
    act(g, 2, CONCEDE)
    assert [g.cards_in_hand(s) for s in (late, early)] == [9, 10]
    err = assert_illegal(g, encode(late, NO90), "6.3.4")
    assert "you hold 9" in str(err)
    assert can_call(g, early, "no90")
    call(g, early, "no90")
    assert can_call(g, late, "no60")  # 9 cards: keine 60 in time once keine 90 stands
    call(g, late, "no60")
    assert g.level == [0, 3]
    assert [g.cards_in_hand(s) for s in (late, early)] == [9, 10]


# -- claiming (TSR 5.4.4, 5.4.5, 9.2.2) ----------------------------------------------------------

ALL_QUEENS = "QC QC QS QS QH QH QD QD AC AC AS AS"


def test_forced_claim_accepted() -> None:
    """TSR 5.4.4, 9.2.2: a Damensolo soloist on lead holding all eight trumps and both ♣A and
    ♠A takes every trick in any order: the claim stands; all remaining Augen and tricks go to
    Re and no call is possible afterwards."""
    g = start_solo(ALL_QUEENS, None, None, None, soloist=0, solo="queens", pflicht=True)
    assert g.to_move == 0
    call(g, 2, "kontra")
    assert encode(0, CLAIM) in g.legal_actions()
    assert encode(0, CLAIM) in g.legal_actions(0)
    act(g, 0, CLAIM)
    assert g.phase == FINISHED and g.ended == "claimed"
    assert g.re_eyes() == 240 and g.re_tricks() == 12
    assert g.legal_actions() == []
    assert_illegal(g, encode(0, NO90), "5.4.4")
    assert_illegal(g, encode(1, NO90), "5.4.4")
    assert_illegal(g, encode(3, CALL_KONTRA), "5.4.4")
    assert_illegal(g, encode(0, CONCEDE))


TOP_TRUMPS = "TH TH QC QC QS QS QH QH QD QD JC JC"


def test_forced_claim_accepted_off_lead() -> None:
    """TSR 5.4.4: a Karo soloist holding the twelve highest trumps wins every trick with any
    card, whatever is led: the claim stands although seat 1 has the lead."""
    g = start_solo(TOP_TRUMPS, None, None, None, soloist=0, solo="diamonds", dealer=0)
    assert g.to_move == 1
    assert_legal(g, encode(0, CLAIM))
    play_auto(g, 1)
    assert_legal(g, encode(0, CLAIM))  # mid-trick, off turn
    act(g, 0, CLAIM)
    assert g.re_eyes() == 240 and g.re_tricks() == 12


def test_claim_off_lead_refused_if_a_discard_loses() -> None:
    """TSR 9.2.2 ("unabhängig davon, in welcher Reihenfolge die eigenen Karten gelegt werden"),
    as fixed by the rules notes ("whatever anyone plays, his own order included"): off lead,
    void in the led suit, the Damensolo soloist could discard a plain ace instead of ruffing,
    so the claim is refused."""
    g = start_solo(ALL_QUEENS, None, None, None, soloist=0, solo="queens", dealer=0)
    assert g.to_move == 1
    assert_illegal(g, encode(0, CLAIM), "5.4.4")


def test_forced_claim_mid_game_and_mid_trick() -> None:
    """TSR 5.4.4: a claim mid-trick gives Re the unfinished trick and every unplayed card."""
    g = start_solo(ALL_QUEENS, None, None, None, soloist=0, solo="queens", pflicht=True)
    play_auto(g, 4)
    assert g.tricks[0][2] == 0
    play_auto(g, 2)  # the soloist led, one opponent followed
    won = g.eyes[0]
    rest = remaining_eyes(g)
    act(g, 0, CLAIM)
    assert g.re_eyes() == won + rest == 240
    assert g.re_tricks() == 12


def test_claim_refused_for_the_soloists_own_order() -> None:
    """TSR 5.4.4, 5.4.5, 9.2.2: the claim must hold for every order of the soloist's own cards.
    Here leading ♣A before drawing the last trump lets seat 1 ruff with its ♦Q, so the claim is
    refused (state unchanged); after the soloist draws that trump it stands."""
    g = start_solo(
        "QC QC QS QS QH QH QD AC AC TC TC KC",
        "QD AS AS TS TS KS KS AH AH TH TH KH",
        None,
        None,
        soloist=0, solo="queens", pflicht=True,
    )
    assert g.to_move == 0  # Pflichtsolo: the soloist leads
    assert encode(0, CLAIM) not in g.legal_actions()
    err = assert_illegal(g, encode(0, CLAIM), "5.4.4")
    assert "9.2.2" in str(err)
    assert encode(0, CONCEDE) in g.legal_actions()
    play(g, "QC QD")  # seat 1 must follow trump with its only trump
    assert_legal(g, encode(0, CLAIM))  # mid-trick: nothing can beat the soloist any more
    play_auto(g, 2)
    assert g.tricks[0][2] == 0
    act(g, 0, CLAIM)
    assert g.re_tricks() == 12 and g.re_eyes() == 240


# The soloist holds only top plain cards; seat 1 holds all eight queens and only diamonds else.
RUFF_HANDS = (
    "AC AC TC TC AS AS TS TS AH AH TH TH",
    "QC QC QS QS QH QH QD QD AD AD TD TD",
    None,
    None,
)


def test_claim_refused_for_a_single_opponent_ruff() -> None:
    """TSR 5.4.4, 9.2.2: in a Damensolo seat 1 can ruff any plain lead with a queen: whatever
    the soloist's order, the claim is refused."""
    g = start_solo(*RUFF_HANDS, soloist=0, solo="queens", pflicht=True)
    assert_illegal(g, encode(0, CLAIM), "5.4.4")


def test_same_cards_claim_stands_in_fleischloser() -> None:
    """TSR 2.3.7, 5.4.4: the same cards in a Fleischloser: the queens are plain and low, nobody
    can ruff, every card of the soloist is the top of its suit: the claim stands."""
    g = start_solo(*RUFF_HANDS, soloist=0, solo="meatless", pflicht=True)
    assert_legal(g, encode(0, CLAIM))
    act(g, 0, CLAIM)
    assert g.re_eyes() == 240


def test_claim_refused_when_not_on_lead_and_a_trick_can_be_lost() -> None:
    """TSR 5.4.4: the same cards in a Fleischloser Lustsolo: seat 1 leads a diamond the soloist
    cannot follow, so the soloist loses trick 1: the claim is refused."""
    g = start_solo(*RUFF_HANDS, soloist=0, solo="meatless", dealer=0)
    assert g.to_move == 1
    assert_illegal(g, encode(0, CLAIM), "5.4.4")


def test_claim_by_non_soloist_or_in_normalspiel_refused() -> None:
    """TSR 5.4.3: only the soloist may claim."""
    g = start_solo(ALL_QUEENS, None, None, None, soloist=0, solo="queens", pflicht=True)
    assert_illegal(g, encode(1, CLAIM), "5.4.3")
    g = start_normal(*NORMAL)
    assert_illegal(g, encode(0, CLAIM), "5.4.3")


# -- the claim check against a brute-force search -----------------------------------------------


def _order(name: str) -> CardOrder:
    return ORDERS[order_of_solo(name)]


def _strong_solo(seed: int) -> Game:
    """A dealt game as a Pflichtsolo of seat 0 in the solo kind giving it the most trumps."""
    # every solo kind, the picture solos of the house rules too
    rules = with_options(TSR, dict.fromkeys(PICTURE_SOLO_OPTIONS, True))
    g = Game.deal(seed, dealer=3, owes_pflichtsolo=(True, False, False, False), rules=rules)
    best = max(SOLO_NAMES, key=lambda n: (
        sum(_order(n).eff_suit[k] == TRUMP for k in hand_kinds(g.hands[0])), n))
    query(g, [0])
    act(g, 0, solo_code(best))
    assert g.soloist == 0 and g.pflichtsolo and g.to_move == 0
    return g


def test_claim_listing_matches_brute_force_search() -> None:
    """TSR 5.4.4, 9.2.2: at every state of the last four tricks of many solos, the claim is
    allowed exactly when the soloist wins all remaining tricks in every line of play."""
    positives = negatives = 0
    for seed in range(200):
        g = _strong_solo(seed)
        rng = random.Random(seed)
        power = g.order.power
        while g.phase == PLAY:
            if len(g.tricks) >= 8:
                expected = takes_all(g, 0)
                assert (encode(0, CLAIM) in g.legal_actions()) == expected, (seed, g.history)
                assert g.can_apply(encode(0, CLAIM)) == expected
                positives += expected
                negatives += not expected
            plays = [code_of(a) for a in g.legal_actions(g.to_move) if code_of(a) < 24]
            # the soloist plays his best card, the others at random
            k = max(plays, key=lambda k: power[k]) if g.to_move == 0 else rng.choice(plays)
            g.apply(encode(g.to_move, k))
    assert positives > 50 and negatives > 50, (positives, negatives)
