"""House-rule options: each changes exactly what it should, and nothing under ``tsr``."""

from __future__ import annotations

import dataclasses
import random

import pytest

from doko.engine.actions import (
    CALL_KONTRA,
    CALL_RE,
    HEALTHY,
    MARRIAGE,
    RESERVATION,
    SOLO_BASE,
    encode,
)
from doko.engine.cards import card_code, deck, parse_card
from doko.engine.contracts import SOLO_NAMES
from doko.engine.errors import IllegalActionError
from doko.engine.game import PLAY, Game
from doko.engine.record import replay, to_record
from doko.engine.result import game_result, seat_scores, summary_of
from doko.engine.rules import HAUSREGELN, TSR, BockRules, Rules, RulesError, preset
from doko.engine.scoring import GameSummary, score
from doko.engine.view import view

ALL = [card_code(k) for k in deck()]


def deal(*fixed: str | None, nines: bool = True) -> list[list[str]]:
    """Four hands: the given ones (card strings) and the rest shared out in order."""
    pool = [c for c in ALL if nines or not c.startswith("9")]
    size = 12 if nines else 10
    out: list[list[str]] = []
    for spec in list(fixed) + [None] * (4 - len(fixed)):
        h = [] if spec is None else [card_code(parse_card(c)) for c in spec.split()]
        for c in h:
            pool.remove(c)
        out.append(h)
    for h in out:
        while len(h) < size:
            h.append(pool.pop(0))
    assert not pool
    return out


def solo_game(hands: list[list[str]], seat: int, solo: str, rules: Rules, dealer: int = 3) -> Game:
    g = Game.from_hands(hands, dealer=dealer, rules=rules)
    for _ in range(4):
        s = g.to_move
        g.apply(encode(s, RESERVATION if s == seat else HEALTHY))
    g.apply(encode(seat, SOLO_BASE + SOLO_NAMES.index(solo)))
    assert g.phase == PLAY
    return g


# --------------------------------------------------------------------------- the Dulle


def _two_dulle_game(rules: Rules) -> Game:
    # seat 0 leads TH, seat 1 follows with TH: TSR 5.3.3 says the first one wins
    hands = deal("TH AC AC KC KC 9C 9C AS AS KS KS 9S", "TH QC QC QS QS QH QH QD QD JC JC JS")
    g = Game.from_hands(hands, dealer=3, rules=rules)
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    g.play("TH")
    g.play("TH")
    g.play(card_code(next(a & 63 for a in g.legal_plays())))
    g.play(card_code(next(a & 63 for a in g.legal_plays())))
    return g


def test_first_dulle_wins_under_tsr() -> None:
    """TSR 5.3.3: of two ♥10 the first played wins."""
    assert _two_dulle_game(TSR).tricks[0][2] == 0


@pytest.mark.parametrize("dulle", ["second", "second_except_last"])
def test_second_dulle_beats_the_first(dulle: str) -> None:
    """House rule: the second ♥10 beats the first."""
    assert _two_dulle_game(Rules(name="h", dulle=dulle)).tricks[0][2] == 1


@pytest.mark.parametrize("dulle, leader", [("first", 0), ("second", 1),
                                           ("second_except_last", 1)])
def test_terminal_highlights_the_engines_trick_winner(dulle: str, leader: int) -> None:
    """The terminal marks the card that wins the trick so far by the engine's rule: under the
    house rule the second ♥10 (TSR 5.3.3 says the first), a bug before (it ignored the rule)."""
    from doko.tui.render import leading_seat

    hands = deal("TH AC AC KC KC 9C 9C AS AS KS KS 9S", "TH QC QC QS QS QH QH QD QD JC JC JS")
    g = Game.from_hands(hands, dealer=3, rules=Rules(name="h", dulle=dulle))
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    g.play("TH")
    g.play("TH")
    for seat in range(4):
        assert leading_seat(view(g, seat)) == leader
    g.play(card_code(next(a & 63 for a in g.legal_plays())))
    g.play(card_code(next(a & 63 for a in g.legal_plays())))
    assert g.tricks[0][2] == leader  # the engine agrees once the trick is complete


def _game_with_two_dulles_in_the_last_trick() -> dict[str, object]:
    """A record of a random Normalspiel whose only trick with both ♥10 is the last one."""
    th = parse_card("TH")
    for seed in range(5000):
        rng = random.Random(seed)
        g = Game.deal(seed)
        for _ in range(4):
            g.apply(encode(g.to_move, HEALTHY))
        while not g.is_over:
            g.apply(rng.choice(g.legal_plays()))
        both = [i for i, (_, cards, _) in enumerate(g.tricks) if cards.count(th) == 2]
        if both == [11]:
            return to_record(g)
    raise AssertionError("no such game")


def test_second_dulle_rule_not_in_the_last_trick() -> None:
    """House rule variant: in the last trick the first ♥10 wins again (TSR 5.3.3 always)."""
    record = _game_with_two_dulles_in_the_last_trick()
    th = parse_card("TH")
    winners = {}
    for dulle in ("first", "second", "second_except_last"):
        rec = dict(record, rules={"name": "h", "dulle": dulle})
        g = replay(rec)
        leader, cards, winner = g.tricks[-1]
        first = (leader + cards.index(th)) & 3
        second = (leader + 3 - cards[::-1].index(th)) & 3
        winners[dulle] = (winner, first, second)
    assert winners["first"][0] == winners["first"][1]
    assert winners["second"][0] == winners["second"][2]
    assert winners["second_except_last"][0] == winners["second_except_last"][1]


# --------------------------------------------------------------------------- moving Dulle


def test_dulle_moves_with_the_trump_suit() -> None:
    """House rule: in a Kreuz solo ♣10 is the top trump and ♥10 a plain heart."""
    hands = deal("TC TC QC QC AH AH KH KH 9H 9H TH TH")
    g = solo_game(hands, 0, "clubs", Rules(name="h", dulle_moves=True), dealer=3)
    trumps = [card_code(k) for k in g.order.trumps]
    assert trumps[0] == "TC" and "TH" not in trumps
    assert [card_code(k) for k in g.order.plain(2)] == ["AH", "TH", "KH", "9H"]
    assert g.hand_codes(0)[:2] == ["TC", "TC"]
    tsr = solo_game(hands, 0, "clubs", TSR, dealer=3)
    assert next(card_code(k) for k in tsr.order.trumps) == "TH"
    assert [card_code(k) for k in tsr.order.trumps][-4:] == ["AC", "TC", "KC", "9C"]


def test_dulle_moves_not_in_hearts_solo_or_hochzeit() -> None:
    """The moving Dulle changes only Karo, Pik and Kreuz solos."""
    rules = Rules(name="h", dulle_moves=True)
    hands = deal("QC QC")
    g = solo_game(hands, 0, "hearts", rules)
    assert card_code(g.order.trumps[0]) == "TH"
    g = Game.from_hands(hands, dealer=3, rules=rules)
    g.apply(encode(0, RESERVATION))
    for _ in range(3):
        g.apply(encode(g.to_move, HEALTHY))
    g.apply(encode(0, MARRIAGE))
    assert card_code(g.order.trumps[0]) == "TH"
    assert card_code(solo_game(hands, 0, "diamonds", rules).order.trumps[0]) == "TD"


# --------------------------------------------------------------------------- who leads


def test_soloist_always_leads() -> None:
    """House rule: the soloist leads a Lustsolo too (TSR 4.3.1: the dealer's left neighbour)."""
    hands = deal()
    assert solo_game(hands, 2, "queens", TSR, dealer=3).to_move == 0
    assert solo_game(hands, 2, "queens", Rules(name="h", soloist_leads=True), dealer=3).to_move == 2


# --------------------------------------------------------------------------- Hochzeit timing


def _marriage_clarified_in_trick_3(rules: Rules) -> Game:
    # seat 0 has both ♣Q and wins tricks 1 and 2 with its top trumps; trick 3 goes to seat 1
    hands = deal(
        "QC QC TH TH QS QS 9C 9C 9S 9S KH KH",
        "AC AC AS AS AH AH QH QH QD QD JC JC",
    )
    g = Game.from_hands(hands, dealer=3, rules=rules)
    g.apply(encode(0, RESERVATION))
    for _ in range(3):
        g.apply(encode(g.to_move, HEALTHY))
    g.apply(encode(0, MARRIAGE))
    for lead in ("TH", "TH"):
        g.play(lead)
        for _ in range(3):
            g.apply(g.legal_plays()[0])
    g.play("9C")
    g.play("AC")
    for _ in range(2):
        g.apply(g.legal_plays()[0])
    assert g.klaerung == 3 and g.partner not in (-1, 0)
    return g


def test_marriage_shift_off_uses_normal_deadlines() -> None:
    """TSR 6.4.2 shifts Re by 2 when trick 3 clarifies; the house rule keeps 11 cards."""
    g = _marriage_clarified_in_trick_3(TSR)
    assert g.can_apply(encode(0, CALL_RE))  # 9 cards, shifted deadline 9 (TSR 6.4.2)
    h = _marriage_clarified_in_trick_3(Rules(name="h", marriage_shift=False))
    with pytest.raises(IllegalActionError, match="at least 11 cards"):
        h.apply(encode(0, CALL_RE))
    assert h.shift == 0 and g.shift == 2


# --------------------------------------------------------------------------- without nines


NO_NINES = Rules(name="h", nines=False)


def test_without_nines_deals_ten_cards_and_plays_ten_tricks() -> None:
    """House rule: 40 cards, 10 each; the game ends after 10 tricks with 240 Augen."""
    rng = random.Random(4)
    for seed in range(30):
        g = Game.deal(seed, rules=NO_NINES)
        assert all(len(g.hand(s)) == 10 for s in range(4))
        assert not any(card_code(k).startswith("9") for s in range(4) for k in g.hand(s))
        while not g.is_over:
            acts = g.legal_actions()
            g.apply(acts[0] if g.phase < PLAY else rng.choice(g.legal_plays() or acts))
        if g.ended == "played":
            assert len(g.tricks) == 10
        assert g.re_eyes() + g.kontra_eyes() == 240
        assert sum(seat_scores(g)) == 0
        assert replay(to_record(g)).history == g.history
        assert to_record(g)["rules"] == {"name": "h", "nines": False}


def test_without_nines_deadlines_two_cards_lower() -> None:
    """House rule: every call deadline is 2 cards lower (Re with 9 cards, refused with 8)."""
    g = Game.deal(1, rules=NO_NINES)
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    g2 = g.clone()
    kontra = next(s for s in range(4) if not g.is_re[s])
    # play one trick: everybody holds 9 cards, still allowed
    for _ in range(4):
        g.apply(g.legal_plays()[0])
    assert g.can_apply(encode(kontra, CALL_KONTRA))
    for _ in range(4):
        g.apply(g.legal_plays()[0])
    with pytest.raises(IllegalActionError, match="at least 9 cards in hand, you hold 8"):
        g.apply(encode(kontra, CALL_KONTRA))
    assert g2.can_apply(encode(kontra, CALL_KONTRA))


def test_without_nines_hands_checked() -> None:
    """Hands with nines are refused when playing without them."""
    with pytest.raises(ValueError, match="10 cards"):
        Game.from_hands(deal(), rules=NO_NINES)


def test_without_nines_scoring_schwarz_by_ten_tricks() -> None:
    """Without nines a party is schwarz with 0 of 10 tricks; 10 tricks are all."""
    s = GameSummary("normal", re_eyes=240, re_tricks=10, nines=False)
    assert s.tricks("kontra") == 0
    assert any("schwarz" in i.de for i in score(s).items)
    with pytest.raises(ValueError, match="re_tricks"):
        GameSummary("normal", re_eyes=240, re_tricks=11, nines=False)


# --------------------------------------------------------------------------- doubling


@pytest.mark.parametrize(
    ("re_calls", "kontra_calls", "tsr_value", "doubled_value"),
    [(0, 0, 1, 1), (1, 0, 3, 2), (1, 1, 5, 4), (0, 1, 3, 2)],
)
def test_re_kontra_double_instead_of_adding(
    re_calls: int, kontra_calls: int, tsr_value: int, doubled_value: int
) -> None:
    """House rule: Re and Kontra double the value; TSR 7.2.2 (b) adds 2 for each."""
    g = GameSummary("normal", re_eyes=130, re_calls=re_calls, kontra_calls=kontra_calls)
    assert score(g).re_score == tsr_value
    assert score(g, TSR).re_score == tsr_value
    assert score(g, Rules(name="h", re_kontra_double=True)).re_score == doubled_value


def test_doubling_applies_to_sonderpunkte_too() -> None:
    """House rule: the netted value, Sonderpunkte included, is doubled."""
    from doko.engine.scoring import Extras

    g = GameSummary("normal", re_eyes=185, re_calls=1, re_extras=Extras(doppelkopf=1))
    # won 1, unter 90 1, unter 60 1, Doppelkopf 1 = 4, doubled by Re: 8
    assert score(g, Rules(name="h", re_kontra_double=True)).re_score == 8
    assert score(g).re_score == 6


# --------------------------------------------------------------------------- presets


def test_tsr_preset_is_all_defaults() -> None:
    """``tsr`` changes nothing; ``hausregeln`` is a typical home selection."""
    assert preset("tsr") == Rules() and TSR.is_tsr
    assert not HAUSREGELN.is_tsr
    assert HAUSREGELN.bock == BockRules()
    assert Rules.from_json("hausregeln") == HAUSREGELN
    custom = dataclasses.replace(HAUSREGELN, marriage_shift=True)
    assert Rules.from_json(custom.to_json()) == custom
    with pytest.raises(ValueError, match="unknown rule options"):
        Rules.from_json({"name": "tsr", "skatregel": True})
    with pytest.raises(ValueError, match="unknown rules preset") as info:
        preset("skat")
    # a RulesError (issue 14): the German text from the catalogue
    assert isinstance(info.value, RulesError) and info.value.key == "unknown_preset"
    assert info.value.text("de") == (
        "unbekannte Regel-Voreinstellung 'skat'; bekannt: erweitert, hausregeln, tsr")


def test_tsr_records_keep_the_plain_preset_name() -> None:
    """A record under ``tsr`` says ``"rules": "tsr"``; house rules travel with the record."""
    g = Game.deal(3)
    assert to_record(g)["rules"] == "tsr"
    h = Game.deal(3, rules=HAUSREGELN)
    assert to_record(h)["rules"] == "hausregeln"
    assert replay(to_record(h)).rules == HAUSREGELN


def test_house_rule_game_scores_with_its_rules() -> None:
    """A finished game is scored with the rules it was played under."""
    for seed in range(200):
        g = Game.deal(seed, rules=Rules(name="h", re_kontra_double=True))
        for _ in range(4):
            g.apply(encode(g.to_move, HEALTHY))
        if g.contract_name != "normal":
            continue
        g.apply(encode(g.re_seats()[0], CALL_RE))
        while not g.is_over:
            g.apply(g.legal_plays()[0])
        r = game_result(g)
        if r.winner is None:
            continue
        plain = score(summary_of(g))
        assert abs(r.re_score) == 2 * (abs(plain.re_score) - 2)
        return
    raise AssertionError("no game found")
